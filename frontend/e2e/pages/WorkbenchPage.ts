import { expect, type Page } from '@playwright/test';

/** The workbench inside the security layout (side menu, header, account menu). */
export class WorkbenchPage {
  constructor(readonly page: Page) {}

  readonly heading = (name = '工作台') => this.page.getByRole('heading', { level: 1, name });
  readonly profile = (name = '账户信息') => this.page.getByRole('region', { name });
  readonly shortcuts = (name = '常用功能') => this.page.getByRole('region', { name });
  readonly sideMenu = (name = '主菜单') => this.page.getByRole('navigation', { name });
  readonly accountMenu = (userName: string) => this.page.getByRole('button', { name: new RegExp(userName) });
  readonly languageSwitch = (label = '语言') => this.page.getByRole('combobox', { name: label });

  async goto(origin: string, path = '/') {
    await this.page.goto(`${origin}${path}`);
  }

  async expectSignedIn(user: { name: string; role?: string }) {
    await expect(this.heading()).toBeVisible();
    await expect(this.profile()).toContainText(user.name);
    if (user.role) await expect(this.profile()).toContainText(user.role);
  }

  async switchRole(userName: string, role: string) {
    await this.accountMenu(userName).click();
    await this.page.getByRole('menuitem', { name: role }).click();
  }

  async logout(userName: string) {
    await this.accountMenu(userName).click();
    await this.page.getByRole('menuitem', { name: '退出登录' }).click();
  }
}
