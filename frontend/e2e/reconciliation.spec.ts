import type { Browser } from '@playwright/test';
import { HOSTS, PASSWORD } from './support/env';
import { signInFresh } from './support/signIn';
import { expect, test } from './support/test';
import { ReconciliationPage } from './pages/ReconciliationPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

// The demo (tenants/finance/demo.py, through the services and the sandbox's failures on demand):
// today's run of 演示租赁商城 has open differences — a withhold whose callback was lost, one the
// provider took 0.01 short, and a payment it took that we never asked for (DEMO-WALKIN-1) —
// yesterday's is balanced, the day before failed, and Acme's today has one written off.
const DEMO_NAME = '演示租赁商城';
const WALK_IN = 'DEMO-WALKIN-1';
const NOTE = 'E2E：商户收款码线下收款，已与商户核实';

async function signIn(browser: Browser, username: string) {
  const { context, page } = await signInFresh(browser, HOSTS.admin, username, PASSWORD);
  await expect(new WorkbenchPage(page).heading()).toBeVisible();
  return { context, page };
}

test.describe.serial('/reconciliation: platform finance', () => {
  test('finance1 opens the runs from the menu, sees a difference and resolves it with a note', async ({ browser }) => {
    const { context, page } = await signIn(browser, 'finance1');
    await new WorkbenchPage(page).sideMenu().getByRole('link', { name: '渠道对账' }).click();
    const screen = new ReconciliationPage(page);
    await expect(screen.heading()).toBeVisible();
    for (const label of ['有差异', '对账失败', '差异已处理', '已平账']) await expect(screen.tab(label)).toContainText(/[1-9]\d*$/);

    await screen.tab('有差异').click();
    await expect(page).toHaveURL(/status=mismatched/);
    const run = screen.rows().filter({ hasText: DEMO_NAME }).first();
    await expect(run).toContainText('有差异');
    await expect(run).toContainText('笔待处理');
    const day = (await run.locator('td').first().innerText()).trim();

    const dialog = await screen.open(DEMO_NAME, day);
    const walkIn = screen.mismatch(WALK_IN);
    await expect(walkIn).toContainText('渠道成功，账本无记录');
    await expect(walkIn).toContainText('待处理');
    await expect(walkIn).toContainText('未入账');
    await expect(dialog.getByText('金额不一致')).toBeVisible();

    await screen.resolve(WALK_IN, '核销', NOTE);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(walkIn).toContainText('已处理');
    await expect(walkIn).toContainText('核销，林财务 于');
    await expect(walkIn).toContainText(NOTE);
    await expect(walkIn.getByRole('button', { name: '处理' })).toHaveCount(0);
    await context.close();
  });

  test('fits a phone', async ({ browser }) => {
    const { context, page } = await signIn(browser, 'finance1');
    await page.setViewportSize({ width: 390, height: 844 });
    const screen = new ReconciliationPage(page);
    await screen.goto(HOSTS.admin);
    await expect(screen.rows().first()).toBeVisible();
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
    // At this width the merchant folds into the row's details: its run is found by its action's name.
    const view = screen.table().getByRole('button', { name: new RegExp(`^查看 ${DEMO_NAME} \\S+ 的差异$`) }).first();
    const day = ((await view.getAttribute('aria-label')) ?? '').replace(`查看 ${DEMO_NAME} `, '').replace(' 的差异', '');
    await screen.open(DEMO_NAME, day);
    await expect(screen.mismatch(WALK_IN)).toBeVisible();
    await context.close();
  });
});
