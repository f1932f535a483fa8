import { fileURLToPath } from 'node:url';
import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { GoodsEditorPage } from './pages/GoodsEditorPage';
import { GoodsListPage } from './pages/GoodsListPage';
import { GoodsReviewDialog } from './pages/GoodsReviewDialog';

const PICTURE = fileURLToPath(new URL('./fixtures/goods-picture.png', import.meta.url));
const MERCHANT = ACCOUNTS.demoOwner.merchant;
const SETTING = '该商户商品上架需平台审核';

// The e2e database persists between runs: every name carries this run's stamp.
const stamp = `${Date.now().toString(36)}`;
const TITLE = `E2E 审核相机 ${stamp}`;
const REASON = `E2E 缺少实拍图 ${stamp}`;

async function openMerchantGoods(list: GoodsListPage, query = '') {
  await list.goto(HOSTS.admin, query);
  await list.page.getByLabel('商户').selectOption({ label: MERCHANT });
  await expect(list.page).toHaveURL(/merchant_id=\d+/);
}

test.describe.serial('goods review: the platform reviews goods of a merchant that needs review', () => {
  let merchantId = 0;

  test.beforeAll(async ({ request }) => {
    const admin = await GoodsApi.signIn(request, 'admin', ACCOUNTS.admin.username);
    merchantId = await admin.merchantId(MERCHANT);
    await admin.setReviewRequired(merchantId, false);
  });

  // Other specs expect goods to go straight on shelf: switch review off whatever happened.
  test.afterAll(async ({ request }) => {
    const admin = await GoodsApi.signIn(request, 'admin', ACCOUNTS.admin.username);
    const setting = await admin.setReviewRequired(merchantId || (await admin.merchantId(MERCHANT)), false);
    expect(setting.need_review).toBe(false);
  });

  test.describe('platform admin', () => {
    test.use({ storageState: STORAGE.admin });

    test('switches review on for the merchant from the goods list filter', async ({ page }) => {
      const list = new GoodsListPage(page);
      await list.goto(HOSTS.admin);
      // The switch belongs to one merchant: it appears only once a merchant is chosen.
      await expect(page.getByRole('switch', { name: SETTING })).toHaveCount(0);
      await openMerchantGoods(list);
      const setting = page.getByRole('switch', { name: SETTING });
      await expect(setting).not.toBeChecked();
      await setting.click();
      await expect(setting).toBeChecked();
      await expect(page.getByText(`${MERCHANT}的商品上架需平台审核`)).toBeVisible();

      await page.reload();
      await expect(page.getByRole('switch', { name: SETTING })).toBeChecked();
    });

    test('sees goods the merchant put on shelf waiting in review and turns them down with a reason', async ({ page, request }) => {
      const owner = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
      const picture = await owner.uploadPicture(PICTURE);
      const saved = await owner.createOnShelf({ title: TITLE, code: `CAM-${stamp}`, picture });
      expect(saved.status).toBe('in_review');

      const list = new GoodsListPage(page);
      await openMerchantGoods(list, '?status=in_review');
      await list.search(TITLE);
      const row = list.row('全平台商品列表', TITLE);
      await expect(row).toContainText('审核中');

      await row.getByRole('button', { name: `审核 ${TITLE}` }).click();
      const review = new GoodsReviewDialog(page);
      await expect(review.dialog()).toContainText(MERCHANT);
      // Turning down needs a reason: refused beside the field before any request.
      await review.rejectButton().click();
      await expect(review.dialog().getByText('请填写驳回原因')).toBeVisible();
      await expect(review.reason()).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: 'e2e/screenshots/goodsreview-dialog-reason-required.png' });
      await review.turnDown(REASON);

      await expect(page.getByText(`已驳回“${TITLE}”`)).toBeVisible();
      // Turned down goods leave the in-review tab.
      await expect(list.row('全平台商品列表', TITLE)).toHaveCount(0);
      await list.tab(/^已下架/).click();
      await expect(list.row('全平台商品列表', TITLE)).toContainText('已下架');
    });
  });

  test.describe('merchant', () => {
    test.use({ storageState: STORAGE.demo });

    test('sees the reason on the goods list and in the editor, and submits the goods again', async ({ page }) => {
      const list = new GoodsListPage(page);
      await list.goto(HOSTS.demo, '?status=off_shelf');
      const row = list.row('商品列表', TITLE);
      await expect(row).toContainText('审核未通过：');
      await expect(row).toContainText(REASON);

      await row.getByRole('link', { name: `编辑 ${TITLE}` }).click();
      const editor = new GoodsEditorPage(page);
      await expect(editor.heading('编辑商品')).toBeVisible();
      const banner = page.getByRole('alert').filter({ hasText: '该商品未通过平台审核' });
      await expect(banner).toContainText(REASON);
      await expect(page.getByLabel('商品名称')).toHaveValue(TITLE);
      await page.screenshot({ path: 'e2e/screenshots/goodsreview-editor-review-note.png', fullPage: true });

      await editor.saveAndPutOnShelf();
      await expect(page).toHaveURL(/\/productManage\?status=in_review/);
      const again = list.row('商品列表', TITLE);
      await expect(again).toContainText('审核中');
      // Submitting again clears the platform's note.
      await expect(again).not.toContainText('审核未通过');
    });
  });

  test.describe('platform admin again', () => {
    test.use({ storageState: STORAGE.admin });

    test('approves the goods, which go on shelf', async ({ page }) => {
      const list = new GoodsListPage(page);
      await openMerchantGoods(list, '?status=in_review');
      await list.search(TITLE);
      const row = list.row('全平台商品列表', TITLE);
      await expect(row).toContainText('审核中');
      await row.getByRole('button', { name: `审核 ${TITLE}` }).click();
      await new GoodsReviewDialog(page).approve();
      await expect(page.getByText(`“${TITLE}”已审核通过并上架`)).toBeVisible();

      await list.tab(/^在架/).click();
      const onShelf = list.row('全平台商品列表', TITLE);
      await expect(onShelf).toContainText('在架');
      await expect(onShelf.getByRole('button', { name: `审核 ${TITLE}` })).toHaveCount(0);

      // Switch review off through the UI too; afterAll makes sure of it whatever happened.
      const setting = page.getByRole('switch', { name: SETTING });
      await setting.click();
      await expect(setting).not.toBeChecked();
    });
  });
});
