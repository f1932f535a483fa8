import { expect, type Page } from '@playwright/test';

/** Admin side: /merchantDetail?id= with its status actions. */
export class MerchantDetailPage {
  constructor(readonly page: Page) {}

  readonly heading = (name: string) => this.page.getByRole('heading', { level: 1, name });
  readonly action = (name: string) => this.page.getByRole('button', { name, exact: true });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly statusHistory = () => this.page.getByRole('region', { name: '状态记录' });
  readonly profile = () => this.page.getByRole('region', { name: '商户资料' });
  readonly audit = () => this.page.getByRole('region', { name: '操作记录' });

  async expectStatus(label: string) {
    await expect(this.profile().getByText(label, { exact: true })).toBeVisible();
  }

  async changeStatus(button: string, confirm: string, reason?: string) {
    await this.action(button).click();
    await expect(this.dialog()).toBeVisible();
    if (reason !== undefined) await this.dialog().getByRole('textbox').fill(reason);
    await this.dialog().getByRole('button', { name: confirm }).click();
    await expect(this.dialog()).toBeHidden();
  }
}
