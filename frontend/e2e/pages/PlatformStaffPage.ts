import { expect, type Page } from '@playwright/test';
import { MerchantStaffPage } from './MerchantStaffPage';

/** Platform side: /staff (the store's screen with the platform's roles). */
export class PlatformStaffPage extends MerchantStaffPage {
  constructor(page: Page) {
    super(page);
  }

  readonly row = (username: string) => this.table().getByRole('row').filter({ has: this.page.getByRole('cell', { name: username, exact: true }) });

  async editRoles(username: string, check: string[], uncheck: string[]) {
    await this.page.getByRole('button', { name: `编辑 ${username}`, exact: true }).click();
    const roles = this.dialog().getByRole('group', { name: '角色' });
    for (const role of check) await roles.getByLabel(role).check();
    for (const role of uncheck) await roles.getByLabel(role).uncheck();
    await this.dialog().getByRole('button', { name: '保存' }).click();
    await expect(this.dialog()).toBeHidden();
  }

  async disable(username: string, reason: string) {
    await this.page.getByRole('button', { name: `停用 ${username}`, exact: true }).click();
    await this.dialog().getByRole('textbox').fill(reason);
    await this.dialog().getByRole('button', { name: '停用', exact: true }).click();
    await expect(this.dialog()).toBeHidden();
  }
}
