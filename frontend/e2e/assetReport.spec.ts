import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';

/**
 * The asset report and a device's earnings (issue 63, docs/assets.md): the demo's devices by
 * SKU with a chart, grouped again by place through the URL; a device that was leased shows
 * what it collected on its page.
 */
test.describe('asset report', () => {
  test.use({ storageState: STORAGE.demo });

  test('groups the demo devices, keeps the grouping in the URL, and a leased device shows its earnings', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/assetReport`);
    await expect(page.getByRole('heading', { name: '资产报表' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.locator('[data-report-chart]')).toBeVisible();
    await expect(page.locator('[data-stat="collected"]')).toContainText('¥');

    await page.getByLabel('分组').selectOption('sub_shop');
    await expect(page).toHaveURL(/group_by=sub_shop/);
    await expect(page.locator('tbody tr', { hasText: '总仓' })).toBeVisible();

    await page.goto(`${HOSTS.demo}/assets?status=out_with_customer`);
    await page.locator('main a[href^="/assets/"]').first().click();
    await expect(page.locator('[data-unit-earnings]')).toBeVisible();
    await expect(page.locator('[data-unit-collected]')).toContainText('¥');
  });
});
