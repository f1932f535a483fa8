import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { codeOf, deviceToShip, leasesHoldingDevices, trackedOrderAwaitingShipment } from './support/devices';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { AssetsPage, imeiOf } from './pages/AssetsPage';
import { OrderDetailPage } from './pages/OrderDetailPage';

// The e2e database persists between runs: every name and code carries this run's stamp.
const stamp = Date.now().toString(36);
const body = String(Date.now()).slice(-11);
const IMEIS = [imeiOf(`860${body}`), imeiOf(`861${body}`), imeiOf(`862${body}`)];
const SUPPLIER = `E2E 供应商 ${stamp}`;
const SHOP = `E2E 调拨门店 ${stamp}`;

interface UnitRow {
  id: number;
  sku_id: number;
  sku_name: string;
  goods_id: number | null;
  goods_name: string;
}

/** A SKU tracked by unit: the demo's phones and laptops are (apps/assets/demo.py). */
async function trackedSku(api: GoodsApi): Promise<UnitRow | null> {
  const page = await api.get<{ list: UnitRow[] }>('/api/backend/getUnitList', { page: 1, page_size: 10 });
  return page.list.find((unit) => unit.goods_id !== null) ?? null;
}

test.describe.serial('warehouse: receive by scan, transfer, ship, return and exchange by scan', () => {
  test.use({ storageState: STORAGE.demo });
  let sku: UnitRow | null = null;

  test.beforeAll(async ({ request }) => {
    const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    sku = await trackedSku(api);
    expect(sku, 'the demo tracks its phones and laptops by unit').not.toBeNull();
    // The destination of the transfer: a sub-shop of this run.
    await api.createSubShop(SHOP);
  });

  test('the devices list shows its tabs with counts, keeps its filters in the URL, and says why labels wait', async ({ page }) => {
    const assets = new AssetsPage(page);
    await assets.gotoDevices(HOSTS.demo);
    const tabs = page.getByRole('group', { name: '设备状态' });
    await expect(tabs.getByRole('button', { name: /^全部/ })).toHaveAttribute('aria-pressed', 'true');
    await tabs.getByRole('button', { name: /^在库/ }).click();
    await expect(page).toHaveURL(/status=in_stock/);
    await expect(page.getByRole('button', { name: '打印标签' })).toBeDisabled();
    await expect(page.getByText('勾选设备后可打印标签')).toBeVisible();
    await page.reload();
    await expect(tabs.getByRole('button', { name: /^在库/ })).toHaveAttribute('aria-pressed', 'true');
  });

  test('receives a new receipt by scan: a supplier made inline, two devices typed by the scanner, an error that keeps the field', async ({ page }) => {
    const assets = new AssetsPage(page);
    await assets.gotoReceipts(HOSTS.demo);
    await page.getByRole('button', { name: '新建入库单' }).click();
    const create = assets.dialog('新建采购入库单');
    await create.getByRole('button', { name: '新建供应商' }).click();
    await create.getByLabel('名称').fill(SUPPLIER);
    await create.getByRole('button', { name: '保存供应商' }).click();
    await expect(create.getByLabel('供应商', { exact: true })).toHaveValue(/\d+/);
    const line = create.locator('[data-receipt-line="1"]');
    await line.getByRole('searchbox').fill(sku!.goods_name);
    await line.getByRole('searchbox').press('Enter');
    await line.getByLabel('商品', { exact: true }).selectOption({ label: sku!.goods_name });
    await line.getByLabel('规格', { exact: true }).selectOption({ index: 1 });
    await line.getByLabel('数量').fill('2');
    await line.getByLabel('单台成本（元）').fill('3999.00');
    await expect(create.locator('[data-receipt-total]')).toContainText('7,998.00');
    await create.getByRole('button', { name: '创建' }).click();

    const receive = assets.dialog(/^扫码入库/);
    await expect(receive).toBeVisible();
    await expect(receive.locator('[data-receipt-overall]')).toHaveAttribute('data-receipt-overall', '0/2');
    await assets.scan(receive, IMEIS[0]!);
    await expect(assets.scanResults(receive).first()).toHaveAttribute('data-scan-outcome', 'ok');
    // The same device twice is refused with the server's words; the field keeps the focus.
    await assets.scan(receive, IMEIS[0]!);
    await expect(assets.scanResults(receive).first()).toHaveAttribute('data-scan-outcome', 'error');
    await expect(assets.scanField(receive)).toBeFocused();
    await assets.scan(receive, IMEIS[1]!);
    await expect(receive.locator('[data-receipt-overall]')).toHaveAttribute('data-receipt-overall', '2/2');
    await expect(receive.getByText('所有明细已扫齐').first()).toBeVisible();
    // The receipt lists the devices scanned into it, each linked to its page.
    await expect(receive.locator('[data-receipt-units="2"] a[data-receipt-unit]')).toHaveCount(2);
    await receive.getByRole('button', { name: '关闭' }).last().click();
    await expect(page.locator('[data-receipt-progress="2/2"]').first()).toBeVisible();

    // The devices are in the warehouse, found by their IMEI.
    await assets.gotoDevices(HOSTS.demo, `?keyword=${IMEIS[1]}`);
    await expect(page.getByRole('table', { name: '设备列表' }).getByText(IMEIS[1]!)).toBeVisible();
  });

  test('sends a scanned device to a sub-shop and receives it there', async ({ page }) => {
    const assets = new AssetsPage(page);
    await assets.gotoTransfers(HOSTS.demo);
    await page.getByRole('button', { name: '发起调拨' }).click();
    const send = assets.dialog('发起调拨');
    const to = send.getByLabel('调入位置');
    await expect(to.locator('option', { hasText: SHOP })).toHaveCount(1);
    await to.selectOption({ label: SHOP });
    await assets.scan(send, IMEIS[0]!);
    await expect(send.locator('[data-transfer-units] li')).toHaveCount(1);
    await send.getByRole('button', { name: '发出（1 台）' }).click();

    const detail = page.getByRole('dialog', { name: /^调拨单 #\d+$/ });
    await expect(detail.locator('[data-transfer-detail="in_transit"]')).toBeVisible();
    await detail.getByRole('button', { name: '确认收货（1 台）' }).click();
    await expect(detail.locator('[data-transfer-detail="received"]')).toBeVisible();
  });

  test('ships an order of a tracked SKU by scanning its device', async ({ page, request }) => {
    const orderId = await trackedOrderAwaitingShipment(request);
    expect(orderId, 'an order of a tracked SKU awaits shipment in the demo').not.toBeNull();
    const code = await deviceToShip(request, orderId!);
    expect(code).not.toBeNull();
    await page.goto(`${HOSTS.demo}/orderInfo/${orderId}`);
    await page.getByRole('button', { name: '发货', exact: true }).click();
    const ship = page.getByRole('dialog', { name: /^发货/ });
    await ship.getByLabel('快递公司').selectOption({ index: 1 });
    await ship.getByLabel('快递单号').fill(`SF${stamp}`);
    const serial = ship.locator('[data-unit-scan-field] input');
    // A code that names no device is refused before anything is sent.
    await serial.fill(IMEIS[2]!);
    await serial.press('Enter');
    await expect(ship.locator('[data-unit-check="missing"]')).toBeVisible();
    await serial.fill(code!);
    await serial.press('Enter');
    await expect(ship.locator('[data-unit-check="ok"]')).toContainText(code!);
    await ship.getByRole('button', { name: '发货' }).click();
    await expect(ship).toBeHidden();
    await new OrderDetailPage(page).expectStatus('已发货');
  });

  test('takes a device back by scan: the wrong device is refused, the right one is received', async ({ page, request }) => {
    const [lease] = await leasesHoldingDevices(request, 1);
    expect(lease, 'a demo lease holds its device').toBeDefined();
    const screen = new OrderDetailPage(page);
    await page.goto(`${HOSTS.demo}/orderInfo/${lease!.id}`);
    await screen.act('发起退租归还');
    await screen.confirm('发起退租归还');
    await screen.expectStatus('归还中');
    await screen.act('确认收到归还');
    await screen.dialog().getByLabel('设备序列号/IMEI').fill(IMEIS[2]!);
    await screen.dialog().getByRole('button', { name: '确认收到归还', exact: true }).click();
    await expect(screen.dialog().getByText('设备序列号与发货时不一致')).toBeVisible();
    await screen.dialog().getByLabel('设备序列号/IMEI').fill(codeOf(lease!.unit!));
    await screen.confirm('确认收到归还');
    await screen.expectStatus('验机中');
    // The device is back in the shop, its history saying so.
    await page.goto(`${HOSTS.demo}/assets/${lease!.unit!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(lease!.unit!.serial_number || lease!.unit!.imei1);
    await expect(page.getByText('已收回').first()).toBeVisible();
  });

  test('the shop starts an exchange for the customer: the old device received by scan, the new one shipped by scan', async ({ page, request }) => {
    const leases = await leasesHoldingDevices(request, 2);
    const lease = leases.at(-1);
    expect(lease, 'a demo lease holds its device').toBeDefined();
    const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);

    const screen = new OrderDetailPage(page);
    await page.goto(`${HOSTS.demo}/orderInfo/${lease!.id}`);
    // The customer phoned: the shop starts the exchange, its dialog naming the device to take back.
    await screen.act('发起换货');
    await expect(screen.dialog().locator('[data-exchange-device]')).toHaveText(codeOf(lease!.unit!));
    await screen.dialog().getByLabel('原因（选填）').fill('客户来电：屏幕有坏点');
    await screen.confirm('发起换货');
    // The shop's own decision: nothing left to approve; the old device is awaited.
    await expect(screen.actions().getByRole('button', { name: '同意售后' })).toHaveCount(0);
    await expect(page.locator('[data-next-step="exchange_approved"]')).toContainText('本店已代客户发起换货');
    await screen.expectStatus('租赁中');
    await screen.act('确认收到归还');
    await screen.dialog().getByLabel('设备序列号/IMEI').fill(codeOf(lease!.unit!));
    await screen.confirm('确认收到归还');
    // The replacement: a device of the same SKU from the warehouse, scanned.
    const replacement = await deviceToShip(request, lease!.id);
    expect(replacement).not.toBeNull();
    await screen.act('发货');
    const ship = screen.dialog();
    await ship.getByLabel('快递公司').selectOption({ index: 1 });
    await ship.getByLabel('快递单号').fill(`SFX${stamp}`);
    const serial = ship.locator('[data-unit-scan-field] input');
    await serial.fill(replacement!);
    await serial.press('Enter');
    await expect(ship.locator('[data-unit-check="ok"]')).toContainText(replacement!);
    await screen.confirm('发货');
    await screen.expectStatus('租赁中');
    const after = await api.get<{ unit: { imei1: string; serial_number: string } | null; has_open_after_sale: boolean }>(
      '/api/merchant/orderInfo',
      { id: lease!.id },
    );
    expect(after.has_open_after_sale).toBe(false);
    expect(codeOf(after.unit!)).toBe(replacement);
  });
});
