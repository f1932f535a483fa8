import { HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { OrderDetailPage } from './pages/OrderDetailPage';

// The owner makes and downloads the evidence pack of a lease of the demo shop (docs/disputes.md):
// the pack is written by the export task, so the backend under test needs a worker.
test.describe('evidence pack of an order', () => {
  test.use({ storageState: STORAGE.demo });

  test('the owner makes the pack from the order screen and downloads the ZIP', async ({ page, request }) => {
    const owner = await GoodsApi.signIn(request, 'demo', 'owner');
    const leases = await owner.get<{ list: { id: number; order_no: string }[] }>('/api/platform/backendOrderList', { status: 'in_lease' });
    const order = leases.list[0];
    if (!order) throw new Error('the demo shop has no lease in progress');
    const detail = new OrderDetailPage(page);
    await page.goto(`${HOSTS.demo}/orderInfo/${order.id}`);
    await expect(detail.heading(order.order_no)).toBeVisible();

    const created = page.waitForRequest((sent) => sent.url().includes('/api/backend/evidencePackCreate'));
    await detail.act('证据包');
    // The pack holds the identity whole: it is asked for with a reason (the owner's reveal log).
    await detail.dialog().getByRole('textbox').fill('仲裁答辩需要');
    await detail.dialog().getByRole('button', { name: '生成', exact: true }).click();
    expect((await created).postDataJSON()).toEqual({ order_id: order.id, reason: '仲裁答辩需要' });
    const dialog = detail.dialog();
    await expect(dialog.getByRole('heading', { name: '证据包' })).toBeVisible();
    const download = dialog.getByRole('link', { name: '下载文件' });
    await expect(download).toBeVisible({ timeout: 60_000 });
    await expect(dialog).toContainText(/证据包已生成，共 \d+ 个文件/);
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    // A same-origin signed link answering a ZIP (fetched by the page: only the browser resolves *.localhost).
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/api\/files\//);
    const file = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, type: response.headers.get('content-type') ?? '', magic: String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0), size: bytes.byteLength };
    }, href);
    expect(file).toMatchObject({ status: 200, magic: 'PK' });
    expect(file.type).toContain('application/zip');
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toBe(`证据包_${order.order_no}.zip`);

    await dialog.getByRole('button', { name: '关闭' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(detail.actions().getByRole('button', { name: '证据包', exact: true })).toBeVisible();
  });
});
