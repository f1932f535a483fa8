import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { BillListPage } from './pages/BillListPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

// The demo shop's ledger (apps/orders/demo.py, through the services): paid bills booked rent
// received and the platform's commission on it; the export is written by a Celery task, so the
// backend under test runs a worker.
const DEMO_NAME = '演示租赁商城';
const MONEY = /^[+-]?¥[\d,]+\.\d{2}$/;

test.describe.serial('/billList: income and expense lines', () => {
  test.describe('store owner', () => {
    test.use({ storageState: STORAGE.demo });

    test('sees the demo shop’s lines under its totals, filters by type, exports the workbook', async ({ page }) => {
      const screen = new BillListPage(page);
      await page.goto(`${HOSTS.demo}/`);
      await new WorkbenchPage(page).sideMenu().getByRole('link', { name: '收支账单' }).click();
      await expect(screen.heading()).toBeVisible();
      await expect(page).toHaveURL(`${HOSTS.demo}/billList`);

      await expect(screen.figure('withdrawable')).toHaveText(MONEY);
      await expect(screen.figure('received')).not.toHaveText('¥0.00');
      await expect(screen.figure('commission')).not.toHaveText('¥0.00');
      await expect(screen.rows().first()).toBeVisible();
      const rents = await screen.count('租金收款');
      const commissions = await screen.count('平台佣金');
      expect(rents).toBeGreaterThan(0);
      expect(commissions).toBeGreaterThan(0);

      // Money in reads +¥ (green), money out -¥ (red).
      await screen.typeTab('租金收款').click();
      await expect(page).toHaveURL(/[?&]type=payment/);
      await expect(screen.rows()).toHaveCount(Math.min(rents, 20));
      await expect(screen.rows().filter({ hasNotText: '租金收款' })).toHaveCount(0);
      const rentAmount = screen.rows().first().locator('[data-direction]');
      await expect(rentAmount).toHaveText(/^\+¥/);
      await expect(rentAmount).toHaveAttribute('data-direction', 'in');

      await screen.typeTab('平台佣金').click();
      await expect(page).toHaveURL(/[?&]type=commission/);
      await expect(screen.typeTab('平台佣金')).toHaveAttribute('aria-pressed', 'true');
      await expect(screen.rows()).toHaveCount(Math.min(commissions, 20));
      await expect(screen.rows().filter({ hasNotText: '平台佣金' })).toHaveCount(0);
      await expect(screen.rows().first().locator('[data-direction]')).toHaveAttribute('data-direction', 'out');
      // A line of an order opens it.
      const orderLink = screen.rows().first().getByRole('link', { name: /^查看第 \d+ 号订单$/ });
      await expect(orderLink).toHaveAttribute('href', /^\/orderInfo\/\d+$/);

      const exported = await screen.exportWorkbook();
      expect(exported.body).toEqual({ kind: 'bill_lines', filters: { type: 'commission' } });
      expect(exported.filename).toMatch(/^收支明细_.*\.xlsx$/);
      expect(exported.bytes).toBeGreaterThan(0);

      // The URL holds the filter: opened again, the same list.
      await page.reload();
      await expect(screen.typeTab('平台佣金')).toHaveAttribute('aria-pressed', 'true');
      await expect(screen.rows()).toHaveCount(Math.min(commissions, 20));
      await screen.typeTab('全部').click();
      await expect(page).toHaveURL(`${HOSTS.demo}/billList`);
    });

    test('reads the customers’ bills by state and exports them', async ({ page }) => {
      const screen = new BillListPage(page);
      await screen.goto(HOSTS.demo);
      await screen.views().getByRole('link', { name: '客户账单' }).click();
      await expect(page).toHaveURL(/[?&]view=bills/);
      await expect(screen.rows(screen.bills()).first()).toBeVisible();
      await screen.stateTabs().getByRole('button', { name: '已支付' }).click();
      await expect(page).toHaveURL(/view=bills&state=paid/);
      await expect(screen.rows(screen.bills()).first()).toBeVisible();
      await expect(screen.rows(screen.bills()).filter({ hasNotText: '已支付' })).toHaveCount(0);
      const exported = await screen.exportWorkbook();
      expect(exported.body).toEqual({ kind: 'finance_bills', filters: { state: 'paid' } });
      expect(exported.filename).toMatch(/\.xlsx$/);
    });

    test('fits a phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const screen = new BillListPage(page);
      await screen.goto(HOSTS.demo);
      await expect(screen.rows().first()).toBeVisible();
      await expect(screen.figure('withdrawable')).toBeVisible();
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
    });
  });

  test.describe('platform admin', () => {
    test.use({ storageState: STORAGE.admin });

    test('reads every merchant’s lines, filters by merchant demo and exports them', async ({ page }) => {
      const screen = new BillListPage(page);
      await screen.goto(HOSTS.admin);
      await expect(screen.totals()).toHaveCount(0); // the shop's balances are not the platform's
      await expect(screen.rows().first()).toBeVisible();
      expect(await screen.count('佣金收入')).toBeGreaterThan(0);

      await page.getByRole('combobox', { name: '商户' }).selectOption({ label: DEMO_NAME });
      await expect(page).toHaveURL(/[?&]merchant_id=\d+/);
      const merchantId = Number(new URL(page.url()).searchParams.get('merchant_id'));
      await expect(screen.rows().first()).toBeVisible();
      await expect(screen.rows().filter({ hasNotText: DEMO_NAME })).toHaveCount(0);
      // A line of an order links to it on the merchant (a withdrawal's line names no order).
      await expect(screen.rows().getByRole('link', { name: /^查看第 \d+ 号订单$/ }).first()).toHaveAttribute('href', new RegExp(`merchant_id=${merchantId}$`));

      await screen.typeTab('佣金收入').click();
      await expect(page).toHaveURL(/type=commission/);
      await expect(screen.rows().filter({ hasNotText: '佣金收入' })).toHaveCount(0);
      const exported = await screen.exportWorkbook();
      expect(exported.body).toEqual({ kind: 'finance_records', filters: { merchant_id: merchantId, type: 'commission' } });
      expect(exported.filename).toMatch(/^平台收支明细_.*\.xlsx$/);
    });
  });
});
