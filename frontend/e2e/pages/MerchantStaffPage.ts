import { expect, type Page } from '@playwright/test';

/** /staff on the store side (and, through PlatformStaffPage, the platform side). */
export class MerchantStaffPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: '员工管理' });
  readonly table = () => this.page.getByRole('table', { name: '员工列表' });
  readonly dialog = () => this.page.getByRole('dialog');

  async goto(origin: string) {
    await this.page.goto(`${origin}/staff`);
    await expect(this.heading()).toBeVisible();
  }

  async create(input: { username: string; password: string; name: string; roles: string[] }) {
    await this.page.getByRole('button', { name: '新建员工' }).first().click();
    const dialog = this.dialog();
    await dialog.getByLabel('用户名').fill(input.username);
    await dialog.getByLabel('初始密码').fill(input.password);
    await dialog.getByLabel('姓名').fill(input.name);
    for (const role of input.roles) await dialog.getByRole('group', { name: '角色' }).getByLabel(role).check();
    await dialog.getByRole('button', { name: '创建' }).click();
    await expect(dialog).toBeHidden();
  }

  async filterRole(label: string) {
    await this.page.getByRole('combobox', { name: '角色' }).selectOption({ label });
  }
}
