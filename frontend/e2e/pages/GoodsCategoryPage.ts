import { expect, type Page } from '@playwright/test';

/** /productCategory (platform side): the category tree. */
export class GoodsCategoryPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '商品分类' });
  readonly table = () => this.page.getByRole('table', { name: '商品分类' });
  readonly dialog = () => this.page.getByRole('dialog');

  async goto(origin: string) {
    await this.page.goto(`${origin}/productCategory`);
    await expect(this.heading()).toBeVisible();
    await expect(this.table()).toBeVisible();
  }

  row(name: string) {
    return this.table().getByRole('row', { name: new RegExp(`^${name}\\b`) });
  }

  async createChild(parent: string, child: { name: string; icon?: string; sort?: string }) {
    await this.page.getByRole('button', { name: `为 ${parent} 添加子分类` }).click();
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('分类名称').fill(child.name);
    if (child.icon) {
      await dialog.getByLabel('上传图标').setInputFiles(child.icon);
      await expect(dialog.getByRole('img', { name: '图标预览' })).toBeVisible();
    }
    if (child.sort) await dialog.getByLabel('排序').fill(child.sort);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
  }
}
