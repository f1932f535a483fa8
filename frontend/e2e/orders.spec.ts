import { deviceToShip } from './support/devices';
import { HOSTS, PASSWORD, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { LoginPage } from './pages/LoginPage';
import { OrderDetailPage } from './pages/OrderDetailPage';
import { OrderListPage } from './pages/OrderListPage';
import { columnTexts } from './support/table';

// Orders come from the demo data (apps/orders/demo.py): every state of the demo merchant.
// Each test picks its order through the lists' status filters, so a rerun takes the next one.
const stamp = Date.now().toString(36).toUpperCase();
const SUB_SHOP = '城东旗舰店';

test.describe.serial('orders: the shop audits, ships and reads bills; the platform and a sub-merchant see theirs', () => {
  let allocatedOrderNo = '';

  test.describe('store owner', () => {
    test.use({ storageState: STORAGE.demo });

    test('passes the audit of an order awaiting audit: status and timeline change', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/regularOrder', '常规订单');
      await expect(list.stageTabs().getByRole('link', { name: /常规订单/ })).toHaveAttribute('aria-current', 'page');
      await list.filterStatus('待审核');
      await expect(page).toHaveURL(/status=awaiting_audit/);
      await expect(list.rows().first()).toContainText('待审核');
      const orderNo = await list.openFirst();

      const detail = new OrderDetailPage(page);
      await detail.expectStatus('待审核');
      await detail.act('审核通过');
      await detail.confirm('审核通过');
      await detail.expectStatus('待支付签约');
      await expect(detail.timeline()).toContainText('审核通过');
      await expect(detail.timeline()).toContainText('订单状态 由 待审核 改为 待支付签约');
      // The buttons follow the new state: no audit any more.
      await expect(detail.actions().getByRole('button', { name: '审核通过' })).toHaveCount(0);

      await page.getByRole('link', { name: '返回常规订单' }).click();
      await list.searchOrderNo(orderNo);
      await expect(list.row(orderNo)).toContainText('待支付签约');
    });

    test('ships an order awaiting shipment and finds it shipped in the deal-closed list', async ({ page, request }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/dealingOrder?status=awaiting_shipment', '成交订单');
      const orderNo = await list.openFirst();
      // The demo tracks its phones and laptops by unit (issue 43): such an order ships the
      // code of a device in stock, scanned; any other ships the serial typed.
      const device = await deviceToShip(request, Number(page.url().match(/orderInfo\/(\d+)/)?.[1]));

      const detail = new OrderDetailPage(page);
      await detail.expectStatus('待发货');
      await detail.act('发货');
      const dialog = detail.dialog();
      await dialog.getByRole('button', { name: '发货', exact: true }).click();
      await expect(dialog.getByText('请选择快递公司').last()).toBeVisible(); // checked before sending
      await dialog.getByLabel('快递公司').selectOption({ label: '顺丰速运' });
      await dialog.getByLabel('快递单号').fill(`SF${stamp}`);
      await dialog.getByLabel('设备序列号/IMEI').fill(device ?? `IMEI-E2E-${stamp}`);
      if (device) {
        await dialog.getByLabel('设备序列号/IMEI').press('Enter');
        await expect(dialog.locator('[data-unit-check="ok"]')).toBeVisible();
      }
      await detail.confirm('发货');
      await detail.expectStatus('已发货');
      await expect(detail.section('物流')).toContainText(`SF${stamp}`);
      await expect(detail.section('物流')).toContainText('顺丰速运');
      await expect(detail.timeline()).toContainText('订单状态 由 待发货 改为 已发货');

      await page.getByRole('link', { name: '返回成交订单' }).click();
      await list.filterStatus('已发货');
      await list.searchOrderNo(orderNo);
      await expect(list.row(orderNo)).toContainText('已发货');
    });

    test('reads the instalment bills of an order in lease', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/dealingOrder?status=in_lease', '成交订单');
      const orderNo = await list.openFirst();
      await expect(page.getByRole('region', { name: '账单', exact: true })).toContainText(/共 \d+ 期/);
      await page.getByRole('link', { name: '查看账单明细' }).click();

      await expect(page.getByRole('heading', { level: 1, name: `订单 ${orderNo} 的账单` })).toBeVisible();
      const bills = page.getByRole('table', { name: '分期账单' });
      await expect(bills.getByRole('row', { name: /第 1 期/ })).toContainText('已支付');
      expect(await bills.locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
      await expect(bills.getByText('待支付').first()).toBeVisible();
      // Money reads as CNY with two places.
      await expect(bills.locator('tbody tr').first()).toContainText(/¥[\d,]+\.\d{2}/);
      await expect(bills.getByRole('button', { name: /对第 \d+ 期发起扣款/ }).first()).toBeVisible();
    });

    test('opens a renewal for the customer of an order in lease: the order moves to after-sale', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/dealingOrder?status=in_lease', '成交订单');
      const orderNo = await list.openFirst();

      const detail = new OrderDetailPage(page);
      await detail.expectStatus('租赁中');
      await expect(detail.actions().getByRole('button', { name: '发起退租归还' })).toBeVisible();
      await expect(detail.actions().getByRole('button', { name: '发起买断' })).toBeVisible();
      await detail.act('发起续租');
      const dialog = detail.dialog();
      await expect(dialog.getByRole('heading', { name: `为订单 ${orderNo} 发起续租` })).toBeVisible();
      // The periods are checked before anything is sent.
      await dialog.getByRole('button', { name: '发起续租', exact: true }).click();
      await expect(dialog.getByText('请填写续租期数')).toBeVisible();
      await dialog.getByLabel('续租期数').fill('40');
      await dialog.getByRole('button', { name: '发起续租', exact: true }).click();
      await expect(dialog.getByText('续租期数须在 1–36 期之间')).toBeVisible();
      await dialog.getByLabel('续租期数').fill('6');
      await dialog.getByLabel('原因（选填）').fill(`客户电话要求续租 ${stamp}`);
      await detail.confirm('发起续租');

      // The after-sale stage takes over: its section and the approve / reject buttons.
      await detail.expectStatus('售后订单');
      const afterSales = detail.section('售后');
      await expect(afterSales).toContainText('续租');
      await expect(afterSales).toContainText('待处理');
      await expect(afterSales).toContainText(`客户电话要求续租 ${stamp}`);
      await expect(afterSales).toContainText(/续租期数\s*6/);
      await expect(detail.actions().getByRole('button', { name: '同意售后' })).toBeVisible();
      await expect(detail.actions().getByRole('button', { name: '发起续租' })).toHaveCount(0);
      await expect(detail.timeline()).toContainText('售后');

      await page.getByRole('link', { name: '返回售后订单' }).click();
      await list.searchOrderNo(orderNo);
      await expect(list.row(orderNo)).toBeVisible();
    });

    test('moves an order awaiting audit to a sub-shop', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/regularOrder?status=awaiting_audit', '常规订单');
      allocatedOrderNo = await list.openFirst();
      const detail = new OrderDetailPage(page);
      await detail.act('分配到子商户');
      await detail.dialog().getByLabel('子商户').selectOption({ label: SUB_SHOP });
      await detail.confirm('确定');
      await expect(detail.section('订单信息')).toContainText(SUB_SHOP);
      await expect(detail.timeline()).toContainText('分配到子商户');
    });
  });

  test.describe('platform', () => {
    test.use({ storageState: STORAGE.admin });

    test('lists the demo merchant’s orders and opens one', async ({ page }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.admin, '/dealingOrder', '成交订单');
      await page.getByRole('combobox', { name: '商户', exact: true }).selectOption({ label: '演示租赁商城' });
      await expect(page).toHaveURL(/merchant_id=\d+/);
      await expect(list.rows().first()).toContainText('演示租赁商城');
      const orderNo = await list.openFirst();

      const detail = new OrderDetailPage(page);
      await expect(detail.section('订单信息')).toContainText('演示租赁商城');
      await expect(detail.section('订单信息')).toContainText(orderNo);
      await expect(detail.actions().getByRole('button', { name: '平台关闭订单' })).toBeVisible();
      await expect(detail.actions().getByRole('button', { name: '发货' })).toHaveCount(0);
      await expect(detail.timeline()).toBeVisible();
    });

    test('opens the contract of a merchant’s order in lease: a PDF', async ({ page, context }) => {
      const list = new OrderListPage(page);
      await list.goto(HOSTS.admin, '/dealingOrder?status=in_lease', '成交订单');
      await page.getByRole('combobox', { name: '商户', exact: true }).selectOption({ label: '演示租赁商城' });
      await expect(page).toHaveURL(/merchant_id=\d+/);
      await list.openFirst();

      // The PDF shows the lessee's ID number as signed: it opens with a reason (a reveal).
      const contract = new OrderDetailPage(page).section('合同');
      await contract.getByRole('button', { name: '查看合同' }).click();
      const ask = page.getByRole('dialog', { name: '查看合同' });
      await ask.getByRole('textbox').fill('平台核对合同条款');
      const [link, tab, served] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/api/applet/lookContract')),
        context.waitForEvent('page'),
        // The new tab's own load of the link (headless Chromium downloads a PDF rather than
        // showing it, so the answer is read on the network, not in the tab).
        context.waitForEvent('response', (response) => response.url().includes('/api/files/')),
        ask.getByRole('button', { name: '打开合同' }).click(),
      ]);
      const answer = (await link.json()) as { code: number; data: { url: string } };
      expect(answer.code).toBe(200);
      expect(answer.data.url).toMatch(/^\/api\/files\//);
      expect(served.url()).toBe(new URL(answer.data.url, HOSTS.admin).href);
      expect(served.frame().page()).toBe(tab);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toContain('application/pdf');
      await tab.close();
    });
  });

  test.describe('sub-merchant', () => {
    test('sees only its own sub-shop’s orders', async ({ page }) => {
      expect(allocatedOrderNo).not.toBe('');
      const login = new LoginPage(page);
      await login.goto(HOSTS.demo);
      await login.login('east', PASSWORD);
      await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();

      const list = new OrderListPage(page);
      await list.goto(HOSTS.demo, '/s_regularOrder', '子商户常规订单');
      await expect(page.getByText(`你是“${SUB_SHOP}”的子商户账号`)).toBeVisible();
      await expect(list.row(allocatedOrderNo)).toBeVisible();
      const shops = await columnTexts(list.table(), 'subShop');
      expect(shops.length).toBeGreaterThan(0);
      expect(shops.every((name) => name.trim() === SUB_SHOP)).toBe(true);

      await list.row(allocatedOrderNo).getByRole('link', { name: `查看订单 ${allocatedOrderNo}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `订单 ${allocatedOrderNo}` })).toBeVisible();
      await expect(page.getByRole('link', { name: '返回子商户常规订单' })).toBeVisible();

      // The shop's own lists need order.view, which a sub-merchant lacks.
      await page.goto(`${HOSTS.demo}/regularOrder`);
      await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
    });
  });
});

test.describe('orders at phone width (390 px)', () => {
  test.use({ storageState: STORAGE.demo, viewport: { width: 390, height: 844 } });

  test('the list and the detail fit: the table scrolls in its card, the page never sideways', async ({ page }) => {
    const list = new OrderListPage(page);
    await list.goto(HOSTS.demo, '/dealingOrder', '成交订单');
    await expect(list.table()).toBeVisible();
    const card = page.locator('[data-scroll-x]').filter({ has: list.table() });
    expect(await card.evaluate((element) => getComputedStyle(element).overflowX)).toBe('auto');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    const orderNo = await list.openFirst();
    await expect(new OrderDetailPage(page).heading(orderNo)).toBeVisible();
    await expect(page.getByRole('region', { name: '订单动态' })).toBeVisible();
    expect(await fits()).toBe(true);
  });

  test('the after-sale dialog of an order in lease fits: fields and buttons in view', async ({ page }) => {
    const list = new OrderListPage(page);
    await list.goto(HOSTS.demo, '/dealingOrder?status=in_lease', '成交订单');
    await list.openFirst();
    const detail = new OrderDetailPage(page);
    await detail.act('发起买断');
    const dialog = detail.dialog();
    await expect(dialog.getByText('方案买断价')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(dialog.getByLabel('原因（选填）')).toBeInViewport();
    await expect(dialog.getByRole('button', { name: '发起买断', exact: true })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  });
});
