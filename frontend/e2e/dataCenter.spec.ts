import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { DataCenterPage } from './pages/DataCenterPage';

// The demo shop's orders are placed across the last 90 days (DEMO_ORDER_ROUNDS); its bills and
// the platform's bills due per day come from the same demo (apps/billing/demo.py).
function range(days: number) {
  const day = (offset: number) => new Date(Date.now() + 8 * 3600_000 - offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(days - 1), to: day(0) };
}

for (const side of [
  { name: 'store', origin: HOSTS.demo, storage: STORAGE.demo },
  { name: 'platform', origin: HOSTS.admin, storage: STORAGE.admin },
] as const) {
  test.describe(`/dataCenter (${side.name})`, () => {
    test.use({ storageState: side.storage });

    test('shows the figures and draws the charts of a chosen range, kept in the URL', async ({ page }) => {
      const { from, to } = range(120);
      const screen = new DataCenterPage(page);
      await screen.goto(side.origin, `?date_from=${from}&date_to=${to}`);
      await expect(screen.dateFrom()).toHaveValue(from);
      await expect(screen.stat('orders')).toContainText(/[1-9]/);
      await expect(screen.stat('deal_value')).toContainText('¥');
      await expect(screen.drawnChart('orders-curve')).toBeVisible();
      await expect(screen.drawnChart('rent-curve')).toBeVisible();
      await expect(screen.card('goods-lease').getByRole('listitem').first()).toBeVisible();

      await screen.granularity().selectOption('month');
      await expect(page).toHaveURL(/granularity=month/);
      await page.reload();
      await expect(screen.granularity()).toHaveValue('month');
      await expect(screen.drawnChart('rent-curve')).toBeVisible();
    });
  });
}

test.describe('/dataCenter on a phone', () => {
  test.use({ storageState: STORAGE.demo, viewport: { width: 390, height: 844 } });

  test('the charts fit the screen', async ({ page }) => {
    const screen = new DataCenterPage(page);
    await screen.goto(HOSTS.demo);
    const chart = screen.drawnChart('orders-curve');
    await expect(chart).toBeVisible();
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
