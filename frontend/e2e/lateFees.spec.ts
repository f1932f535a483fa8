import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { BillingDetailsPage } from './pages/BillingDetailsPage';
import { OrderListPage } from './pages/OrderListPage';

// Late fees accrue only in the nightly collection job (apps/orders/collection.py); the demo's
// overdue orders have bills past due but no late fee yet, and no command or call makes one
// from the browser. So these tests read the overdue money and the late-fee columns with zero
// late fees, and change the shop's rates; the waiver is covered by the unit tests
// (BillingDetailsScreen.test.tsx), which answer a bill owing late fee.
const EARLY_RATE = '逾期前 15 天日费率';

test.describe.serial('late fees on the order screens', () => {
  test.describe('store owner', () => {
    test.use({ storageState: STORAGE.demo });

    test('an overdue order shows its overdue money on the detail and on the bill screen, with late-fee columns', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/overdueOrder', '逾期订单');
      const orderNo = await list.openFirst();

      // The detail: the compact block, since a bill is overdue.
      const compact = page.getByRole('region', { name: '逾期欠款', exact: true });
      await expect(compact.locator('dl')).toContainText(/逾期账单\s*[1-9]\d* 期/);
      await expect(compact.locator('dl')).toContainText(/待付违约金\s*¥0\.00/);
      await compact.getByRole('link', { name: '查看账单明细' }).click();

      const screen = new BillingDetailsPage(page);
      await expect(screen.heading(orderNo)).toBeVisible();
      await expect(screen.figure('逾期账单')).toHaveText(/^[1-9]\d* 期$/);
      const rent = await screen.figure('逾期租金').innerText();
      expect(rent).toMatch(/^¥[\d,]+\.\d{2}$/);
      expect(rent).not.toBe('¥0.00');
      await expect(screen.figure('待付违约金')).toHaveText('¥0.00');
      await expect(screen.figure('合计欠款')).toHaveText(rent); // no late fee: the total is the rent

      const headers = (await screen.bills().locator('thead th').allInnerTexts()).map((text) => text.trim());
      expect(headers).toEqual(expect.arrayContaining(['违约金', '已减免', '已付违约金', '待付违约金']));
      const overdueRow = screen.bills().locator('tbody tr').filter({ hasText: '已逾期' }).first();
      await expect(await screen.cell(overdueRow, '违约金')).toHaveText('¥0.00');
      await expect(await screen.cell(overdueRow, '待付违约金')).toHaveText('¥0.00');
      // Bill 1 was paid at signing: its payment names its late-fee part.
      await expect(screen.bills().getByRole('row', { name: /第 1 期/ })).toContainText('（含违约金 ¥0.00）');
      // Nothing owed, nothing to waive.
      await expect(screen.bills().getByRole('button', { name: /减免第 \d+ 期违约金/ })).toHaveCount(0);
    });

    test('the owner sets the shop’s own early rate, then sends it back to the platform default', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/overdueOrder', '逾期订单');
      await list.openFirst();
      await page.getByRole('link', { name: '查看账单明细' }).first().click();
      const screen = new BillingDetailsPage(page);
      await expect(screen.bills()).toBeVisible();

      await screen.openRates();
      await expect(screen.setting(EARLY_RATE)).toContainText('每天 0.05%');
      await expect(screen.setting(EARLY_RATE)).toContainText('平台默认');
      await expect(screen.setting('逾期第 16 天起日费率')).toContainText('每天 0.10%');
      // Checked before sending.
      await screen.dialog().getByLabel(`${EARLY_RATE}（%/天）`).fill('9');
      await screen.dialog().getByRole('button', { name: '保存', exact: true }).click();
      await expect(screen.dialog()).toContainText('请输入 0–5 之间的费率，最多四位小数');
      await screen.dialog().getByLabel(`${EARLY_RATE}（%/天）`).fill('0.08');
      await screen.dialog().getByRole('button', { name: '保存', exact: true }).click();
      await expect(screen.dialog()).toBeHidden();
      await expect(page.getByText('违约金设置已保存')).toBeVisible();

      await screen.openRates();
      await expect(screen.setting(EARLY_RATE)).toContainText('每天 0.08%');
      await expect(screen.setting(EARLY_RATE)).toContainText('本店设置');
      await expect(screen.setting(EARLY_RATE)).toContainText('平台默认：每天 0.05%');
      await expect(screen.setting('逾期第 16 天起日费率')).toContainText('平台默认');
      await expect(screen.dialog().getByLabel(`${EARLY_RATE}（%/天）`)).toHaveValue('0.08');
      await screen.dialog().getByRole('button', { name: `${EARLY_RATE}恢复默认` }).click();
      await expect(screen.dialog().getByLabel(`${EARLY_RATE}（%/天）`)).toHaveValue('');
      await screen.dialog().getByRole('button', { name: '保存', exact: true }).click();
      await expect(screen.dialog()).toBeHidden();

      await screen.openRates();
      await expect(screen.setting(EARLY_RATE)).toContainText('每天 0.05%');
      await expect(screen.setting(EARLY_RATE)).toContainText('平台默认');
      await screen.dialog().getByRole('button', { name: '取消', exact: true }).click();
      await expect(screen.dialog()).toBeHidden();
    });

    test('at phone width the overdue money and the bills fit, the page never scrolls sideways', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/overdueOrder', '逾期订单');
      await list.openFirst();
      await page.getByRole('link', { name: '查看账单明细' }).first().click();
      const screen = new BillingDetailsPage(page);
      await expect(page).toHaveURL(/\/billingDetails\/\d+/);
      await expect(screen.bills()).toBeVisible();
      await expect(screen.figure('合计欠款')).toBeVisible();
      const box = await screen.overdueMoney().boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
      await screen.openRates();
      const dialogBox = await screen.dialog().boundingBox();
      expect(dialogBox!.width).toBeLessThanOrEqual(390);
    });
  });

  test.describe('platform', () => {
    test.use({ storageState: STORAGE.admin });

    test('reads a merchant’s overdue money, without waiver or rates', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.admin, '/overdueOrder', '逾期订单');
      await page.getByRole('combobox', { name: '商户', exact: true }).selectOption({ label: '演示租赁商城' });
      await expect(page).toHaveURL(/merchant_id=\d+/);
      await expect(list.rows().first()).toContainText('演示租赁商城');
      await list.openFirst();
      await page.getByRole('link', { name: '查看账单明细' }).first().click();
      const screen = new BillingDetailsPage(page);
      await expect(page).toHaveURL(/\/billingDetails\/\d+\?merchant_id=\d+/);
      await expect(screen.figure('逾期账单')).toHaveText(/^[1-9]\d* 期$/);
      await expect(screen.figure('待付违约金')).toHaveText('¥0.00');
      await expect(screen.bills().locator('thead')).toContainText('待付违约金');
      await expect(page.getByRole('button', { name: '违约金设置' })).toHaveCount(0);
      await expect(screen.bills().getByRole('button', { name: /减免第 \d+ 期违约金/ })).toHaveCount(0);
    });
  });
});
