import { fileURLToPath } from 'node:url';
import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { GoodsCategoryPage } from './pages/GoodsCategoryPage';

const ICON = fileURLToPath(new URL('./fixtures/goods-picture.png', import.meta.url));

test.describe('goods categories', () => {
  test.use({ storageState: STORAGE.admin });

  test('the admin creates a child category with an icon, disables and enables it, and cannot delete a parent', async ({ page }) => {
    const name = `E2E 掌机 ${Date.now().toString(36)}`;
    const categories = new GoodsCategoryPage(page);
    await categories.goto(HOSTS.admin);
    await categories.createChild('游戏', { name, icon: ICON, sort: '90' });

    const toggle = page.getByRole('switch', { name: `启用 ${name}` });
    await expect(toggle).toBeChecked();
    await expect(page.getByRole('img', { name: `${name} 的图标` })).toBeVisible();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toggle).toBeChecked();

    // A category with sub-categories is refused with the server's message.
    await page.getByRole('button', { name: '删除 游戏', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '删除分类' });
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(confirm.getByRole('alert')).toBeVisible();
    await confirm.getByRole('button', { name: '取消' }).click();

    // The new leaf can be deleted (no goods use it).
    await page.getByRole('button', { name: `删除 ${name}` }).click();
    await page.getByRole('dialog', { name: '删除分类' }).getByRole('button', { name: '删除' }).click();
    await expect(page.getByRole('switch', { name: `启用 ${name}` })).toHaveCount(0);
  });
});
