import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { RecoveryPage } from './pages/RecoveryPage';

// The demo's collectors (apps/subshops/demo.py, apps/recovery/demo.py): each has cases in
// several buckets, assigned by the nightly run's round robin.
const COLLECTOR1 = { username: 'collector1', name: '褚催收' };
const COLLECTOR2 = { username: 'collector2', name: '卫催收' };

test.describe('recovery workbench', () => {
  test('a collector works a case from the list to a promise; the payment link is paid on the sandbox cashier page; the case closes', async ({ page, browser }) => {
    test.setTimeout(180_000);
    // Cases reach the collectors by the nightly run's round robin, so which of the two holds
    // an M1 case whose debt is rent alone (one instalment past due, which the link of the
    // oldest bill pays whole; a lease ended owing also owes its charges) depends on the shop:
    // the first collector that has one works it.
    let recovery = new RecoveryPage(page);
    let picked: { orderNo: string; id: number } | null = null;
    const turns: Array<[typeof COLLECTOR1, typeof COLLECTOR1]> = [[COLLECTOR1, COLLECTOR2], [COLLECTOR2, COLLECTOR1]];
    for (const [self, peer] of turns) {
      recovery = new RecoveryPage(self === COLLECTOR1 ? page : await (await browser.newContext()).newPage());
      await recovery.signIn(HOSTS.demo, self.username, self.name);
      await recovery.goto(HOSTS.demo, '?bucket=M1');
      // A collector may have no open M1 case at all (the list says none matches): the other works.
      await expect(recovery.firstRow().or(recovery.page.getByText('没有符合条件的案件'))).toBeVisible();
      if (!(await recovery.firstRow().isVisible())) continue;
      // A collector sees its own cases only.
      await expect(recovery.table().getByText(peer.name)).toHaveCount(0);
      const count = Math.min((await recovery.rows().count()) - 1, 20);
      for (let index = 1; index <= count && picked === null; index += 1) {
        const link = recovery.rows().nth(index).getByRole('link').first();
        const orderNo = (await link.textContent())?.trim() ?? '';
        const href = (await link.getAttribute('href')) ?? '';
        await link.click();
        await expect(recovery.caseHeading(orderNo)).toBeVisible();
        if ((await recovery.owed('charges_owed').textContent())?.trim() === '¥0.00') {
          picked = { orderNo, id: Number(href.split('/').pop()) };
        } else {
          await recovery.goto(HOSTS.demo, '?bucket=M1');
          await expect(recovery.firstRow()).toBeVisible();
        }
      }
      if (picked !== null) break;
    }
    if (picked === null) throw new Error('no collector has an M1 case that owes rent alone');
    page = recovery.page;

    await expect(recovery.caseHeading(picked.orderNo)).toBeVisible();
    await expect(page.getByText('跟进中', { exact: true }).first()).toBeVisible();
    const owed = (await recovery.owed('total_owed').textContent())?.trim() ?? '';
    expect(owed).toMatch(/^¥/);

    // The call: the customer promises; saving it opens the promise, for today, the whole debt.
    await page.getByRole('button', { name: '记录联系' }).click();
    const contact = page.getByRole('dialog', { name: '记录联系' });
    await contact.getByLabel('结果').selectOption({ label: '承诺还款' });
    await contact.getByLabel('备注').fill('客户承诺今天通过还款链接还清');
    await contact.getByRole('button', { name: '保存' }).click();
    await expect(contact).toBeHidden();
    const promise = page.getByRole('dialog', { name: '登记还款承诺' });
    await expect(promise).toBeVisible();
    await promise.getByRole('button', { name: '保存' }).click();
    await expect(promise).toBeHidden();
    await expect(recovery.contacts().locator('[data-contact-outcome="promised"]').filter({ hasText: '客户承诺今天通过还款链接还清' })).toBeVisible();
    await expect(recovery.promises().locator('[data-promise-state="pending"]')).toHaveCount(1);

    // The payment link of the oldest bill past due: its H5 link, for the whole debt.
    await page.getByRole('button', { name: '发送还款链接' }).click();
    const linkDialog = page.getByRole('dialog', { name: '发送还款链接' });
    await linkDialog.getByRole('button', { name: '生成链接' }).click();
    const link = linkDialog.locator('[data-payment-link]');
    await expect(link).toContainText(owed);
    await expect(link.getByRole('img', { name: '还款二维码' })).toBeVisible();
    const payUrl = (await link.locator('.font-mono').textContent())?.trim() ?? '';
    // On the web front end's origin (PUBLIC_WEB_ORIGIN), never on the API's own port.
    expect(payUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_PORT ?? 3100}/sandbox/cashier/[^/]+$`));
    await linkDialog.locator('button', { hasText: '关闭' }).click();

    // The customer opens the link on a phone: the sandbox cashier's page says what it pays and
    // takes the payment; the worker delivers the callback, the bill is paid through the one
    // collection path and the case follows at once.
    const phone = await page.context().newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(payUrl);
    await expect(phone.locator('[data-cashier-amount]')).toHaveText(owed);
    await phone.locator('[data-cashier-pay]').click();
    await expect(phone.locator('[data-cashier-result="succeeded"]')).toBeVisible();
    await phone.close();
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('案件已结案，不能再添加记录。')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(recovery.promises().locator('[data-promise-state="kept"]')).toHaveCount(1);
    // The case's log: the link made, and what the customer paid through it.
    await expect(recovery.contacts().locator('[data-payment-link="paid"]')).toContainText(`链接已生成 · 客户已付 ${owed}`);
    await expect(page.getByRole('button', { name: '记录联系' })).toHaveCount(0);

    // Off the open list, on the closed one.
    await page.getByRole('link', { name: '返回催收工作台' }).click();
    await expect(recovery.heading()).toBeVisible();
    await expect(recovery.firstRow()).toBeVisible();
    await expect(recovery.table().getByRole('link', { name: picked.orderNo, exact: true })).toHaveCount(0);
    await recovery.goto(HOSTS.demo, '?state=closed');
    await expect(recovery.table().getByRole('link', { name: picked.orderNo, exact: true })).toBeVisible();
  });

  test("a second collector opening the first one's case by its address sees 不存在或无权查看", async ({ page, browser }) => {
    const first = new RecoveryPage(page);
    await first.signIn(HOSTS.demo, COLLECTOR1.username, COLLECTOR1.name);
    await first.goto(HOSTS.demo);
    const theirs = await first.firstCase();

    const context = await browser.newContext();
    const other = new RecoveryPage(await context.newPage());
    await other.signIn(HOSTS.demo, COLLECTOR2.username, COLLECTOR2.name);
    await other.page.goto(`${HOSTS.demo}/recovery/${theirs.id}`);
    await expect(other.page.locator('[data-record-unavailable]').getByText('不存在或无权查看')).toBeVisible();
    await expect(other.caseHeading(theirs.orderNo)).toHaveCount(0);
    await expect(other.page.getByText(theirs.orderNo)).toHaveCount(0);
    await other.page.getByRole('link', { name: '返回催收工作台' }).click();
    await expect(other.heading()).toBeVisible();
    await expect(other.table().getByRole('link', { name: theirs.orderNo, exact: true })).toHaveCount(0);
    await context.close();
  });

  test.describe('as the owner', () => {
    test.use({ storageState: STORAGE.demo });

    test('the open cases add up to the order lists their orders are in, each a link to its list', async ({ page }) => {
      const recovery = new RecoveryPage(page);
      await recovery.goto(HOSTS.demo);
      const line = page.locator('[data-order-stages]');
      await expect(line).toBeVisible();
      const text = (await line.textContent()) ?? '';
      const lead = Number(/这 (\d+) 个案件/.exec(text)?.[1]);
      const parts = [...text.matchAll(/(逾期订单|完结欠款|售后订单|成交订单|完结订单|常规订单|订单已删除) (\d+)/g)].map((found) => Number(found[2]));
      expect(lead).toBeGreaterThan(0);
      expect(parts.reduce((sum, count) => sum + count, 0)).toBe(lead);
      await expect(line).toContainText('只数租赁仍在进行的逾期订单');
      const overdue = line.getByRole('link', { name: /^逾期订单 \d+$/ });
      if ((await overdue.count()) > 0) {
        await overdue.click();
        await expect(page).toHaveURL(/\/overdueOrder/);
      }
    });
  });

  test.describe('at 390 × 844', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the workbench shows its first case without scrolling and never scrolls sideways', async ({ page }) => {
      const recovery = new RecoveryPage(page);
      await recovery.signIn(HOSTS.demo, COLLECTOR1.username, COLLECTOR1.name);
      await recovery.goto(HOSTS.demo);
      await expect(recovery.firstRow()).toBeInViewport();
      // What the collector acts on (aging, debt) is in the first column, not off to the right.
      await expect(recovery.firstRow().locator('[data-compact-aging]')).toBeInViewport();
      await expect(recovery.firstRow().locator('[data-compact-aging]')).toContainText('¥');
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);

      const { orderNo } = await recovery.firstCase();
      await recovery.firstRow().getByRole('link', { name: orderNo, exact: true }).click();
      await expect(recovery.caseHeading(orderNo)).toBeVisible();
      await expect(recovery.owed('total_owed')).toBeVisible();
      const detail = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(detail.scroll).toBeLessThanOrEqual(detail.width);
    });
  });
});
