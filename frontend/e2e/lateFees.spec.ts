import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { BillingDetailsPage } from './pages/BillingDetailsPage';
import { OrderListPage } from './pages/OrderListPage';
import { columnNames } from './support/table';

// The demo's overdue orders owe late fees: its money showcase runs the late-fee accrual
// (apps/billing/latefees.py) through the services after placing its orders.
/** "¥1,234.50" → 123450 (integer cents: no float sums of money). */
const cents = (text: string) => Math.round(Number(text.replace(/[¥,]/g, '')) * 100);
const shown = (amount: number) =>
  `¥${(amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const EARLY_RATE = '逾期前 15 天日费率';

test.describe.serial('late fees on the order screens', () => {
  test.describe('store owner', () => {
    test.use({ storageState: STORAGE.demo });

    test('an overdue order shows its late fees, and the owner waives one bill’s with a reason', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/overdueOrder', '逾期订单');
      const orderNo = await list.openFirst();

      // The detail: the compact block, since a bill is overdue.
      const compact = page.getByRole('region', { name: '逾期欠款', exact: true });
      await expect(compact.locator('dl')).toContainText(/逾期账单\s*[1-9]\d* 期/);
      await expect(compact.locator('dl')).not.toContainText(/待付违约金\s*¥0\.00/);
      await compact.getByRole('link', { name: '查看账单明细' }).click();

      const screen = new BillingDetailsPage(page);
      await expect(screen.heading(orderNo)).toBeVisible();
      await expect(screen.figure('逾期账单')).toHaveText(/^[1-9]\d* 期$/);
      const rent = cents(await screen.figure('逾期租金').innerText());
      const owed = cents(await screen.figure('待付违约金').innerText());
      expect(rent).toBeGreaterThan(0);
      expect(owed).toBeGreaterThan(0);
      await expect(screen.figure('合计欠款')).toHaveText(shown(rent + owed));

      // Shown, or folded into a bill's details where the screen is narrower than the table.
      const headers = await columnNames(screen.bills());
      expect(headers).toEqual(expect.arrayContaining(['违约金', '已减免', '已付违约金', '待付违约金']));
      const overdueRow = screen.bills().locator('tbody tr').filter({ hasText: '已逾期' }).first();
      const rowOwed = cents(await (await screen.cell(overdueRow, '待付违约金')).innerText());
      expect(rowOwed).toBeGreaterThan(0);

      // The owner waives all of that bill's late fee, with a reason.
      await overdueRow.getByRole('button', { name: /减免第 \d+ 期违约金/ }).click();
      await expect(screen.dialog()).toBeVisible();
      await screen.dialog().getByRole('button', { name: '减免违约金', exact: true }).click();
      await expect(screen.dialog()).toContainText('请填写减免原因');
      await screen.dialog().getByLabel('减免原因').fill('客户住院，经店长同意减免');
      await screen.dialog().getByRole('button', { name: '减免违约金', exact: true }).click();
      await expect(screen.dialog()).toBeHidden();
      await expect(await screen.cell(overdueRow, '待付违约金')).toHaveText('¥0.00');
      await expect(screen.figure('待付违约金')).toHaveText(shown(owed - rowOwed));
      await expect(overdueRow.getByRole('button', { name: /减免第 \d+ 期违约金/ })).toHaveCount(0);
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
      // The dialog's frame loads lazily: measure once it has a box (null while it mounts).
      await expect.poll(async () => (await screen.dialog().boundingBox())?.width ?? Infinity).toBeLessThanOrEqual(390);
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
      await expect(screen.figure('待付违约金')).toHaveText(/^¥[\d,]+\.\d{2}$/);
      await expect(screen.bills().locator('thead')).toContainText('待付违约金');
      await expect(page.getByRole('button', { name: '违约金设置' })).toHaveCount(0);
      await expect(screen.bills().getByRole('button', { name: /减免第 \d+ 期违约金/ })).toHaveCount(0);
    });
  });
});
