/**
 * Time of each action (issue 64, item 8: ≤ 1 s, median of 5, none over 1.5 s): from the user's
 * click (or the scanner's Enter) to the first frame in which the screen shows the action's result
 * with no loading state left — the write call and the screen's refresh after it. Read in the page
 * with performance.now(): the start is stamped by a capturing listener on the event itself, the
 * end polled every animation frame. Run by bundle-size.mjs after the screens, on the same build,
 * backend and signed-in owner of the demo shop.
 *
 * The actions, each RUNS times on records this run makes (every code carries the run's stamp):
 * - `createStockReceipt`: 新建入库单 → 创建, until the receipt's scan dialog shows it (0/1);
 * - `receiveUnit`: a new device's IMEI scanned into it, until the line reads 1/1;
 * - `sendStockTransfer`: 发起调拨 with that device → 发出（1 台）, until the transfer is in transit;
 * - `addExpress` by scan: an order of a tracked SKU awaiting shipment, its device scanned, 发货,
 *   until the order reads 已发货 (as many as the demo has, at most RUNS).
 */
import { request as playwrightRequest } from '@playwright/test';

export const ACTION_BUDGET_MS = 1000;
export const ACTION_CEILING_MS = 1500;
const RUNS = Number(process.env.BENCH_ACTION_RUNS ?? 5);
const LOADING = '[aria-busy="true"], .animate-pulse, [role="status"] .animate-spin';

/** A 15-digit IMEI with its Luhn check digit (as frontend/e2e/pages/AssetsPage.ts makes them). */
function imeiOf(body) {
  const digits = body.padStart(14, '0').slice(-14);
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(digits[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** Arms a one-shot stamp on the next `event` (click or keydown) anywhere in the page. */
async function armStart(page, event) {
  await page.evaluate((name) => {
    window.__actionStart = undefined;
    document.addEventListener(name, () => (window.__actionStart = performance.now()), { capture: true, once: true });
  }, event);
}

/**
 * Milliseconds from the stamped event to the first frame where `done` holds and nothing loads:
 * `done.present` a selector shown, `done.absent` one gone, `done.textOf` holding `done.contains`.
 */
async function timeUntil(page, done, label) {
  const handle = await page
    .waitForFunction(
      ([check, loading]) => {
        if (window.__actionStart === undefined) return false;
        const shown =
          (!check.present || document.querySelector(check.present) !== null) &&
          (!check.absent || document.querySelector(check.absent) === null) &&
          (!check.textOf || (document.querySelector(check.textOf)?.textContent ?? '').includes(check.contains));
        return shown && !document.querySelector(loading) ? performance.now() - window.__actionStart : false;
      },
      [done, LOADING],
      { timeout: 30_000, polling: 'raf' },
    )
    .catch(() => {
      throw new Error(`${label}: its result did not show within 30 s on ${page.url()}`);
    });
  return Math.round(await handle.jsonValue());
}

/** The demo shop's API as the owner, through the front end's /api proxy (Host names the side). */
async function shopApi(port, password) {
  const api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}`, extraHTTPHeaders: { Host: `demo.localhost:${port}` } });
  const answer = async (response, path) => {
    const body = await response.json();
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`);
    return body.data;
  };
  const login = await answer(await api.post('/api/platform/mainLand', { data: { username: 'owner', password } }), 'mainLand');
  const headers = { 'jwt-token': login.token };
  return {
    get: async (path, params) => answer(await api.get(path, { headers, params }), path),
    dispose: () => api.dispose(),
  };
}

/** Orders of a tracked SKU awaiting shipment, each with a device of its SKU in the warehouse. */
async function ordersToShip(api, count) {
  const orders = await api.get('/api/platform/backendOrderList', { status: 'awaiting_shipment', page: 1, page_size: 50 });
  const found = [];
  const taken = new Set();
  for (const row of orders.list) {
    const order = await api.get('/api/merchant/orderInfo', { id: row.id });
    if (!order.sku_tracked || !order.actions.includes('ship')) continue;
    const units = await api.get('/api/backend/getUnitList', { sku_id: order.sku_id, status: 'in_stock', warehouse: 'true', page: 1, page_size: 20 });
    const unit = units.list.find((candidate) => !taken.has(candidate.id));
    if (!unit) continue;
    taken.add(unit.id);
    found.push({ id: order.id, code: unit.imei1 || unit.serial_number });
    if (found.length === count) break;
  }
  return found;
}

