import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: '登录', exact: true });
  readonly username = () => this.page.getByLabel('用户名', { exact: true });
  readonly password = () => this.page.getByLabel('密码', { exact: true });
  readonly remember = () => this.page.getByLabel('记住我');
  readonly submit = () => this.page.getByRole('button', { name: '登录', exact: true });

  async goto(origin: string, target?: string) {
    const query = target ? `?target=${encodeURIComponent(target)}` : '';
    await this.page.goto(`${origin}/main/login${query}`);
    await expect(this.heading()).toBeVisible();
  }

  async login(username: string, password: string, options: { remember?: boolean } = {}) {
    await this.username().fill(username);
    await this.password().fill(password);
    if (options.remember) await this.remember().check();
    await this.submit().click();
  }

  async expectOnLogin(target?: string) {
    await expect(this.page).toHaveURL((url) => url.pathname === '/main/login' && (target === undefined || url.searchParams.get('target') === target));
    await expect(this.heading()).toBeVisible();
  }
}
