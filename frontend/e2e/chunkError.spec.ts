import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.use({ storageState: STORAGE.demo });

// The workbench page's own chunk (src/app/(security)/page.tsx).
const WORKBENCH_CHUNK = /\/_next\/static\/chunks\/app\/\(security\)\/page-\w+\.js/;

test('a page chunk that fails on navigation shows a message with a reload button', async ({ page }) => {
  await page.route(WORKBENCH_CHUNK, (route) => route.abort('failed'));
  await page.goto(`${HOSTS.demo}/e2e/forbidden`);
  await page.getByRole('link', { name: '返回工作台' }).click();
  const message = page.getByRole('alert').filter({ hasText: '页面加载失败' });
  await expect(message).toBeVisible();
  await page.unroute(WORKBENCH_CHUNK);
  await message.getByRole('button', { name: '重新加载' }).click();
  await expect(new WorkbenchPage(page).heading()).toBeVisible();
});

test('a page chunk that fails on the first load shows the message instead of a frozen page', async ({ page }) => {
  await page.route(WORKBENCH_CHUNK, (route) => route.abort('failed'));
  await page.goto(`${HOSTS.demo}/`);
  const message = page.getByRole('alert').filter({ hasText: '页面加载失败' });
  await expect(message).toBeVisible();
  await page.unroute(WORKBENCH_CHUNK);
  await message.getByRole('button', { name: '重新加载' }).click();
  await expect(new WorkbenchPage(page).heading()).toBeVisible();
});
