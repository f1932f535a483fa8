import { expect, type Page } from '@playwright/test';

/** The platform's force take-down dialog on the admin /productManage. */
export class GoodsForceDownDialog {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: '强制下架' });

  async forceDown(reason: string, text?: string) {
    const dialog = this.dialog();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: reason }).check();
    if (text) await dialog.getByRole('textbox').fill(text);
    await dialog.getByRole('button', { name: '确认下架' }).click();
    await expect(dialog).toBeHidden();
  }
}
