import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';

test.use({ storageState: STORAGE.demo });

test.describe('a record the session may not see', () => {
  test('an order that is not the shop’s says 不存在或无权查看 with the way back, not a network error', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/orderInfo/987654321`);
    await expect(page.getByText('不存在或无权查看')).toBeVisible();
    await expect(page.getByText('订单详情加载失败')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '重试' })).toHaveCount(0);
    await page.getByRole('link', { name: '返回订单列表' }).click();
    await expect(page).toHaveURL(/\/regularOrder$/);
  });

  test('a sub-shop that is not the shop’s says the same on its detail', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/subMerchantDetails?id=987654321`);
    await expect(page.getByText('不存在或无权查看')).toBeVisible();
    await expect(page.getByRole('link', { name: '返回子商户列表' })).toBeVisible();
  });
});
