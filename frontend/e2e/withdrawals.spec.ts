import type { Browser } from '@playwright/test';
import { HOSTS, PASSWORD, STORAGE } from './support/env';
import { signInFresh } from './support/signIn';
import { expect, test } from './support/test';
import { WorkbenchPage } from './pages/WorkbenchPage';
import { cents, shown, WithdrawalsPage } from './pages/WithdrawalsPage';

// The demo (tenants/finance/demo.py) holds withdrawals in every status: paid, pending (800.00),
// rejected, cancelled, and one above the two-person threshold with finance1's first approval.
const AMOUNT = '1.23';
const PAID_OUT = /^(打款中|已到账)$/;

async function signIn(browser: Browser, username: string) {
  const { context, page } = await signInFresh(browser, HOSTS.admin, username, PASSWORD);
  await expect(new WorkbenchPage(page).heading()).toBeVisible();
  return { context, page };
}

test.describe.serial('withdrawals', () => {
  let withdrawalNo = '';

  test.describe('store owner', () => {
    test.use({ storageState: STORAGE.demo });

    test('applies a small withdrawal and sees it pending, the balance lowered by it', async ({ page }) => {
      const screen = new WithdrawalsPage(page);
      await screen.gotoList(HOSTS.demo);
      const before = cents(await screen.figure('可提现余额').innerText());
      const inFlight = cents(await screen.figure('提现中（已冻结）').innerText());
      expect(before).toBeGreaterThan(cents(AMOUNT));
      // Every status of the demo has its tab count.
      for (const label of ['待审核', '待复核', '已到账', '已驳回', '已取消']) await expect(screen.tab(label)).toContainText(/[1-9]\d*$/);

      await page.getByRole('main').getByRole('link', { name: '申请提现' }).click();
      await expect(screen.heading('申请提现')).toBeVisible();
      await expect(screen.figure('可提现余额')).toHaveText(shown(before));
      const amount = page.getByLabel('提现金额（元）');
      // Checked before sending: more than the balance is refused on the spot.
      await amount.fill(((before + 100) / 100).toFixed(2));
      await page.getByRole('button', { name: '提交申请' }).click();
      await expect(page.getByText(`不能超过可提现余额 ${shown(before)}`)).toBeVisible();
      await page.getByRole('button', { name: '全部提现' }).click();
      await expect(amount).toHaveValue((before / 100).toFixed(2));

      await amount.fill(AMOUNT);
      await page.getByLabel('备注（选填）').fill('E2E 小额提现');
      await page.getByRole('button', { name: '提交申请' }).click();
      await expect(page).toHaveURL(/\/cashWithdrawal\?status=pending/);
      const first = screen.rows().first();
      await expect(first).toContainText(shown(cents(AMOUNT)));
      await expect(first).toContainText('待审核');
      withdrawalNo = (await first.locator('td').first().innerText()).trim();
      expect(withdrawalNo).not.toBe('');
      await expect(screen.figure('可提现余额')).toHaveText(shown(before - cents(AMOUNT)));
      await expect(screen.figure('提现中（已冻结）')).toHaveText(shown(inFlight + cents(AMOUNT)));

      // Its detail: no approval yet, the timeline has the application.
      await first.getByRole('button', { name: `查看提现 ${withdrawalNo} 的详情` }).first().click();
      await expect(screen.dialog()).toContainText('还没有人审核');
      await expect(screen.dialog()).toContainText('提交提现申请');
      await page.keyboard.press('Escape');
      await expect(screen.dialog()).toBeHidden();

      // A phone: the list still reads, the apply link stays reachable.
      await page.setViewportSize({ width: 390, height: 800 });
      await expect(page.getByRole('main').getByRole('link', { name: '申请提现' })).toBeVisible();
      await expect(screen.row(withdrawalNo)).toBeVisible();
    });
  });

  test.describe('platform', () => {
    test.use({ storageState: STORAGE.admin });

    test('the admin approves it and the payout starts', async ({ page }) => {
      test.skip(!withdrawalNo, 'needs the withdrawal the store applied for');
      const screen = new WithdrawalsPage(page);
      await screen.gotoList(HOSTS.admin);
      await page.getByLabel('商户').selectOption({ label: '演示租赁商城' });
      await expect(page).toHaveURL(/merchant_id=\d+/);
      await screen.tab('待审核').click();
      const row = screen.row(withdrawalNo);
      await expect(row).toContainText('演示租赁商城');
      await row.getByRole('button', { name: `通过提现 ${withdrawalNo}` }).click();
      await expect(screen.dialog()).toContainText(`打款 ${shown(cents(AMOUNT))}`);
      await screen.dialog().getByRole('button', { name: '通过并打款' }).click();
      await expect(screen.dialog()).toBeHidden();
      await screen.tab('全部').click();
      await expect.poll(async () => screen.status(screen.row(withdrawalNo)), { timeout: 20_000 }).toMatch(PAID_OUT);
    });

    test('finance1 cannot give the second approval of the large one; finance2 can', async ({ browser }) => {
      const first = await signIn(browser, 'finance1');
      const screen = new WithdrawalsPage(first.page);
      await screen.gotoList(HOSTS.admin, '?status=reviewing');
      const row = screen.rows().first();
      await expect(row).toContainText('待复核');
      const large = (await row.locator('td').first().innerText()).trim();
      // Never offered: the approval is disabled with the server's reason, before any click.
      const approve = row.getByRole('button', { name: `通过提现 ${large}` });
      await expect(approve).toBeDisabled();
      await expect(approve).toHaveAttribute('title', '该提现需要另一位财务人员复核');
      await row.getByRole('button', { name: `查看提现 ${large} 的详情` }).first().click();
      await expect(screen.dialog()).toContainText('通过：该提现需要另一位财务人员复核');
      await first.context.close();

      const second = await signIn(browser, 'finance2');
      const theirs = new WithdrawalsPage(second.page);
      await theirs.gotoList(HOSTS.admin, '?status=reviewing');
      const same = theirs.row(large);
      await same.getByRole('button', { name: `查看提现 ${large} 的详情` }).first().click();
      await expect(theirs.dialog()).toContainText('还需 1 人审核通过');
      await expect(theirs.dialog()).toContainText('初审通过');
      await second.page.keyboard.press('Escape');
      await expect(theirs.dialog()).toBeHidden();
      await same.getByRole('button', { name: `通过提现 ${large}` }).click();
      await theirs.dialog().getByRole('button', { name: '通过并打款' }).click();
      await expect(theirs.dialog()).toBeHidden();
      await theirs.tab('全部').click();
      await expect.poll(async () => theirs.status(theirs.row(large)), { timeout: 20_000 }).toMatch(PAID_OUT);
      await second.context.close();
    });

    test('rejects the demo’s pending one with a preset reason', async ({ page }) => {
      const screen = new WithdrawalsPage(page);
      await screen.gotoList(HOSTS.admin, '?status=pending');
      const row = screen.rows().filter({ hasText: '¥800.00' }).first();
      const number = (await row.locator('td').first().innerText()).trim();
      await row.getByRole('button', { name: `驳回提现 ${number}` }).click();
      await screen.dialog().getByRole('button', { name: '驳回', exact: true }).click();
      await expect(screen.dialog()).toContainText('请选择一个驳回原因');
      await screen.dialog().getByLabel('金额与结算单不符').check();
      await screen.dialog().getByRole('button', { name: '驳回', exact: true }).click();
      await expect(screen.dialog()).toBeHidden();
      await screen.tab('已驳回').click();
      await expect(screen.row(number)).toContainText('金额与结算单不符');
    });
  });
});
