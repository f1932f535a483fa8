import { expect, type Page } from '@playwright/test';

/** /addServeManage on either side: a store's own add-ons, or every merchant's and the add-on types. */
export class GoodsAddonPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '增值服务' });
  /** The store's own list. */
  readonly table = () => this.page.getByRole('table', { name: '增值服务列表' });
  /** The platform's list of every merchant's add-ons. */
  readonly platformTable = () => this.page.getByRole('table', { name: '全平台增值服务列表' });
  readonly typesTable = () => this.page.getByRole('table', { name: '增值服务类型列表' });
  readonly dialog = () => this.page.getByRole('dialog');

  async goto(origin: string, query = '') {
    await this.page.goto(`${origin}/addServeManage${query}`);
    await expect(this.heading()).toBeVisible();
  }

  async create(addon: { name: string; type: string; price: string; description?: string }) {
    await this.page.getByRole('button', { name: '新增增值服务' }).first().click();
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('服务名称').fill(addon.name);
    await dialog.getByLabel('服务类型').selectOption({ label: addon.type });
    await dialog.getByLabel('价格（元）').fill(addon.price);
    if (addon.description) await dialog.getByLabel('服务说明').fill(addon.description);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
  }

  async search(keyword: string) {
    await this.page.getByRole('searchbox', { name: '关键词' }).fill(keyword);
    await this.page.getByRole('button', { name: '搜索' }).click();
    await expect(this.page).toHaveURL(/keyword=/);
  }

  row(name: string) {
    return this.table().getByRole('row').filter({ hasText: name });
  }

  platformRow(name: string) {
    return this.platformTable().getByRole('row').filter({ hasText: name });
  }

  typeRow(code: string) {
    return this.typesTable().getByRole('row').filter({ hasText: code });
  }

  /** The platform disables a merchant's add-on: the reason is required. */
  async disable(name: string, reason: string) {
    await this.platformRow(name).getByRole('button', { name: `停用 ${name}` }).click();
    const dialog = this.dialog();
    await expect(dialog).toContainText(`停用“${name}”`);
    await dialog.getByRole('button', { name: '确认停用' }).click();
    await expect(dialog.getByText('请填写原因')).toBeVisible();
    await dialog.getByLabel('原因').fill(reason);
    await dialog.getByRole('button', { name: '确认停用' }).click();
    await expect(dialog).toBeHidden();
  }

  /** The platform lifts its disabling. */
  async lift(name: string) {
    await this.platformRow(name).getByRole('button', { name: `恢复启用 ${name}` }).click();
    const dialog = this.dialog();
    await expect(dialog).toContainText(`恢复“${name}”`);
    await dialog.getByRole('button', { name: '确认恢复' }).click();
    await expect(dialog).toBeHidden();
  }

  /** The store's enable switch of an add-on. */
  enableSwitch(name: string) {
    return this.row(name).getByRole('switch', { name: `启用 ${name}` });
  }
}
