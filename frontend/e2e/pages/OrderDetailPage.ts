import { expect, type Page } from '@playwright/test';

/** /orderInfo/[id]: the order's facts, its action bar and dialogs, its timeline. */
export class OrderDetailPage {
  constructor(readonly page: Page) {}

  readonly heading = (orderNo: string) => this.page.getByRole('heading', { level: 1, name: `订单 ${orderNo}` });
  readonly actions = () => this.page.getByRole('region', { name: '订单操作' });
  readonly section = (name: string) => this.page.getByRole('region', { name, exact: true });
  readonly timeline = () => this.section('订单动态');
  readonly dialog = () => this.page.getByRole('dialog');
  /** The status badge under the title. */
  readonly headerStatus = () => this.page.locator('h1').locator('xpath=following-sibling::div[1]');

  async act(button: string) {
    await this.actions().getByRole('button', { name: button, exact: true }).click();
    await expect(this.dialog()).toBeVisible();
  }

  async confirm(button: string) {
    await this.dialog().getByRole('button', { name: button, exact: true }).click();
    await expect(this.dialog()).toBeHidden();
  }

  async expectStatus(status: string) {
    await expect(this.headerStatus()).toContainText(status);
  }
}
