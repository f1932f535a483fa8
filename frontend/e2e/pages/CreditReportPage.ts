import { expect, type Page } from '@playwright/test';

/** /creditReport (store) and the credit section of /orderInfo/[id]. */
export class CreditReportPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: '征信报送', exact: true, level: 1 });
  readonly files = () => this.page.getByRole('region', { name: '报送文件' }).locator('[data-credit-file]');
  readonly records = () => this.page.getByRole('region', { name: '报送记录' }).locator('[data-credit-record]');
  readonly tab = (label: string) => this.page.getByRole('tab', { name: new RegExp(`^${label}`) });
  readonly tree = (name: string) => this.page.getByRole('tree', { name });
  readonly branch = (tree: string, label: RegExp | string) => this.tree(tree).getByRole('button', { name: label });

  async goto(origin: string, search = '') {
    await this.page.goto(`${origin}/creditReport${search}`);
    await expect(this.heading()).toBeVisible();
  }
}
