import { expect, type Locator, type Page } from '@playwright/test';

/** /dataCenter: the period's figures, the charts and the goods rankings. */
export class DataCenterPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: '数据中心', exact: true, level: 1 });
  readonly stat = (id: string) => this.page.locator(`[data-stat="${id}"]`);
  readonly card = (name: string) => this.page.locator(`[data-card="${name}"]`);
  /** A chart once it is drawn (it follows its box, so it draws once the box is laid out). */
  readonly drawnChart = (name: string): Locator => this.page.locator(`[data-chart="${name}"][data-drawn="true"]`);
  readonly dateFrom = () => this.page.getByLabel('开始日期', { exact: true });
  readonly dateTo = () => this.page.getByLabel('结束日期', { exact: true });
  readonly granularity = () => this.page.getByLabel('统计粒度');

  async goto(origin: string, search = '') {
    await this.page.goto(`${origin}/dataCenter${search}`);
    await expect(this.heading()).toBeVisible();
  }
}
