import { ACCOUNTS, HOSTS, PASSWORD, STORAGE } from './support/env';
import { test } from './support/test';
import { LoginPage } from './pages/LoginPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

test('sign in the admin on the platform side', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(HOSTS.admin);
  await login.login(ACCOUNTS.admin.username, PASSWORD);
  await new WorkbenchPage(page).expectSignedIn(ACCOUNTS.admin);
  await page.context().storageState({ path: STORAGE.admin });
});

test('sign in the demo owner on the store side', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto(HOSTS.demo);
  await login.login(ACCOUNTS.demoOwner.username, PASSWORD);
  await new WorkbenchPage(page).expectSignedIn(ACCOUNTS.demoOwner);
  await page.context().storageState({ path: STORAGE.demo });
});
