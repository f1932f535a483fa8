import { expect, type Page } from '@playwright/test';

/** An order list's row checkboxes, its bulk-action bar and dialogs, and its export button (store side). */
export class OrderBulkBar {
  constructor(readonly page: Page) {}

  readonly toolbar = () => this.page.getByRole('toolbar', { name: '批量操作' });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly checkbox = (orderNo: string) => this.page.getByRole('checkbox', { name: `选择订单 ${orderNo}` });
  readonly exportButton = () => this.page.getByRole('button', { name: /^导出/ });

  async select(orderNos: readonly string[]) {
    for (const orderNo of orderNos) await this.checkbox(orderNo).check();
    await expect(this.toolbar()).toContainText(`已选 ${orderNos.length} 单`);
  }

  async act(action: string) {
    await this.toolbar().getByRole('button', { name: action, exact: true }).click();
    await expect(this.dialog()).toBeVisible();
  }

  async confirm(button: string) {
    await this.dialog().getByRole('button', { name: button, exact: true }).click();
    await expect(this.dialog()).toBeHidden();
  }
}
