import { expect, type Page } from '@playwright/test';
import { cellUnder } from '../support/table';

/** /productManage on either side: status tabs, filters, goods table. */
export class GoodsListPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '商品管理' });
  /** A status filter pill (a pressed toggle button). */
  readonly tab = (name: RegExp | string) => this.page.getByRole('group', { name: '商品状态' }).getByRole('button', { name });
  readonly table = (name: string) => this.page.getByRole('table', { name });

  async goto(origin: string, query = '') {
    await this.page.goto(`${origin}/productManage${query}`);
    await expect(this.heading()).toBeVisible();
  }

  async search(keyword: string) {
    await this.page.getByRole('searchbox', { name: '关键词' }).fill(keyword);
    await this.page.getByRole('button', { name: '搜索' }).click();
  }

  row(tableName: string, title: string) {
    return this.table(tableName).getByRole('row').filter({ hasText: title });
  }

  /** The cell of a row under the given column header (e.g. 库存). */
  async cell(tableName: string, title: string, column: string) {
    return cellUnder(this.table(tableName), this.row(tableName, title).first(), column);
  }
}
