import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { BillingDetailsPage } from './pages/BillingDetailsPage';
import { OrderDetailPage } from './pages/OrderDetailPage';
import { OrderListPage } from './pages/OrderListPage';

const VOUCHER = 'e2e/fixtures/voucher.png';

/**
 * Opens, from the list at `path`, the first order whose action bar offers `action`, among the
 * first page's rows (newest placed first: the demo's leases in a stage come after its newer
 * orders awaiting shipment or shipped; one may be busy with a payment).
 */
async function openOrderOffering(list: OrderListPage, detail: OrderDetailPage, path: string, heading: string, action: string): Promise<string> {
  await list.goto(HOSTS.demo, path, heading);
  // The whole first page, once it has loaded: its total says how many rows it holds.
  const total = Number((await list.page.getByText(/^共 \d+ 条$/).innerText()).replace(/\D/g, ''));
  const count = Math.min(total, 20);
  await expect(list.rows()).toHaveCount(count);
  for (let index = 0; index < count; index += 1) {
    const link = list.rows().nth(index).getByRole('link', { name: /^查看订单 / });
    const orderNo = ((await link.getAttribute('aria-label')) ?? '').replace('查看订单 ', '');
    await link.click();
    await expect(detail.heading(orderNo)).toBeVisible();
    if ((await detail.actions().getByRole('button', { name: action, exact: true }).count()) > 0) return orderNo;
    await list.goto(HOSTS.demo, path, heading);
  }
  throw new Error(`no order of ${path} offers ${action}`);
}

test.describe.serial('offline repayment and early settlement', () => {
  test.use({ storageState: STORAGE.demo });

  test('finance records an overdue bill repaid by bank transfer with its voucher; the bill shows paid offline', async ({ page }) => {
    const list = new OrderListPage(page);
    const detail = new OrderDetailPage(page);
    const orderNo = await openOrderOffering(list, detail, '/overdueOrder', '逾期订单', '登记线下还款');

    await detail.act('登记线下还款');
    const dialog = detail.dialog();
    const title = (await dialog.getByRole('heading').first().innerText()).trim();
    const period = Number(/第 (\d+) 期/.exec(title)![1]);
    await expect(dialog).toContainText(/须为本期应还 ¥[\d,]+\.\d{2}/);
    // Checked before anything is sent: payer, bank reference and the voucher are needed.
    await dialog.getByRole('button', { name: '确认登记', exact: true }).click();
    await expect(dialog).toContainText('请填写付款人');
    await expect(dialog).toContainText('银行转账请填写银行流水号');
    await expect(dialog).toContainText('请选择还款凭证图片');
    await dialog.getByLabel('付款人').fill('张三');
    await dialog.getByLabel('银行流水号').fill('CMB-E2E-0001');
    await dialog.getByLabel('备注（选填）').fill('客户到店转账');
    await dialog.locator('input[type="file"]').setInputFiles(VOUCHER);
    await expect(dialog.getByRole('img', { name: '还款凭证预览' })).toBeVisible();
    await dialog.getByRole('button', { name: '确认登记', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`第 ${period} 期已登记为线下还款`)).toBeVisible();
    await expect(detail.timeline()).toContainText('登记线下还款');

    await page.getByRole('link', { name: '查看账单明细' }).first().click();
    const bills = new BillingDetailsPage(page);
    await expect(bills.heading(orderNo)).toBeVisible();
    const repaid = bills.bills().locator('tbody tr').filter({ hasText: `第 ${period} 期` });
    await expect(await bills.cell(repaid, '状态')).toHaveText('已支付');
    await expect(await bills.cell(repaid, '支付方式')).toContainText('线下还款');
    await expect(await bills.cell(repaid, '支付方式')).toContainText('银行转账');
    await expect(await bills.cell(repaid, '支付方式')).toContainText('CMB-E2E-0001');
    const voucher = (await bills.cell(repaid, '支付方式')).getByRole('link', { name: `查看第 ${period} 期的还款凭证` });
    const href = await voucher.getAttribute('href');
    expect(href).toMatch(/^\/api\/files\//);
    await expect(voucher).toHaveAttribute('target', '_blank');
    // The voucher is a private file behind a signed link, opened in its own tab as the picture it is.
    const tab = await page.context().newPage();
    const response = (await tab.goto(`${HOSTS.demo}${href}`))!;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(response.headers()['cache-control']).toContain('no-store');
    await tab.close();
  });

  test('finance reads the early settlement quote and settles the lease offline', async ({ page }) => {
    const list = new OrderListPage(page);
    const detail = new OrderDetailPage(page);
    // Among the leases running (a real shop's newest deals await shipment or are on their way).
    await openOrderOffering(list, detail, '/dealingOrder?status=in_lease', '成交订单', '提前结清');

    await page.setViewportSize({ width: 390, height: 844 });
    await detail.act('提前结清');
    const dialog = detail.dialog();
    await expect(dialog).toContainText('结清总额');
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    const total = (await dialog.locator('[data-stat="total"] dd').innerText()).trim();
    expect(total).toMatch(/^¥[\d,]+\.\d{2}$/);
    await expect(dialog).toContainText(/提前结清优惠（\d+(\.\d+)?%）/);
    await dialog.getByText(/包含 \d+ 期账单/).click();
    await expect(dialog.getByRole('list', { name: '结清的账单' }).locator('li').first()).toBeVisible();
    const buysOut = (await dialog.getByText('结清后订单即为买断完成').count()) > 0;

    await dialog.getByRole('radio', { name: /客户已线下付款/ }).check();
    await dialog.getByLabel('还款方式').selectOption({ label: '现金' });
    await dialog.getByLabel('付款人').fill('李四');
    await dialog.locator('input[type="file"]').setInputFiles(VOUCHER);
    await expect(dialog.getByRole('img', { name: '还款凭证预览' })).toBeVisible();
    await dialog.getByRole('button', { name: `确认结清 ${total}`, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`已提前结清，共 ${total}`)).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    await detail.expectStatus(buysOut ? '已买断' : '租赁中');
    await expect(detail.timeline()).toContainText('提前结清');
    await expect(detail.actions().getByRole('button', { name: '提前结清', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: '查看账单明细' }).first().click();
    const bills = new BillingDetailsPage(page);
    await expect(bills.bills()).toBeVisible();
    await expect(bills.bills().locator('tbody')).not.toContainText('待支付');
    await expect(bills.bills().locator('tbody')).not.toContainText('已逾期');
    // 提前结清 is said under 支付方式, in a bill's details where the table folded that column.
    await expect(await bills.cell(bills.bills().locator('tbody > tr:not([data-row-details])').last(), '支付方式')).toContainText('提前结清');
  });
});
