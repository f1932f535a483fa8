import type { Page, Response } from '@playwright/test';
import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { OrderDetailPage } from './pages/OrderDetailPage';
import { OrderListPage } from './pages/OrderListPage';

// Run by the `los-angeles` project (playwright.config.ts): the browser's clock is in Los Angeles,
// 16 hours behind China, and every time and day on screen is still China time (issue 27).

/** An instant as China time "YYYY-MM-DD HH:mm" (UTC+8 all year, no daylight saving). */
const chinaTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

interface Envelope<T> {
  code: number;
  data: T;
}
interface ListedOrder {
  order_no: string;
  created_at: string;
}
interface OrderInfo {
  order_no: string;
  created_at: string;
  shipped_at: string | null;
  bills: { period: number; due_date: string }[];
}

/** Every answer of `path` the page receives, as the browser got it. */
function answers<T>(page: Page, path: string): T[] {
  const seen: T[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname !== path) return;
    void response
      .json()
      .then((body: Envelope<T>) => body.code === 200 && seen.push(body.data))
      .catch(() => undefined);
  });
  return seen;
}

/** The value of the order summary's fact named `label`. */
function fact(page: Page, label: string) {
  return page
    .getByRole('region', { name: '订单信息', exact: true })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test.use({ storageState: STORAGE.demo });

test('a browser in Los Angeles reads order times and bill days as the API says them in China time', async ({ page }) => {
  const lists = answers<{ list: ListedOrder[] }>(page, '/api/platform/backendOrderList');
  const details = answers<OrderInfo>(page, '/api/merchant/orderInfo');

  const list = new OrderListPage(page);
  await list.goto(HOSTS.demo, '/dealingOrder?status=in_lease', '成交订单');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/Los_Angeles');
  await expect(list.rows().first()).toBeVisible();
  await expect.poll(() => lists.length).toBeGreaterThan(0);

  // 下单时间 of every row shown: the API's instant in China time.
  const listed = new Map(lists.flatMap((answer) => answer.list).map((order) => [order.order_no, order.created_at]));
  let checked = 0;
  for (const [orderNo, createdAt] of listed) {
    const row = list.row(orderNo);
    if ((await row.count()) === 0) continue;
    await expect(row).toContainText(chinaTime(createdAt));
    checked += 1;
  }
  expect(checked).toBeGreaterThan(0);

  // The order's own times: placed and shipped.
  const orderNo = await list.openFirst();
  await expect.poll(() => details.some((detail) => detail.order_no === orderNo)).toBe(true);
  const detail = details.find((each) => each.order_no === orderNo) as OrderInfo;
  await new OrderDetailPage(page).expectStatus('租赁中');
  await expect(fact(page, '下单时间')).toHaveText(chinaTime(detail.created_at));
  expect(detail.shipped_at).toBeTruthy();
  await expect(fact(page, '发货时间')).toHaveText(chinaTime(detail.shipped_at as string));

  // A bill's due date is a China calendar day: the same day here.
  await page.getByRole('link', { name: '查看账单明细' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: `订单 ${orderNo} 的账单` })).toBeVisible();
  const bills = page.getByRole('table', { name: '分期账单' });
  const first = detail.bills.find((bill) => bill.period === 1);
  expect(first?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(bills.getByRole('row', { name: /第 1 期/ })).toContainText(first?.due_date as string);
});
