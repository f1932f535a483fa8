import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.use({ storageState: STORAGE.demo });

test('the language switch changes the UI and the choice persists', async ({ page }) => {
  const workbench = new WorkbenchPage(page);
  await workbench.goto(HOSTS.demo);
  await workbench.expectSignedIn(ACCOUNTS.demoOwner);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await workbench.languageSwitch('语言').selectOption('en');
  await expect(workbench.heading('Workbench')).toBeVisible();
  await expect(workbench.profile('Account')).toContainText(ACCOUNTS.demoOwner.name);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(workbench.heading('Workbench')).toBeVisible();
  await expect(workbench.languageSwitch('Language')).toHaveValue('en');
  await page.screenshot({ path: 'e2e/screenshots/language-english-workbench.png', fullPage: true });

  await workbench.languageSwitch('Language').selectOption('zh-CN');
  await expect(workbench.heading('工作台')).toBeVisible();
});
