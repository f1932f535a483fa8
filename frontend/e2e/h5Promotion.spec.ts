import { expect, test } from './support/test';
import { HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { IntakeApp } from './support/intakeApp';
import { H5PromotionPage } from './pages/H5PromotionPage';

// A share link from the owner's screen to an order the customer places through it: created in
// the dialog, copied, its QR shown; the customer's app (outside the product) reports the visit
// and places the order with the link's code through the signed intake; the link counts both.
const stamp = Date.now().toString(36).toUpperCase();
const NAME = `E2E 推广 ${stamp}`;

test.use({ storageState: STORAGE.demo, permissions: ['clipboard-read', 'clipboard-write'] });

test('a link is created, copied and shown as a QR code; an order through it is counted', async ({ page, request }) => {
  const screen = new H5PromotionPage(page);
  await screen.goto(HOSTS.demo);
  // The demo's links with their figures.
  await expect(screen.row('支付宝小程序首页')).toBeVisible();
  await expect(screen.figure('支付宝小程序首页', 'visits')).not.toHaveText('0');

  await screen.create(NAME, 'H5');
  await expect(screen.figure(NAME, 'orders')).toHaveText('0');

  await screen.action(NAME, '复制链接').click();
  await expect(page.getByText('链接已复制到剪贴板')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // On the customer-facing origin (PUBLIC_WEB_ORIGIN), the shop's H5 page with the code.
  expect(copied).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_PORT ?? 3100}/h5/demo\\?share=[A-Z0-9]{8}$`));

  await screen.action(NAME, '二维码').click();
  const dialog = screen.dialog();
  await expect(dialog.getByRole('img', { name: '推广链接二维码' })).toBeVisible();
  const code = (await dialog.locator('[data-share-code]').getAttribute('data-share-code')) ?? '';
  expect(copied).toContain(code);
  await dialog.getByRole('button', { name: '生成小程序链接' }).click();
  await expect(dialog.locator('[data-scheme]')).toHaveText(/^weixin:\/\/dl\/business\/\?t=/);
  await dialog.getByRole('button', { name: '关闭' }).last().click();

  // The customer opens the link and orders through it.
  const owner = await GoodsApi.signIn(request, 'demo', 'owner');
  const picture = await owner.uploadPicture('e2e/fixtures/goods-picture.png');
  const goods = await owner.createOnShelf({ title: `E2E 推广商品 ${stamp}`, code: `E2E-PROMO-${stamp}`, picture });
  const detail = await owner.post<{ spu_list: { id: number }[]; rent_list: { id: number; sku_index: number }[] }>('/api/platform/goodsDetail', { id: goods.id });
  const plan = detail.rent_list[0];
  const sku = plan && detail.spu_list[plan.sku_index];
  if (!plan || !sku) throw new Error('the goods have no rent plan');
  const key = await owner.post<{ app_id: string; secret: string }>('/api/backend/createIntakeKey', { name: `E2E 推广 ${stamp}`, channel: 'alipay' });
  const app = new IntakeApp(request, 'demo', key.app_id, key.secret);
  await app.post('/api/applet/shareLinkVisit', { code, visitor: `e2e-${stamp}` });
  const placed = await app.post<{ order_no: string }>('/api/applet/placeOrder', {
    idempotency_key: `e2e-promo-${stamp}`,
    customer_name: '推广客户',
    customer_phone: '13900002222',
    id_number: '110101198806060234',
    sku_id: sku.id,
    rent_plan_id: plan.id,
    share_code: code,
  });

  await page.reload();
  await expect(screen.figure(NAME, 'visits')).toHaveText('1');
  await expect(screen.figure(NAME, 'orders')).toHaveText('1');
  await screen.action(NAME, '订单').click();
  await expect(screen.dialog().getByRole('table', { name: '推广订单' })).toContainText(placed.order_no);
});

test.describe('phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list scrolls inside its card and the QR dialog fits', async ({ page }) => {
    const screen = new H5PromotionPage(page);
    await screen.goto(HOSTS.demo);
    await expect(screen.row('支付宝小程序首页')).toBeVisible();
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.width);
    await screen.action('支付宝小程序首页', '二维码').click();
    const picture = screen.dialog().getByRole('img', { name: '推广链接二维码' });
    await expect(picture).toBeInViewport();
  });
});
