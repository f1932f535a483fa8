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
    await expect(dialog.getByRole('checkbox', { name: '工作台' })).toHaveCount(0);
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
