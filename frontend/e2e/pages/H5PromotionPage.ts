import { expect, type Page } from '@playwright/test';

/** /h5Promotion (store): the share links with their figures and dialogs. */
export class H5PromotionPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: 'H5推广', exact: true, level: 1 });
  readonly rows = () => this.page.getByRole('table', { name: '推广链接列表' }).locator('tbody tr');
  readonly row = (name: string) => this.rows().filter({ hasText: name });
  readonly figure = (name: string, figure: 'visits' | 'orders' | 'deals' | 'deal_value') => this.row(name).locator(`[data-figure="${figure}"]`);
  readonly dialog = () => this.page.getByRole('dialog');

  async goto(origin: string, search = '') {
    await this.page.goto(`${origin}/h5Promotion${search}`);
    await expect(this.heading()).toBeVisible();
  }

  async create(name: string, channel: string) {
    await this.page.getByRole('button', { name: '新建推广链接' }).first().click();
    const dialog = this.dialog();
    await dialog.getByLabel('链接名称').fill(name);
    await dialog.getByLabel('渠道', { exact: true }).selectOption({ label: channel });
    await dialog.getByRole('button', { name: '创建' }).click();
    await expect(this.page.getByText(`已创建推广链接“${name}”`)).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  action(name: string, action: '二维码' | '复制链接' | '订单' | '编辑' | '删除') {
    const labels = { 二维码: `查看“${name}”的二维码和链接`, 复制链接: `复制“${name}”的链接`, 订单: `查看“${name}”的订单`, 编辑: `编辑“${name}”`, 删除: `删除“${name}”` };
    return this.row(name).getByRole('button', { name: labels[action] });
  }
}
