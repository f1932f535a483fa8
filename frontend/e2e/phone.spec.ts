import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';

test.use({ storageState: STORAGE.admin, viewport: { width: 390, height: 844 } });

test.describe('phone width (390 px)', () => {
  test('the menu collapses into a drawer, the merchant table folds its columns into each row\'s details, the page never scrolls sideways', async ({ page }) => {
    await page.goto(`${HOSTS.admin}/merchant`);
    await expect(page.getByRole('heading', { level: 1, name: '商户管理' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu).toBeHidden();

    const table = page.getByRole('table', { name: '商户列表' });
    await expect(table).toBeVisible();
    const card = page.locator('[data-scroll-x]').filter({ has: table });
    const sizes = await card.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, overflow: getComputedStyle(element).overflowX }));
    // What still does not fit scrolls inside the card; most columns fold into the rows' details.
    expect(sizes.overflow).toBe('auto');
    const folded = (await table.getAttribute('data-folded'))?.split(' ') ?? [];
    expect(folded.length).toBeGreaterThan(1);
    await expect(table.locator('th[data-column="actions"]')).toBeInViewport();
    await table.getByRole('button', { name: '展开详情' }).first().click();
    const details = table.locator('[data-row-details]');
    await expect(details).toHaveCount(1);
    await expect(details.locator(`[data-column="${folded[0]}"]`)).toBeVisible();
    const page390 = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(page390.scroll).toBeLessThanOrEqual(page390.width);

    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: '工作台' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});
