import { expect, type Page } from '@playwright/test';
import { cellUnder } from '../support/table';

/** /billingDetails/[order_id]: the overdue money at the top, the bills, the late-fee settings. */
export class BillingDetailsPage {
  constructor(readonly page: Page) {}

  readonly heading = (orderNo: string) => this.page.getByRole('heading', { level: 1, name: `订单 ${orderNo} 的账单` });
  readonly overdueMoney = () => this.page.getByRole('region', { name: '逾期欠款', exact: true });
  /** One figure of the overdue money by its label ("逾期账单", "待付违约金" …). */
  readonly figure = (label: string) => this.overdueMoney().locator('dl > div').filter({ has: this.page.getByText(label, { exact: true }) }).locator('dd');
  readonly bills = () => this.page.getByRole('table', { name: '分期账单' });
  readonly dialog = () => this.page.getByRole('dialog');

  /** The cell of a bill row under a column header (in the row's details when the column folded). */
  async cell(row: ReturnType<Page['locator']>, header: string) {
    return cellUnder(this.bills(), row, header);
  }

  async openRates() {
    await this.page.getByRole('button', { name: '违约金设置', exact: true }).click();
    await expect(this.dialog().getByRole('heading', { name: '违约金设置' })).toBeVisible();
  }

  /** The row of one setting in the rates dialog ("逾期前 15 天日费率" …). */
  readonly setting = (label: string) => this.dialog().locator('dl > div').filter({ has: this.page.getByText(label, { exact: true }) });
}
