import { expect, type Page } from '@playwright/test';
import { cellUnder } from '../support/table';

/** An order list (/regularOrder … /afterSaleOrder and the /s_ lists), either side. */
export class OrderListPage {
  constructor(readonly page: Page) {}

  readonly heading = (name: string) => this.page.getByRole('heading', { level: 1, name });
  readonly table = () => this.page.getByRole('table', { name: '订单列表' });
  readonly rows = () => this.table().locator('tbody tr');
  readonly row = (orderNo: string) => this.rows().filter({ hasText: orderNo });
  /** An order's cell under a column (from the row's details when the list folded that column). */
  readonly cell = (orderNo: string, header: string) => cellUnder(this.table(), this.row(orderNo), header);
  readonly stageTabs = () => this.page.getByRole('navigation', { name: '订单阶段' });

  async goto(origin: string, path: string, heading: string) {
    await this.page.goto(`${origin}${path}`);
    await expect(this.heading(heading)).toBeVisible();
  }

  async filterStatus(status: string) {
    await this.page.getByRole('group', { name: '按状态筛选' }).getByRole('button', { name: status }).click();
    await expect(this.table()).toBeVisible();
  }

  async searchOrderNo(orderNo: string) {
    await this.page.getByRole('combobox', { name: '搜索项' }).selectOption({ label: '订单号' });
    await this.page.getByRole('searchbox', { name: '关键词' }).fill(orderNo);
    await this.page.getByRole('search').getByRole('button', { name: '搜索' }).click();
    await expect(this.page).toHaveURL(new RegExp(`keyword=${orderNo}`));
  }

  /** Opens the first row's order and answers its number. */
  async openFirst(): Promise<string> {
    const link = this.rows().first().getByRole('link', { name: /^查看订单 / });
    const label = (await link.getAttribute('aria-label')) ?? '';
    const orderNo = label.replace('查看订单 ', '');
    await link.click();
    await expect(this.page.getByRole('heading', { level: 1, name: `订单 ${orderNo}` })).toBeVisible();
    return orderNo;
  }
}
