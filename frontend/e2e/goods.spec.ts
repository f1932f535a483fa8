import { fileURLToPath } from 'node:url';
import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { GoodsAddonPage } from './pages/GoodsAddonPage';
import { GoodsEditorPage } from './pages/GoodsEditorPage';
import { GoodsForceDownDialog } from './pages/GoodsForceDownDialog';
import { GoodsListPage } from './pages/GoodsListPage';

const PICTURE = fileURLToPath(new URL('./fixtures/goods-picture.png', import.meta.url));

// The e2e database persists between runs: every name carries this run's stamp.
const stamp = `${Date.now().toString(36)}`;
const TITLE = `E2E 游戏主机 ${stamp}`;
const ADDON = `E2E 碎屏保障 ${stamp}`;
const REASON = `E2E 图片与实物不符 ${stamp}`;

test.describe.serial('goods: a merchant publishes, the platform forces it down, the merchant sees why', () => {
  test.describe('merchant', () => {
    test.use({ storageState: STORAGE.demo });

    test('creates an add-on, then goods with two SKUs, rent plans, a package and a picture, and puts it on shelf', async ({ page }) => {
      const addons = new GoodsAddonPage(page);
      await addons.goto(HOSTS.demo);
      await addons.create({ name: ADDON, type: '碎屏/意外保障', price: '29.90', description: '屏幕意外损坏免费维修一次' });
      await expect(addons.row(ADDON)).toContainText('¥29.90');

      const editor = new GoodsEditorPage(page);
      await editor.gotoNew(HOSTS.demo);
      await editor.fillBasics({ title: TITLE, category: '游戏 / 游戏主机', brand: 'Nintendo' });
      await editor.uploadPicture(PICTURE);
      await editor.defineSpec('颜色', '黑色, 白色');
      await expect(page.getByRole('table', { name: 'SKU 列表' }).getByRole('row')).toHaveCount(3);
      await editor.fillSku('黑色', { code: `NS-B-${stamp}`, stock: '5' });
      await editor.fillSku('白色', { code: `NS-W-${stamp}`, stock: '3' });

      await page.getByRole('button', { name: '为每个 SKU 添加方案' }).click();
      await editor.fillRentPlan(1, { sku: '黑色', term: '3个月', rent: '99.00', deposit: '500', buyout: '1500' });
      await editor.fillRentPlan(2, { sku: '白色', term: '6个月', rent: '89.50', deposit: '300', buyout: '1400' });
      // Totals come from integer cents: 99.00 × 3.
      await expect(editor.rentPlan(1)).toContainText('总租金 ¥297.00');

      await editor.addPackage({ name: '尊享套餐', addon: ADDON });
      await expect(page.getByRole('group', { name: '套餐 1' })).toContainText('= ¥326.90');

      await editor.saveAndPutOnShelf();
      const list = new GoodsListPage(page);
      await expect(page).toHaveURL(/\/productManage\?status=on_shelf/);
      const row = list.row('商品列表', TITLE);
      await expect(row).toBeVisible();
      await expect(row).toContainText('在架');
      await expect(row).toContainText('¥89.50 起/期');
    });
  });

  test.describe('platform admin', () => {
    test.use({ storageState: STORAGE.admin });

    test('forces the goods down with a reason on the admin goods list', async ({ page }) => {
      const list = new GoodsListPage(page);
      await list.goto(HOSTS.admin);
      await page.getByLabel('商户').selectOption({ label: '演示租赁商城' });
      await list.search(TITLE);
      await expect(page).toHaveURL(/merchant_id=\d+/);
      await expect(page).toHaveURL(/keyword=/);
      const row = list.row('全平台商品列表', TITLE);
      await expect(row).toContainText('在架');
      // New goods on shelf are not displayed on the platform's front page until the platform says so.
      const display = row.getByRole('switch', { name: `前台展示：${TITLE}` });
      await expect(display).not.toBeChecked();
      await display.click();
      await expect(display).toBeChecked();

      await row.getByRole('button', { name: `强制下架 ${TITLE}` }).click();
      const dialog = new GoodsForceDownDialog(page);
      // "Other" needs text: an empty explanation is refused beside the field.
      await dialog.dialog().getByRole('radio', { name: '其他原因' }).check();
      await dialog.dialog().getByRole('button', { name: '确认下架' }).click();
      await expect(dialog.dialog().getByText('请填写原因说明')).toBeVisible();
      await dialog.forceDown('其他原因', REASON);

      await expect(row).toContainText('强制下架');
      await expect(row).toContainText(REASON);
    });
  });

  test.describe('merchant again', () => {
    test.use({ storageState: STORAGE.demo });

    test('sees the platform reason on the goods list and in the editor', async ({ page }) => {
      const list = new GoodsListPage(page);
      await list.goto(HOSTS.demo, '?status=force_down');
      await expect(list.tab(/强制下架/)).toHaveAttribute('aria-pressed', 'true');
      const row = list.row('商品列表', TITLE);
      await expect(row).toContainText('平台下架原因：');
      await expect(row).toContainText(REASON);

      // Putting it back on shelf directly is refused with the reason shown on screen.
      await row.getByRole('checkbox', { name: `选择 ${TITLE}` }).check();
      await page.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: '批量上架' }).click();
      await expect(page.getByRole('alert').filter({ hasText: '上架被拒绝' })).toContainText('已被平台强制下架');

      await row.getByRole('link', { name: `编辑 ${TITLE}` }).click();
      const editor = new GoodsEditorPage(page);
      await expect(editor.heading('编辑商品')).toBeVisible();
      await expect(editor.forceDownBanner()).toContainText(REASON);
      await expect(page.getByLabel('商品名称')).toHaveValue(TITLE);
      await expect(page.getByLabel('SKU 编码（黑色）')).toHaveValue(`NS-B-${stamp}`);
    });
  });
});
