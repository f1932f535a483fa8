import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { GoodsStockDialog } from './pages/GoodsStockDialog';

/**
 * The kit's table inside a dialog, a form and a record's section at 390 px (issue 42 item 5): the
 * stock dialog folds each SKU's change form into its details line, the SKU grid scrolls sideways
 * inside its card, a device's orders fit their section; none widens the page.
 */
test.use({ storageState: STORAGE.demo, viewport: { width: 390, height: 844 } });

const stamp = `${Date.now().toString(36)}`;
const TITLE = `E2E 手机宽度 ${stamp}`;

async function expectNoSidewaysPage(page: Page) {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
}

/** The table's card: whether it scrolls sideways inside itself. */
async function cardOf(table: Locator) {
  return table.evaluate((element) => {
    const card = element.closest('[data-scroll-x]')!;
    return { scroll: card.scrollWidth, client: card.clientWidth };
  });
}

test.describe.serial('tables at phone width', () => {
  let goodsId = 0;

  test.beforeAll(async ({ request }) => {
    const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    const goods = await api.createInTwoColours(TITLE, 'PH', stamp);
    goodsId = goods.id;
  });

  test('the stock dialog shows each SKU with its stock and opens its change form beneath it', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/productManage?keyword=${encodeURIComponent(TITLE)}`);
    await page.getByRole('button', { name: `调整库存 ${TITLE}` }).click();
    const stock = new GoodsStockDialog(page);
    await stock.expectLoaded();
    await expect(stock.table()).toHaveAttribute('data-folded', 'change');
    await expect(stock.current('黑色')).toHaveText('3');
    const sizes = await cardOf(stock.table());
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client + 1);

    await stock.row('黑色').getByRole('button', { name: '展开详情' }).click();
    await stock.change('黑色', '2');
    await expect(stock.current('黑色')).toHaveText('5');
    // The form moved out of the details and back as the new figures were measured: the outcome stays.
    await expect(stock.table().locator('[data-row-details]').getByRole('status')).toContainText('5');
    await expect(stock.dialog().getByRole('button', { name: '确定调整 黑色' })).toBeInViewport();
    await expectNoSidewaysPage(page);
  });

  test('the SKU grid keeps every field and scrolls sideways inside its card', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/product?id=${goodsId}`);
    const grid = page.getByRole('table', { name: 'SKU 列表' });
    await expect(grid.getByRole('row')).toHaveCount(3);
    await expect(grid).not.toHaveAttribute('data-folded');
    await expect(grid.getByRole('rowheader', { name: '黑色' })).toBeVisible();
    await grid.getByLabel('售价（黑色）').scrollIntoViewIfNeeded();
    await expect(grid.getByLabel('售价（黑色）')).toBeInViewport();
    // The grid's card stays inside the screen and scrolls sideways; the page does not (the rest of
    // the editor wraps: phoneGoodsEditor.spec.ts).
    const card = await grid.evaluate((element) => {
      const box = element.closest('[data-scroll-x]')!;
      return { right: box.getBoundingClientRect().right, width: window.innerWidth, scroll: box.scrollWidth, client: box.clientWidth };
    });
    expect(card.right).toBeLessThanOrEqual(card.width);
    expect(card.scroll).toBeGreaterThan(card.client);
    await expectNoSidewaysPage(page);
  });

  test('a device’s orders fit its section at phone width, what each paid in view', async ({ page, request }) => {
    const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    const out = await api.get<{ list: { id: number }[] }>('/api/backend/getUnitList', { status: 'out_with_customer', page: 1, page_size: 1 });
    expect(out.list.length, 'the demo has a device with a customer').toBeGreaterThan(0);
    await page.goto(`${HOSTS.demo}/assets/${out.list[0]!.id}`);
    const orders = page.getByRole('table', { name: '订单与收入' });
    await expect(orders).toBeVisible();
    await expect(orders.locator('th[data-column="paid"]')).toBeVisible();
    const sizes = await cardOf(orders);
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client + 1);
    await expectNoSidewaysPage(page);
  });
});
