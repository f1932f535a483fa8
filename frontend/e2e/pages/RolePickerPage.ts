import { expect, type Page } from '@playwright/test';

export class RolePickerPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: '选择角色' });
  readonly roleButton = (role: string) => this.page.getByRole('button', { name: `以“${role}”身份进入` });

  async expectOpen() {
    await expect(this.page).toHaveURL(/\/main\/rolePicker/);
    await expect(this.heading()).toBeVisible();
    await expect(this.page).toHaveTitle(/^登录/);
  }

  async choose(role: string) {
    await this.roleButton(role).click();
  }
}
