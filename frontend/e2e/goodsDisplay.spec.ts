import { fileURLToPath } from 'node:url';
import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { GoodsEditorPage } from './pages/GoodsEditorPage';
import { GoodsListPage } from './pages/GoodsListPage';

const PICTURE = fileURLToPath(new URL('./fixtures/goods-picture.png', import.meta.url));
const MERCHANT = ACCOUNTS.demoOwner.merchant;
const HINT = '是否在平台前台展示由平台决定，商户无法自行设置。';

// The e2e database persists between runs: every name carries this run's stamp.
const stamp = `${Date.now().toString(36)}`;
const TITLE = `E2E 展示投影仪 ${stamp}`;

test.describe.serial('storefront display: the merchant sees whether the platform shows its goods', () => {
  test.beforeAll(async ({ request }) => {
    const owner = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    const picture = await owner.uploadPicture(PICTURE);
    const saved = await owner.createOnShelf({ title: TITLE, code: `E2E-DISP-${stamp}`, picture });
    expect(saved.status).toBe('on_shelf');
  });

  test.describe('merchant', () => {
    test.use({ storageState: STORAGE.demo });

    test('new goods on shelf are not on the platform storefront', async ({ page }) => {
      const list = new GoodsListPage(page);
      await list.goto(HOSTS.demo, `?keyword=${encodeURIComponent(TITLE)}`);
      const status = await list.cell('商品列表', TITLE, '状态');
      await expect(status).toContainText('在架');
      await expect(status.getByText('未在平台展示')).toHaveAttribute('title', HINT);
    });
  });

  test.describe('platform admin', () => {
    test.use({ storageState: STORAGE.admin });

    test('shows the goods on the storefront', async ({ page }) => {
      const list = new GoodsListPage(page);
      await list.goto(HOSTS.admin);
      await page.getByLabel('商户').selectOption({ label: MERCHANT });
      await list.search(TITLE);
      const display = list.row('全平台商品列表', TITLE).getByRole('switch', { name: `前台展示：${TITLE}` });
      await expect(display).not.toBeChecked();
      await display.click();
      await expect(display).toBeChecked();
    });
  });

  test.describe('merchant again', () => {
    test.use({ storageState: STORAGE.demo });

    test('sees the goods shown on the platform storefront in the list and the editor', async ({ page }) => {
      const list = new GoodsListPage(page);
      await list.goto(HOSTS.demo, `?keyword=${encodeURIComponent(TITLE)}`);
      const status = await list.cell('商品列表', TITLE, '状态');
      await expect(status.getByText('平台展示中')).toHaveAttribute('title', HINT);
      await expect(status).not.toContainText('未在平台展示');

      await list.row('商品列表', TITLE).getByRole('link', { name: `编辑 ${TITLE}` }).click();
      const editor = new GoodsEditorPage(page);
      await expect(editor.heading('编辑商品')).toBeVisible();
      await expect(page.getByText('平台展示中')).toBeVisible();
    });
  });
});
