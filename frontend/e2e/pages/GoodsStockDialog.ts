import { expect, type Page } from '@playwright/test';

/** The stock dialog (from the goods list's 库存 action or the editor's 调整库存 link). */
export class GoodsStockDialog {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: /^调整库存/ });
  readonly table = () => this.dialog().getByRole('table', { name: 'SKU 库存' });
  readonly row = (sku: string) => this.table().getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${sku}`) }) });
  readonly current = (sku: string) => this.dialog().getByRole('cell', { name: `当前库存（${sku}）` });

  async expectLoaded() {
    await expect(this.table()).toBeVisible();
  }

  /** A SKU tracked by unit offers no add or set: its row has no adjustment select. */
  readonly mode = (sku: string) => this.dialog().getByLabel(`调整方式（${sku}）`);

  /** Adds (or with a negative quantity removes) stock of one SKU. */
  async change(sku: string, quantity: string, mode: '增减' | '设为' = '增减') {
    await this.mode(sku).selectOption({ label: mode });
    await this.dialog().getByLabel(`数量（${sku}）`).fill(quantity);
    await this.dialog().getByRole('button', { name: `确定调整 ${sku}` }).click();
  }

  async close() {
    await this.dialog().getByRole('button', { name: '关闭' }).last().click();
    await expect(this.dialog()).toBeHidden();
  }
}
