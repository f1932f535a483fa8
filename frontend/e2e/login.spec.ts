import { ACCOUNTS, HOSTS, PASSWORD, TOKEN_KEYS } from './support/env';
import { expect, test } from './support/test';
import { LoginPage } from './pages/LoginPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.describe('login', () => {
  test('the platform admin signs in on the admin host', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(HOSTS.admin);
    await login.login(ACCOUNTS.admin.username, PASSWORD);
    const workbench = new WorkbenchPage(page);
    await workbench.expectSignedIn(ACCOUNTS.admin);
    await expect(workbench.profile()).toContainText('平台端');
    await expect(workbench.sideMenu().getByRole('link', { name: '工作台' })).toBeVisible();
  });

  test('the demo owner signs in on the demo host and sees the merchant', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(HOSTS.demo);
    // The sign-in page names the shop it signs in to.
    await expect(page.getByRole('banner')).toContainText(ACCOUNTS.demoOwner.merchant);
    await login.login(ACCOUNTS.demoOwner.username, PASSWORD);
    const workbench = new WorkbenchPage(page);
    await workbench.expectSignedIn(ACCOUNTS.demoOwner);
    await expect(workbench.profile()).toContainText('商户端');
    await expect(workbench.profile()).toContainText(ACCOUNTS.demoOwner.merchant);
  });

  test('the acme owner signs in on the acme host, and logging out ends the session', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(HOSTS.acme);
    await login.login(ACCOUNTS.acmeOwner.username, PASSWORD);
    const workbench = new WorkbenchPage(page);
    await workbench.expectSignedIn(ACCOUNTS.acmeOwner);
    await workbench.logout(ACCOUNTS.acmeOwner.name);
    await login.expectOnLogin();
    await page.goto(`${HOSTS.acme}/`);
    await login.expectOnLogin();
  });

  test('signed out, a page is answered by the sign-in form itself: no loading page painted first', async ({ browser }) => {
    // Without JavaScript the page is exactly what the server sent before any script ran: the
    // redirect to sign-in (with the target) and the form are the server's, not the app's.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${HOSTS.demo}/regularOrder?status=wait_audit`);
      await expect(page).toHaveURL(`${HOSTS.demo}/main/login?target=${encodeURIComponent('/regularOrder?status=wait_audit')}`);
      const login = new LoginPage(page);
      await expect(login.heading()).toBeVisible();
      await expect(login.username()).toBeVisible();
      await expect(login.password()).toBeVisible();
      await expect(login.submit()).toBeVisible();
      await expect(page.getByText('加载中')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('wrong credentials show the server message in a 请求错误 notice', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(HOSTS.demo);
    await login.login('nobody-e2e', 'wrong-password');
    const notice = page.getByRole('alert').filter({ hasText: '请求错误' });
    await expect(notice).toBeVisible();
    await expect(notice).not.toHaveText('请求错误'); // carries the server's msg too
    await expect(login.heading()).toBeVisible();
  });

  test('an empty form is checked before it is sent', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(HOSTS.demo);
    await login.submit().click();
    await expect(page.getByText('请输入用户名')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
  });

  test('remember me keeps the token for a year', async ({ page, context }) => {
    const login = new LoginPage(page);
    await login.goto(HOSTS.demo);
    await login.login(ACCOUNTS.demoOwner.username, PASSWORD, { remember: true });
    await new WorkbenchPage(page).expectSignedIn(ACCOUNTS.demoOwner);
    const cookie = (await context.cookies(HOSTS.demo)).find((c) => c.name === TOKEN_KEYS.store);
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEYS.store)).toBeTruthy();
  });

  test('the privacy policy and the forgot-password dialog open from the login page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto(HOSTS.demo);
    await page.getByRole('button', { name: '隐私政策' }).click();
    const privacy = page.getByRole('dialog');
    await expect(privacy).toBeVisible();
    await expect(privacy.getByText(/版本/)).toBeVisible();
    await privacy.getByRole('button', { name: '关闭' }).first().click();
    await expect(privacy).toBeHidden();

    await page.getByRole('button', { name: '忘记密码？' }).click();
    const reset = page.getByRole('dialog', { name: '找回密码' });
    await expect(reset).toBeVisible();
    await reset.getByRole('button', { name: '获取验证码' }).click();
    await expect(reset.getByText('请输入用户名')).toBeVisible();
    await expect(reset.getByText('请输入 11 位手机号')).toBeVisible();
    await reset.getByLabel('新密码', { exact: true }).fill('short');
    await reset.getByRole('button', { name: '重置密码' }).click();
    await expect(reset.getByText('密码至少 8 位')).toBeVisible();
  });
});
