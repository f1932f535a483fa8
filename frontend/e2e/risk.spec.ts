import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { RiskRechargePage } from './pages/RiskRechargePage';
import { cents, shown } from './pages/WithdrawalsPage';

// The demo shop's risk balance (tenants/risk/demo.py): an opening transfer, the intake's charge
// for every demo order, a QR recharge paid, one waiting, transfers approved, rejected, pending.
const QR_AMOUNT = '66.00';
const TRANSFER_AMOUNT = '123.45';
const VOUCHER = 'e2e/fixtures/goods-picture.png';

test.describe.serial('risk balance recharges', () => {
  let transferNo = '';
  let balanceBeforeTransfer = 0;

  test.describe('store owner', () => {
    test.use({ storageState: STORAGE.demo });

    test('recharges by QR code: the payment code, then the balance credited once the provider confirms it', async ({ page }) => {
      const screen = new RiskRechargePage(page);
      await screen.gotoStore(HOSTS.demo);
      const before = cents(await screen.figure('风控余额').innerText());
      // The intake's charges of the demo's orders are on the balance's lines.
      await expect(screen.rows('风控余额明细').filter({ hasText: '查询扣费' }).first()).toBeVisible();

      await page.getByRole('button', { name: '扫码充值' }).click();
      const dialog = screen.dialog();
      await dialog.getByLabel('充值金额（元）').fill('5');
      await dialog.getByRole('button', { name: '生成付款码' }).click();
      await expect(dialog.getByText('每次至少充值 ¥10.00')).toBeVisible();
      await dialog.getByLabel('充值金额（元）').fill(QR_AMOUNT);
      await dialog.getByRole('button', { name: '生成付款码' }).click();
      await expect(dialog.getByRole('img', { name: '充值付款二维码' })).toBeVisible();
      await expect(dialog.getByText('等待付款')).toBeVisible();
      const rechargeNo = (await dialog.locator('[data-recharge-no]').getAttribute('data-recharge-no')) ?? '';
      expect(rechargeNo).toMatch(/^RC\d+/);

      // The payer scans the code and pays at the (sandbox) cashier it opens; the provider's signed
      // callback (or the screen's own query) credits the balance.
      const payUrl = (await dialog.locator('[data-pay-link]').getAttribute('href')) ?? '';
      expect(payUrl).toMatch(/\/sandbox\/cashier\/[^/]+$/);
      const cashier = await page.context().newPage();
      await cashier.goto(payUrl);
      await expect(cashier.locator('[data-cashier-amount]')).toHaveText(shown(cents(QR_AMOUNT)));
      await cashier.locator('[data-cashier-pay]').click();
      await expect(cashier.locator('[data-cashier-result="succeeded"]')).toBeVisible();
      await cashier.close();
      await expect(dialog.getByText(`已到账：${shown(cents(QR_AMOUNT))} 已充入风控余额`)).toBeVisible({ timeout: 20_000 });
      await dialog.getByRole('button', { name: '关闭' }).last().click();

      await expect(screen.figure('风控余额')).toHaveText(shown(before + cents(QR_AMOUNT)));
      await screen.view('充值记录');
      await expect(screen.row(rechargeNo)).toContainText('已到账');
      // Credited once: another look changes nothing.
      await page.reload();
      await expect(screen.figure('风控余额')).toHaveText(shown(before + cents(QR_AMOUNT)));
    });

    test('recharges by transfer with a picture of the voucher; it waits for the platform', async ({ page }) => {
      const screen = new RiskRechargePage(page);
      await screen.gotoStore(HOSTS.demo, '?view=recharges');
      balanceBeforeTransfer = cents(await screen.figure('风控余额').innerText());

      await page.getByRole('button', { name: '线下转账充值' }).click();
      const dialog = screen.dialog();
      await dialog.getByRole('button', { name: '提交审核' }).click();
      await expect(dialog.getByText('请填写充值金额')).toBeVisible();
      await expect(dialog.getByText('请上传转账凭证')).toBeVisible();
      await dialog.getByLabel('转账金额（元）').fill(TRANSFER_AMOUNT);
      await dialog.getByLabel('转账凭证（图片）').setInputFiles(VOUCHER);
      await expect(dialog.getByRole('img', { name: '凭证预览' })).toBeVisible();
      await dialog.getByLabel('备注（选填，如付款账户）').fill('E2E 对公转账');
      await dialog.getByRole('button', { name: '提交审核' }).click();
      await expect(dialog).toBeHidden();

      await screen.tab('待审核').click();
      const first = screen.rows().first();
      await expect(first).toContainText(shown(cents(TRANSFER_AMOUNT)));
      await expect(first).toContainText('待审核');
      transferNo = (await first.locator('td').first().innerText()).trim();
      expect(transferNo).toMatch(/^RC\d+/);
      await expect(screen.figure('风控余额')).toHaveText(shown(balanceBeforeTransfer));
    });
  });

  test.describe('platform finance', () => {
    test.use({ storageState: STORAGE.admin });

    test('sees the transfer among every merchant’s, reads the voucher and approves it', async ({ page }) => {
      const screen = new RiskRechargePage(page);
      await screen.gotoAudit(HOSTS.admin);
      // The audit opens on what waits for it.
      await expect(screen.tab('待审核')).toHaveAttribute('aria-pressed', 'true');
      const row = screen.row(transferNo);
      await expect(row).toContainText('演示租赁商城');
      await expect(row).toContainText(shown(cents(TRANSFER_AMOUNT)));

      await row.getByRole('button', { name: `查看充值 ${transferNo} 的详情` }).last().click();
      const detail = screen.dialog();
      const voucher = detail.getByRole('img', { name: '转账凭证图片' });
      await expect(voucher).toBeVisible();
      expect(await voucher.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await detail.getByRole('button', { name: '关闭' }).last().click();

      await row.getByRole('button', { name: `通过充值 ${transferNo}` }).click();
      await expect(screen.dialog()).toContainText(`确认已收到 演示租赁商城 的转账 ${shown(cents(TRANSFER_AMOUNT))}`);
      await screen.dialog().getByRole('button', { name: '通过并入账' }).click();
      await expect(page.getByText(`充值 ${transferNo} 已通过`)).toBeVisible();
      await expect(screen.row(transferNo)).toHaveCount(0);
      await screen.tab('全部').click();
      await expect(screen.row(transferNo)).toContainText('已到账');
    });
  });

  test.describe('store owner, afterwards', () => {
    test.use({ storageState: STORAGE.demo });

    test('sees the transfer credited on its balance and lines', async ({ page }) => {
      const screen = new RiskRechargePage(page);
      await screen.gotoStore(HOSTS.demo);
      await expect(screen.figure('风控余额')).toHaveText(shown(balanceBeforeTransfer + cents(TRANSFER_AMOUNT)));
      await expect(screen.rows('风控余额明细').filter({ hasText: transferNo }).first()).toContainText(`+${shown(cents(TRANSFER_AMOUNT))}`);
    });

    test('at phone width the page never scrolls sideways', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const screen = new RiskRechargePage(page);
      await screen.gotoStore(HOSTS.demo);
      await expect(screen.table('风控余额明细')).toBeVisible();
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
    });
  });
});
