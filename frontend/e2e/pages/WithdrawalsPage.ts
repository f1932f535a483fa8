import { expect, type Locator, type Page } from '@playwright/test';
import { cellUnder } from '../support/table';

/** /cashWithdrawal (both sides) and /applyWithdrawal (store). */
export class WithdrawalsPage {
  constructor(readonly page: Page) {}

  readonly heading = (name = '提现管理') => this.page.getByRole('heading', { name, exact: true, level: 1 });
  readonly figure = (label: string) => this.page.locator('dl dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  readonly table = () => this.page.getByRole('table', { name: '提现记录' });
  readonly rows = () => this.table().locator('tbody tr');
  readonly row = (withdrawalNo: string) => this.rows().filter({ hasText: withdrawalNo });
  readonly tab = (label: string) => this.page.getByRole('group', { name: '提现状态' }).getByRole('button', { name: new RegExp(`^${label}`) });
  readonly dialog = () => this.page.getByRole('dialog');

  async gotoList(origin: string, search = '') {
    await this.page.goto(`${origin}/cashWithdrawal${search}`);
    await expect(this.heading()).toBeVisible();
  }

  async gotoApply(origin: string) {
    await this.page.goto(`${origin}/applyWithdrawal`);
    await expect(this.heading('申请提现')).toBeVisible();
  }

  async status(row: Locator): Promise<string> {
    return (await (await cellUnder(this.table(), row, '状态')).innerText()).trim();
  }

  async columnIndex(name: string): Promise<number> {
    const headers = (await this.table().locator('thead th').allInnerTexts()).map((text) => text.trim());
    return headers.indexOf(name);
  }
}

/** "¥1,234.50" → 123450 (integer cents: no float sums of money). */
export const cents = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, '')) * 100);
export const shown = (amount: number) => `¥${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
