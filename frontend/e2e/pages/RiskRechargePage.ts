import { expect, type Page } from '@playwright/test';

/** /riskRecharge (store) and /rechargeAudit (platform). */
export class RiskRechargePage {
  constructor(readonly page: Page) {}

  readonly heading = (name = '风控充值') => this.page.getByRole('heading', { name, exact: true, level: 1 });
  readonly figure = (label: string) => this.page.locator('dl dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  readonly table = (name: string) => this.page.getByRole('table', { name });
  readonly rows = (name = '充值记录') => this.table(name).locator('tbody tr');
  readonly row = (rechargeNo: string, table = '充值记录') => this.rows(table).filter({ hasText: rechargeNo });
  readonly tab = (label: string) => this.page.getByRole('group', { name: '充值状态' }).getByRole('button', { name: new RegExp(`^${label}`) });
  readonly dialog = () => this.page.getByRole('dialog');

  async gotoStore(origin: string, search = '') {
    await this.page.goto(`${origin}/riskRecharge${search}`);
    await expect(this.heading()).toBeVisible();
    await expect(this.figure('风控余额')).toHaveText(/¥/);
  }

  async gotoAudit(origin: string, search = '') {
    await this.page.goto(`${origin}/rechargeAudit${search}`);
    await expect(this.heading('充值审核')).toBeVisible();
  }

  async view(name: '余额明细' | '充值记录' | '查询记录') {
    await this.page.getByRole('navigation', { name: '风控明细' }).getByRole('link', { name }).click();
  }
}
