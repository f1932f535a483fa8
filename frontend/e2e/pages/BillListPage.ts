import { expect, type Page } from '@playwright/test';

/** /billList, either side: the totals (store), the type tabs, the filters, the lines and the export. */
export class BillListPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '收支账单' });
  readonly totals = () => this.page.getByTestId('bill-totals');
  readonly figure = (id: string) => this.totals().locator(`[data-stat="${id}"] dd`);
  readonly typeTabs = () => this.page.getByRole('group', { name: '收支类型' });
  readonly typeTab = (name: string) => this.typeTabs().getByRole('button', { name: new RegExp(`^${name}\\s*\\d*$`) });
  readonly stateTabs = () => this.page.getByRole('group', { name: '账单状态' });
  readonly views = () => this.page.getByRole('navigation', { name: '账单类别' });
  readonly lines = () => this.page.getByRole('table', { name: '收支明细' });
  readonly bills = () => this.page.getByRole('table', { name: '客户账单' });
  readonly rows = (table = this.lines()) => table.locator('tbody tr');
  readonly exportButton = () => this.page.getByRole('button', { name: '导出', exact: true });
  readonly exportDialog = () => this.page.getByRole('dialog');

  async goto(origin: string, query = '') {
    await this.page.goto(`${origin}/billList${query}`);
    await expect(this.heading()).toBeVisible();
  }

  /** The count a type tab shows. */
  async count(name: string): Promise<number> {
    const text = await this.typeTab(name).innerText();
    return Number(text.replace(/\D+/g, '') || '0');
  }

  /** Exports the list on screen; answers the exportCreate body and the saved file's name and size. */
  async exportWorkbook(): Promise<{ body: unknown; filename: string; bytes: number }> {
    const created = this.page.waitForRequest((request) => request.url().includes('/api/platform/exportCreate'));
    await this.exportButton().click();
    const body = (await created).postDataJSON();
    const dialog = this.exportDialog();
    await expect(dialog.getByRole('heading', { name: '导出 Excel' })).toBeVisible();
    const link = dialog.getByRole('link', { name: '下载文件' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(/文件已生成，共 [1-9]\d* 行/);
    const [saved] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    const path = await saved.path();
    const { statSync } = await import('node:fs');
    const bytes = path ? statSync(path).size : 0;
    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await expect(dialog).toBeHidden();
    return { body, filename: saved.suggestedFilename(), bytes };
  }
}
