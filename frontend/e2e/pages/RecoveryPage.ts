import { expect, type Page } from '@playwright/test';
import { PASSWORD } from '../support/env';
import { LoginPage } from './LoginPage';
import { WorkbenchPage } from './WorkbenchPage';

/** The recovery workbench (/recovery) and a case's page (/recovery/[id]). */
export class RecoveryPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '催收工作台' });
  readonly table = () => this.page.getByRole('table', { name: '催收案件' });
  readonly rows = () => this.table().getByRole('row');
  /** The first case of the list (row 0 is the header). */
  readonly firstRow = () => this.rows().nth(1);
  readonly caseHeading = (orderNo: string) => this.page.getByRole('heading', { level: 1, name: `催收案件 ${orderNo}` });
  /** A figure of what the case owes: rent_owed, late_fee_owed, charges_owed, total_owed. */
  readonly owed = (id: string) => this.page.locator(`[data-stat="${id}"] dd`);
  readonly promises = () => this.page.locator('[data-promises]');
  readonly contacts = () => this.page.locator('[data-contacts]');

  /** Signs `username` in on `origin` (one role: straight to the workbench). */
  async signIn(origin: string, username: string, name: string) {
    const login = new LoginPage(this.page);
    await login.goto(origin);
    await login.login(username, PASSWORD);
    await new WorkbenchPage(this.page).expectSignedIn({ name });
  }

  async goto(origin: string, query = '') {
    await this.page.goto(`${origin}/recovery${query}`);
    await expect(this.heading()).toBeVisible();
  }

  /** The first row's order number and case id (its link's /recovery/<id>). */
  async firstCase(): Promise<{ orderNo: string; id: number }> {
    const link = this.firstRow().getByRole('link').first();
    await expect(link).toBeVisible();
    const orderNo = (await link.textContent())?.trim() ?? '';
    const href = (await link.getAttribute('href')) ?? '';
    return { orderNo, id: Number(href.split('/').pop()) };
  }
}
