import { expect, type Locator, type Page } from '@playwright/test';

/** /aging (platform): every merchant's debt by bucket, the chart and the merchants' table. */
export class AgingPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: '账龄分析', exact: true, level: 1 });
  readonly stat = (id: string) => this.page.locator(`[data-stat="${id}"]`);
  readonly drawnChart = (name = 'aging-buckets'): Locator => this.page.locator(`[data-chart="${name}"][data-drawn="true"]`);
  /** The merchant select (its name also holds the chosen option; the keyword box is 商户名称). */
  readonly merchant = () => this.page.getByRole('combobox', { name: /^商户/ });
  readonly table = () => this.page.getByRole('table');
  readonly row = (merchant: string) => this.table().getByRole('row').filter({ hasText: merchant });

  async goto(origin: string, search = '') {
    await this.page.goto(`${origin}/aging${search}`);
    await expect(this.heading()).toBeVisible();
  }
}
