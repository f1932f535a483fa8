import { expect, type Page } from '@playwright/test';

/** /addServeManage: add-on services of the store. */
export class GoodsAddonPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '增值服务' });
  readonly table = () => this.page.getByRole('table', { name: '增值服务列表' });
  readonly dialog = () => this.page.getByRole('dialog');

  async goto(origin: string) {
    await this.page.goto(`${origin}/addServeManage`);
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

  row(name: string) {
    return this.table().getByRole('row').filter({ hasText: name });
  }
}
