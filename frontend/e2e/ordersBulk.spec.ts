import type { Locator } from '@playwright/test';
import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { OrderBulkBar } from './pages/OrderBulkBar';
import { OrderListPage } from './pages/OrderListPage';

// The demo merchant's orders (apps/orders/demo.py); the export is written by a Celery task,
// so the backend under test needs a worker (or eager tasks).
const AUDITOR = '周审核';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const stamp = Date.now().toString(36).toUpperCase();

/** The order numbers of the first `count` of these rows, read from their "view" links. */
async function orderNos(rows: Locator, count: number): Promise<string[]> {
  const links = rows.getByRole('link', { name: /^查看订单 / });
  await expect(links.nth(count - 1)).toBeVisible();
  const found: string[] = [];
  for (let index = 0; index < count; index += 1) found.push(((await links.nth(index).getAttribute('aria-label')) ?? '').replace('查看订单 ', ''));
  expect(found.every(Boolean)).toBe(true);
  return found;
}

test.describe.serial('order lists: the store exports a list and acts on selected orders', () => {
  test.use({ storageState: STORAGE.demo });

  test('exports the regular lease orders to an xlsx file', async ({ page }) => {
    const list = new OrderListPage(page);
    const bulk = new OrderBulkBar(page);
    await list.goto(HOSTS.demo, '/regularOrder', '常规订单');
    await expect(list.rows().first()).toBeVisible();
    const created = page.waitForRequest((request) => request.url().includes('/api/platform/exportCreate'));
    await bulk.exportButton().click();
    // The list's own filters: the regular stage, nothing paging.
    expect((await created).postDataJSON()).toEqual({ kind: 'lease_orders', filters: { stage: 'regular' } });

    const dialog = bulk.dialog();
    await expect(dialog.getByRole('heading', { name: '导出 Excel' })).toBeVisible();
    const download = dialog.getByRole('link', { name: '下载文件' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(/文件已生成，共 \d+ 行/);
    await expect(dialog.getByRole('progressbar', { name: '导出进度' })).toHaveAttribute('aria-valuenow', '100');

    // The link is a same-origin signed URL that answers the workbook.
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/files\//);
    // (Fetched by the page: only the browser resolves *.localhost.)
    const file = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') ?? '', bytes: (await response.arrayBuffer()).byteLength };
    }, href);
    expect(file.status).toBe(200);
    expect(file.type).toContain(XLSX);
    expect(file.bytes).toBeGreaterThan(0);
    // And the browser saves it as a file.
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toMatch(/\.xlsx$/);

    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(bulk.exportButton()).toHaveText('导出');
  });

  test('allocates two orders awaiting audit to the auditor', async ({ page }) => {
    const list = new OrderListPage(page);
    const bulk = new OrderBulkBar(page);
    await list.goto(HOSTS.demo, '/regularOrder?status=awaiting_audit', '常规订单');
    const chosen = await orderNos(list.rows().filter({ hasNotText: `审核：${AUDITOR}` }), 2);
    await bulk.select(chosen);

    await bulk.act('分配给审核员/业务员');
    await expect(bulk.dialog()).toContainText(chosen[0]!);
    await bulk.dialog().getByRole('button', { name: '确定' }).click();
    await expect(bulk.dialog().getByText('请选择人员').last()).toBeVisible(); // checked before sending
    await expect(bulk.dialog().getByLabel('分配给')).toHaveValue('auditor');
    await bulk.dialog().getByLabel('人员').selectOption({ label: `${AUDITOR} (auditor)` });
    await bulk.confirm('确定');

    await expect(page.getByText('已分配 2 个订单')).toBeVisible();
    await expect(bulk.toolbar()).toBeHidden(); // the selection cleared
    for (const orderNo of chosen) {
      await expect(await list.cell(orderNo, '跟进人')).toContainText(`审核：${AUDITOR}`);
      await expect(bulk.checkbox(orderNo)).not.toBeChecked();
    }
  });

  test('closes a selected order with a reason: it leaves the regular orders, closed', async ({ page }) => {
    const list = new OrderListPage(page);
    const bulk = new OrderBulkBar(page);
    await list.goto(HOSTS.demo, '/regularOrder?status=awaiting_audit', '常规订单');
    const [orderNo] = await orderNos(list.rows(), 1);
    await bulk.select([orderNo!]);

    await bulk.act('关闭订单');
    await expect(bulk.dialog()).toContainText('要么全部关闭，要么一个都不关闭');
    await bulk.dialog().getByRole('button', { name: '关闭订单' }).click();
    await expect(bulk.dialog().getByText('请填写原因')).toBeVisible();
    await bulk.dialog().getByLabel('关闭原因').fill(`客户要求取消 ${stamp}`);
    await bulk.confirm('关闭订单');

    await expect(page.getByText('已关闭 1 个订单')).toBeVisible();
    await expect(list.row(orderNo!)).toHaveCount(0);
    await list.searchOrderNo(orderNo!);
    await expect(list.table()).toBeHidden(); // no regular order with that number any more

    await list.goto(HOSTS.demo, '/finishedOrder?status=closed', '完结订单');
    await list.searchOrderNo(orderNo!);
    await expect(list.row(orderNo!)).toContainText('异常关闭');
  });

  test('at phone width the bar and the export button stay usable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const list = new OrderListPage(page);
    const bulk = new OrderBulkBar(page);
    await list.goto(HOSTS.demo, '/regularOrder?status=awaiting_audit', '常规订单');
    const [orderNo] = await orderNos(list.rows(), 1);
    await bulk.select([orderNo!]);
    await expect(bulk.toolbar().getByRole('button', { name: '关闭订单' })).toBeInViewport();
    await expect(bulk.exportButton()).toBeInViewport();
    // Nothing wider than the screen but the table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await bulk.toolbar().getByRole('button', { name: '取消选择' }).click();
    await expect(bulk.toolbar()).toBeHidden();
  });
});
