import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { GoodsEditorPage } from './pages/GoodsEditorPage';
import { GoodsListPage } from './pages/GoodsListPage';
import { GoodsStockDialog } from './pages/GoodsStockDialog';


// The e2e database persists between runs: every name carries this run's stamp.
const stamp = `${Date.now().toString(36)}`;
const TITLE = `E2E 库存平板 ${stamp}`;
const SHOP = `E2E 门店 ${stamp}`;
const LIST = '商品列表';

test.describe.serial('goods stock and availability', () => {
  test.use({ storageState: STORAGE.demo });
  let goodsId = 0;

  test.beforeAll(async ({ request }) => {
    const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    const goods = await api.createInTwoColours(TITLE, 'TAB', stamp);
    goodsId = goods.id;
    await api.createSubShop(SHOP);
  });

  test('adds 5 to one SKU from the goods list and sees the new total; removing more than the stock is refused beside the SKU', async ({ page }) => {
    const list = new GoodsListPage(page);
    await list.goto(HOSTS.demo, `?keyword=${encodeURIComponent(TITLE)}`);
    const stockCell = await list.cell(LIST, TITLE, '库存');
    await expect(stockCell).toHaveText('5');

    await list.row(LIST, TITLE).getByRole('button', { name: `调整库存 ${TITLE}` }).click();
    const stock = new GoodsStockDialog(page);
    await expect(stock.dialog()).toContainText(TITLE);
    await stock.expectLoaded();
    await expect(stock.current('黑色')).toHaveText('3');
    await expect(stock.current('白色')).toHaveText('2');

    await stock.change('黑色', '5');
    await expect(stock.current('黑色')).toHaveText('8');
    await expect(stock.row('黑色').getByRole('status')).toContainText('8');

    // Client checks come first: a zero change never reaches the server.
    await stock.change('白色', '0');
    await expect(stock.row('白色').getByRole('alert')).toHaveText('增减数量不能为 0');

    // The server decides whether a decrease fits, and its refusal stays beside the SKU.
    await stock.change('白色', '-9');
    await expect(stock.row('白色').getByRole('alert')).toContainText('库存不足');
    await expect(stock.current('白色')).toHaveText('2');
    await expect(stock.row('黑色').getByRole('alert')).toHaveCount(0);

    await stock.close();
    await expect(stockCell).toHaveText('10');
  });

  test('picks a sub-shop and a channel in the editor, adjusts stock from there, saves, and keeps them after a reload', async ({ page }) => {
    const editor = new GoodsEditorPage(page);
    await editor.gotoEdit(HOSTS.demo, goodsId);

    await expect(editor.subShops()).toContainText('未选择：所有子商户均可租');
    await editor.subShops().getByRole('checkbox', { name: SHOP }).check();
    await expect(editor.subShops()).toContainText('仅所选的 1 个子商户可租');
    await editor.channels().getByRole('checkbox', { name: 'H5', exact: true }).check();

    // Saved SKUs' stock is read-only in the grid; the link opens the same dialog.
    const skuTable = page.getByRole('table', { name: 'SKU 列表' });
    await expect(skuTable.getByRole('row').filter({ hasText: '黑色' })).toContainText('现有 8');
    await page.getByRole('button', { name: '调整库存' }).click();
    const stock = new GoodsStockDialog(page);
    await stock.expectLoaded();
    await stock.change('黑色', '7', '设为');
    await expect(stock.current('黑色')).toHaveText('7');
    await stock.close();
    await expect(skuTable.getByRole('row').filter({ hasText: '黑色' })).toContainText('现有 7');

    await editor.saveDraft();
    await expect(page.getByText('草稿已保存')).toBeVisible();

    await page.reload();
    await expect(editor.heading('编辑商品')).toBeVisible();
    await expect(editor.subShops().getByRole('checkbox', { name: SHOP })).toBeChecked();
    await expect(editor.subShops()).toContainText('仅所选的 1 个子商户可租');
    await expect(editor.channels().getByRole('checkbox', { name: 'H5', exact: true })).toBeChecked();
    await expect(editor.channels().getByRole('checkbox', { name: '支付宝小程序' })).not.toBeChecked();
    await expect(skuTable.getByRole('row').filter({ hasText: '黑色' })).toContainText('现有 7');
  });
});

interface SkuStockRow {
  sku_id: number;
  specs: Record<string, string>;
  stock: number;
  tracked: boolean;
  in_stock: number | null;
  reserved: number | null;
}

test.describe('stock of a SKU tracked by unit', () => {
  test.use({ storageState: STORAGE.demo });

  test('says what can be ordered with its units in stock and the orders holding some, offers no add or set, and leads to its units', async ({ page, request }) => {
    // The demo's phones and laptops are tracked by unit (apps/assets/demo.py).
    const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    const units = await api.get<{ list: { sku_id: number; goods_id: number | null; goods_name: string }[] }>('/api/backend/getUnitList', { status: 'in_stock', page: 1, page_size: 10 });
    const unit = units.list.find((row) => row.goods_id !== null);
    expect(unit, 'the demo tracks its phones and laptops by unit').toBeTruthy();
    const { goods_id: goodsId, goods_name: title, sku_id: skuId } = unit!;
    const sku = (await api.get<SkuStockRow[]>('/api/platform/getSkuStock', { goods_id: goodsId! })).find((row) => row.sku_id === skuId)!;
    expect(sku.tracked).toBe(true);
    expect(sku.stock).toBe(Math.max(0, sku.in_stock! - sku.reserved!));
    const label = Object.values(sku.specs).join(' / ') || '默认规格';

    const list = new GoodsListPage(page);
    await list.goto(HOSTS.demo, `?keyword=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `调整库存 ${title}`, exact: true }).click();
    const stock = new GoodsStockDialog(page);
    await stock.expectLoaded();
    await expect(stock.current(label)).toHaveText(`可租 ${sku.stock}（在库 ${sku.in_stock}，订单预留 ${sku.reserved}）`);
    await expect(stock.mode(label)).toHaveCount(0);
    await expect(stock.row(label)).toContainText('按台管理：库存来自入库的设备');
    await expect(stock.row(label).getByRole('link', { name: '入库单收货' })).toHaveAttribute('href', '/stockReceipts');
    await stock.row(label).getByRole('link', { name: `调整设备（${label}）` }).click();
    await expect(page).toHaveURL(new RegExp(`/assets\\?sku_id=${skuId}$`));
    await expect(page.locator(`[data-sku-filter="${skuId}"]`)).toBeVisible();
  });
});
