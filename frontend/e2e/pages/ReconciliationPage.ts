import { expect, type Locator, type Page } from '@playwright/test';

/** /reconciliation (platform finance): runs, a run's differences, resolving one. */
export class ReconciliationPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: '渠道对账', exact: true, level: 1 });
  readonly table = () => this.page.getByRole('table', { name: '对账记录' });
  readonly rows = () => this.table().locator('tbody tr');
  readonly tab = (label: string) => this.page.getByRole('group', { name: '对账状态' }).getByRole('button', { name: new RegExp(`^${label}`) });
  /** The dialog on top (a difference's action opens over the run's). */
  readonly dialog = () => this.page.getByRole('dialog').last();
  readonly runDialog = () => this.page.getByRole('dialog').first();
  readonly mismatch = (outNo: string) => this.runDialog().getByRole('listitem', { name: new RegExp(`${outNo}$`) });

  async goto(origin: string, search = '') {
    await this.page.goto(`${origin}/reconciliation${search}`);
    await expect(this.heading()).toBeVisible();
  }

  /** Opens the differences of a run by its merchant and day (as the list shows it). */
  async open(merchant: string, day: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `查看 ${merchant} ${day} 的差异` }).first().click();
    await expect(this.runDialog()).toBeVisible();
    return this.runDialog();
  }

  async resolve(outNo: string, resolution: string, note: string) {
    await this.mismatch(outNo).getByRole('button', { name: '处理' }).click();
    await this.dialog().getByRole('radio', { name: resolution }).check();
    await this.dialog().getByLabel('处理说明').fill(note);
    await this.dialog().getByRole('button', { name: '确认处理' }).click();
  }
}
