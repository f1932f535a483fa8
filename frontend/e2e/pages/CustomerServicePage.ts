import { expect, type Page } from '@playwright/test';

/** /baseSet (customer-service settings), /customers (added) and the send-message dialog on an order. */
export class CustomerServicePage {
  constructor(readonly page: Page) {}

  readonly heading = (name: string) => this.page.getByRole('heading', { name, exact: true, level: 1 });
  readonly section = (name: string) => this.page.getByRole('region', { name });
  readonly dialog = () => this.page.getByRole('dialog').last();
  readonly rows = () => this.page.getByRole('table', { name: '客户列表' }).locator('tbody tr');
  readonly notice = (n: number) => this.page.getByRole('listitem', { name: `公告 ${n}` });

  async gotoSettings(origin: string) {
    await this.page.goto(`${origin}/baseSet`);
    await expect(this.heading('客服配置')).toBeVisible();
  }

  async gotoCustomers(origin: string, search = '') {
    await this.page.goto(`${origin}/customers${search}`);
    await expect(this.heading('客户列表')).toBeVisible();
  }

  async save() {
    await this.page.getByRole('button', { name: '保存' }).first().click();
  }
}
