import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { H5PromotionPage } from './pages/H5PromotionPage';
import { LoginPage } from './pages/LoginPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.describe('routing', () => {
  test.use({ storageState: STORAGE.demo });

  test('an unknown path shows the 404 page', async ({ page }) => {
    const response = await page.goto(`${HOSTS.demo}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(new WorkbenchPage(page).heading()).toBeVisible();
  });

  test('routes are case-insensitive', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/MAIN/LOGIN`);
    await expect(page).toHaveURL(`${HOSTS.demo}/main/login`);
    await expect(new LoginPage(page).heading()).toBeVisible();

    await page.goto(`${HOSTS.demo}/Main/RolePicker?target=%2F`);
    await expect(page).toHaveURL(`${HOSTS.demo}/main/rolePicker?target=%2F`);

    // A screen of the contract in other casing: canonical casing, then the screen itself.
    await page.goto(`${HOSTS.demo}/h5promotion`);
    await expect(page).toHaveURL(`${HOSTS.demo}/h5Promotion`);
    await expect(new H5PromotionPage(page).heading()).toBeVisible();
  });

  test('a route whose action the role lacks shows the forbidden page', async ({ page }) => {
    // /e2e/forbidden is a registry route requiring an action no role is granted.
    await page.goto(`${HOSTS.demo}/E2E/Forbidden`);
    await expect(page).toHaveURL(`${HOSTS.demo}/e2e/forbidden`);
    await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
    await expect(new WorkbenchPage(page).sideMenu()).toBeVisible();
    await expect(page.getByText('测试：受限页面')).toHaveCount(0);
  });
});
