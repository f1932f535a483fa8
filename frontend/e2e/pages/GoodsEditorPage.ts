import { expect, type Page } from '@playwright/test';

/** /product: the goods editor (store side). */
export class GoodsEditorPage {
  constructor(readonly page: Page) {}

  readonly heading = (name = '发布商品') => this.page.getByRole('heading', { level: 1, name });
  readonly forceDownBanner = () => this.page.getByRole('alert').filter({ hasText: '该商品已被平台强制下架' });

  async gotoNew(origin: string) {
    await this.page.goto(`${origin}/product`);
    await expect(this.heading()).toBeVisible();
    await expect(this.page.getByLabel('商品名称')).toBeVisible();
  }

  /**
   * The description's editor, scrolled to as a user does: it loads when it comes near the
   * screen (the end of a long form), not with the form's first paint. After a reload the form
   * is painted again once the goods arrive, which may replace the section scrolled to: the
   * scroll is tried again until the editor shows (CI once met the section detached).
   */
  async description() {
    const editor = this.page.getByRole('textbox', { name: '描述', exact: true });
    await expect(async () => {
      await this.page.locator('#goods-description').scrollIntoViewIfNeeded({ timeout: 2_000 });
      await expect(editor).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    return editor;
  }

  async fillBasics(goods: { title: string; category: string; brand: string }) {
    await this.page.getByLabel('商品名称').fill(goods.title);
    await this.page.getByLabel('商品分类').selectOption({ label: goods.category });
    await this.page.getByLabel('品牌').fill(goods.brand);
  }

  async uploadPicture(file: string) {
    await this.page.getByLabel('上传图片').setInputFiles(file);
    await expect(this.page.getByRole('img', { name: '商品图片 1' })).toBeVisible();
  }

  /**
   * One spec and its values, then its SKUs generated. The generation is asked again until the
   * SKU table shows, as a user clicks again: CI once met a click on 生成 SKU, landed and
   * focused, with no SKU after it (a full CI run and a 10,000-merchant build on two cores).
   */
  async defineSpec(name: string, values: string) {
    await this.page.getByLabel('规格名 1').fill(name);
    await this.page.getByLabel('规格值 1').fill(values);
    await expect(async () => {
      await this.page.getByRole('button', { name: '生成 SKU' }).click();
      await expect(this.page.getByText('还没有 SKU')).toBeHidden({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }

  async fillSku(sku: string, values: { code: string; stock: string }) {
    await this.page.getByLabel(`SKU 编码（${sku}）`).fill(values.code);
    await this.page.getByLabel(`初始库存（${sku}）`).fill(values.stock);
  }

  rentPlan(index: number) {
    return this.page.getByRole('group', { name: `租赁方案 ${index}` });
  }

  async fillRentPlan(index: number, plan: { sku: string; term: string; rent: string; deposit: string; buyout: string }) {
    const group = this.rentPlan(index);
    await group.getByLabel('SKU', { exact: true }).selectOption({ label: plan.sku });
    await group.getByLabel('租期', { exact: true }).selectOption({ label: plan.term });
    await group.getByLabel('每期租金', { exact: true }).fill(plan.rent);
    await group.getByLabel('押金', { exact: true }).fill(plan.deposit);
    await group.getByLabel('买断价', { exact: true }).fill(plan.buyout);
  }

  async addPackage(pkg: { name: string; addon: string }) {
    await this.page.getByRole('button', { name: '添加套餐' }).click();
    const group = this.page.getByRole('group', { name: '套餐 1' });
    await group.getByLabel('套餐名称').fill(pkg.name);
    await group.getByRole('checkbox', { name: new RegExp(pkg.addon) }).check();
  }

  async gotoEdit(origin: string, id: number) {
    await this.page.goto(`${origin}/product?id=${id}`);
    await expect(this.heading('编辑商品')).toBeVisible();
    await expect(this.page.getByLabel('商品名称')).not.toHaveValue('');
  }

  readonly subShops = () => this.page.getByRole('group', { name: '可售子商户' });
  readonly channels = () => this.page.getByRole('group', { name: '投放渠道' });

  async saveDraft() {
    await this.page.getByRole('button', { name: '保存草稿' }).click();
  }

  async saveAndPutOnShelf() {
    await this.page.getByRole('button', { name: '保存并上架' }).click();
  }
}
