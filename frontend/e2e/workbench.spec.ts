import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.use({ storageState: STORAGE.demo });

test.describe('workbench shortcuts', () => {
  test('the owner picks shortcuts from the menu entries the role may open, and can go back to the defaults', async ({ page }) => {
    const workbench = new WorkbenchPage(page);
    await workbench.goto(HOSTS.demo);
    await expect(workbench.heading()).toBeVisible();
    const shortcuts = workbench.shortcuts();

    await shortcuts.getByRole('button', { name: '编辑常用功能' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑常用功能' });
    await expect(dialog).toBeVisible();
    // Pages the owner may open are offered; the workbench itself is not.
    await expect(dialog.getByRole('checkbox', { name: '员工管理' })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: '工作台', exact: true })).toHaveCount(0);
    const checked = dialog.getByRole('checkbox', { checked: true });
    while ((await checked.count()) > 0) await checked.first().uncheck();
    await dialog.getByRole('checkbox', { name: '员工管理' }).check();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();

    await expect(shortcuts.getByRole('link')).toHaveCount(1);
    await expect(shortcuts.getByRole('link', { name: '员工管理' })).toBeVisible();
    await page.reload();
    await expect(shortcuts.getByRole('link', { name: '员工管理' })).toBeVisible();
    await expect(shortcuts.getByRole('link')).toHaveCount(1);

    // Clearing every pin goes back to the menu's first entries (the server's default).
    await shortcuts.getByRole('button', { name: '编辑常用功能' }).click();
    await dialog.getByRole('checkbox', { name: '员工管理' }).uncheck();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
    await expect(shortcuts.getByRole('link').first()).toBeVisible();
  });
});

test.describe('workbench to-dos', () => {
  test('each to-do figure opens a list whose total is the figure (待发货 over leases and paid purchases)', async ({ page }) => {
    const workbench = new WorkbenchPage(page);
    await workbench.goto(HOSTS.demo);
    const todos = page.getByRole('list', { name: '待办事项' }).getByRole('listitem');
    await expect(todos.first()).toBeVisible();
    const keys = await todos.evaluateAll((items) => items.map((item) => item.getAttribute('data-todo') ?? ''));
    expect(keys).toEqual(expect.arrayContaining(['awaiting_audit', 'awaiting_shipment', 'overdue']));
    // The shop's warehouse also sees the carrier shipments that need someone (/shipments).
    expect(keys).toEqual(expect.arrayContaining(['shipments_stuck', 'shipments_exception']));
    // The demo shop's customer service left a privacy request past its due day (/privacyRequests).
    expect(keys).toEqual(expect.arrayContaining(['privacy_overdue']));
    // Where a to-do that is no order list leads: its URL filter, its table, its no-match text.
    const lists: Record<string, { url: RegExp; table: string; none: string }> = {
      shipments_stuck: { url: /attention=stuck/, table: '发货单', none: '没有符合筛选条件的发货单' },
      shipments_exception: { url: /attention=exception/, table: '发货单', none: '没有符合筛选条件的发货单' },
      privacy_overdue: { url: /privacyRequests\?attention=overdue/, table: '个人信息请求列表', none: '没有符合条件的请求' },
    };
    let counted = 0;
    for (const key of keys) {
      await workbench.goto(HOSTS.demo);
      const link = page.locator(`[data-todo="${key}"] a`);
      const figure = Number((await link.locator('span').last().textContent())?.trim());
      const other = lists[key];
      if (!other) counted += figure;
      await link.click();
      await expect(page).toHaveURL(other ? other.url : new RegExp(`todo=${key}`));
      const table = page.getByRole('table', { name: other ? other.table : '订单列表' });
      if (figure > 0) {
        await expect(page.getByText(`共 ${figure} 条`, { exact: true })).toBeVisible();
        await expect(table.getByRole('row').nth(1)).toBeVisible();
      } else {
        await expect(page.getByText(other ? other.none : '没有符合条件的订单')).toBeVisible();
      }
    }
    // The demo shop has leases awaiting shipment and paid purchases: the check is not vacuous.
    expect(counted).toBeGreaterThan(0);
  });
});
