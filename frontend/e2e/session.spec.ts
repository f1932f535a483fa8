import { ACCOUNTS, HOSTS, PASSWORD, ROLE_KEYS, STORAGE, TOKEN_KEYS } from './support/env';
import { expect, test } from './support/test';
import { LoginPage } from './pages/LoginPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.describe('sessions', () => {
  test.use({ storageState: STORAGE.demo });

  test('a store token never opens the admin side', async ({ page, context }) => {
    const storeToken = (await context.cookies(HOSTS.demo)).find((cookie) => cookie.name === TOKEN_KEYS.store)?.value;
    expect(storeToken).toBeTruthy();
    const login = new LoginPage(page);

    // Under the store key on the admin origin: the admin side has no token of its own.
    await login.goto(HOSTS.admin);
    await page.evaluate(([key, token]) => {
      sessionStorage.setItem(key, decodeURIComponent(token));
      document.cookie = `${key}=${token}; path=/`;
    }, [TOKEN_KEYS.store, storeToken!] as const);
    await page.goto(`${HOSTS.admin}/`);
    await login.expectOnLogin();

    // Under the admin key: the server refuses a store token on the admin host (109).
    await page.evaluate(([key, token]) => {
      sessionStorage.setItem(key, decodeURIComponent(token));
      document.cookie = `${key}=${token}; path=/`;
    }, [TOKEN_KEYS.admin, storeToken!] as const);
    await page.goto(`${HOSTS.admin}/`);
    await login.expectOnLogin();
    await expect(page.getByRole('alert').filter({ hasText: '请求错误' })).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEYS.admin)).toBeNull();
  });

  test('an expired session goes to login with the target, and comes back after login', async ({ page }) => {
    const workbench = new WorkbenchPage(page);
    await workbench.goto(HOSTS.demo, '/?tab=shortcuts');
    await workbench.expectSignedIn(ACCOUNTS.demoOwner);

    await page.evaluate(([tokenKey, roleKey]) => {
      sessionStorage.setItem(tokenKey, 'corrupt');
      if (localStorage.getItem(tokenKey)) localStorage.setItem(tokenKey, 'corrupt');
      document.cookie = `${tokenKey}=corrupt; path=/`;
      document.cookie = `${roleKey}=; path=/; max-age=0`;
    }, [TOKEN_KEYS.store, ROLE_KEYS.store] as const);
    await page.reload();

    const login = new LoginPage(page);
    await login.expectOnLogin('/?tab=shortcuts');
    await expect(page.getByRole('alert').filter({ hasText: '请求错误' })).toBeVisible();
    await login.login(ACCOUNTS.demoOwner.username, PASSWORD);
    await expect(page).toHaveURL(`${HOSTS.demo}/?tab=shortcuts`);
    await workbench.expectSignedIn(ACCOUNTS.demoOwner);
  });
});

test.describe('without a session', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the security layout sends the user to login with the target', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/?from=bookmark`);
    await new LoginPage(page).expectOnLogin('/?from=bookmark');
  });
});