async function scan(scope, code) {
  const field = scope.locator('[data-scan-input] input');
  await field.fill(code);
  await field.press('Enter');
}

/** Runs every action RUNS times in one signed-in page; answers [{ action, times }]. */
export async function measureActions({ browser, port, storageState, password }) {
  const origin = `http://demo.localhost:${port}`;
  const stamp = String(Date.now()).slice(-9);
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, storageState });
  const page = await context.newPage();
  const api = await shopApi(port, password);
  const times = { createStockReceipt: [], receiveUnit: [], sendStockTransfer: [], addExpress: [] };
  try {
    const sku = (await api.get('/api/backend/getUnitList', { page: 1, page_size: 20 })).list.find((unit) => unit.goods_id !== null);
    if (!sku) throw new Error('the demo shop tracks no goods by unit');
    for (let run = 0; run < RUNS; run += 1) {
      const imei = imeiOf(`86${stamp}${run}`);
      await page.goto(`${origin}/stockReceipts`);
      await page.getByRole('button', { name: '新建入库单' }).click();
      const create = page.getByRole('dialog', { name: '新建采购入库单' });
      await create.getByLabel('供应商', { exact: true }).selectOption({ index: 1 });
      const line = create.locator('[data-receipt-line="1"]');
      await line.getByRole('searchbox').fill(sku.goods_name);
      await line.getByRole('searchbox').press('Enter');
      await line.getByLabel('商品', { exact: true }).selectOption({ label: sku.goods_name });
      await line.getByLabel('规格', { exact: true }).selectOption({ index: 1 });
      await line.getByLabel('数量').fill('1');
      await line.getByLabel('单台成本（元）').fill('100.00');
      await armStart(page, 'click');
      await create.getByRole('button', { name: '创建' }).click();
      times.createStockReceipt.push(await timeUntil(page, { present: '[role=dialog] [data-receipt-overall="0/1"]' }, 'createStockReceipt'));

      const receive = page.getByRole('dialog', { name: /^扫码入库/ });
      await armStart(page, 'keydown');
      await scan(receive, imei);
      times.receiveUnit.push(await timeUntil(page, { present: '[role=dialog] [data-receipt-overall="1/1"]' }, 'receiveUnit'));
      await receive.getByRole('button', { name: '关闭' }).last().click();

      await page.goto(`${origin}/stockTransfers`);
      await page.getByRole('button', { name: '发起调拨' }).click();
      const send = page.getByRole('dialog', { name: '发起调拨' });
      // A sub-shop: the first place that is not where the device is (the warehouse).
      const to = send.getByLabel('调入位置');
      const from = await send.getByLabel('调出位置').inputValue();
      await to.locator('option').nth(2).waitFor({ state: 'attached' }); // the shop's sub-shops, once loaded
      const places = await to.locator('option').evaluateAll((options) => options.map((option) => option.value));
      await to.selectOption(places.find((value) => value !== '' && value !== from));
      await scan(send, imei);
      await send.locator('[data-transfer-units] li').first().waitFor();
      await armStart(page, 'click');
      await send.getByRole('button', { name: '发出（1 台）' }).click();
      times.sendStockTransfer.push(await timeUntil(page, { present: '[role=dialog] [data-transfer-detail="in_transit"]' }, 'sendStockTransfer'));
    }

    for (const [index, order] of (await ordersToShip(api, RUNS)).entries()) {
      await page.goto(`${origin}/orderInfo/${order.id}`);
      await page.getByRole('button', { name: '发货', exact: true }).click();
      const ship = page.getByRole('dialog', { name: /^发货/ });
      await ship.getByLabel('快递公司').selectOption({ index: 1 });
      await ship.getByLabel('快递单号').fill(`SF${stamp}${index}`);
      const serial = ship.locator('[data-unit-scan-field] input');
      await serial.fill(order.code);
      await serial.press('Enter');
      await ship.locator('[data-unit-check="ok"]').waitFor();
      await armStart(page, 'click');
      await ship.getByRole('button', { name: '发货' }).click();
      times.addExpress.push(
        await timeUntil(page, { absent: '[role=dialog]', textOf: 'h1 + div', contains: '已发货' }, 'addExpress'),
      );
    }
  } finally {
    await api.dispose();
    await context.close();
  }
  return Object.entries(times).map(([action, list]) => ({ action, times: list }));
}
