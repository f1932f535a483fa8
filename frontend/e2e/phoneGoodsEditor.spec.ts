import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, HOSTS, STORAGE } from './support/env';
import { GoodsApi } from './support/goodsApi';
import { expect, test } from './support/test';
import { GoodsEditorPage } from './pages/GoodsEditorPage';

/**
 * The goods editor at 390 px: its rent plans' fields, packages, spec rows and the channels'
 * checkboxes wrap inside their cards (the kit's FieldRow), the save bar fits and stays in view;
 * only the SKU grid scrolls sideways, inside its own card. At 1440 px the rows are as before:
 * a plan's fields on one line.
 */
const stamp = `${Date.now().toString(36)}`;
const TITLE = `E2E 手机编辑 ${stamp}`;

async function expectNoSidewaysPage(page: Page) {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

/** Whether an element's right edge stays inside the window. */
async function expectInsideWindow(page: Page, locator: Locator) {
  const right = (await box(locator)).x + (await box(locator)).width;
  expect(right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.use({ storageState: STORAGE.demo });

test.describe.serial('the goods editor at phone and desktop width', () => {
  let goodsId = 0;

  test.beforeAll(async ({ request }) => {
    const api = await GoodsApi.signIn(request, 'demo', ACCOUNTS.demoOwner.username);
    const goods = await api.createInTwoColours(TITLE, 'PE', stamp);
    goodsId = goods.id;
  });

  test.describe('390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('a new goods’ rent plans, package and spec rows fit the screen; the save actions stay in view', async ({ page }) => {
      const editor = new GoodsEditorPage(page);
      await editor.gotoNew(HOSTS.demo);
      await editor.defineSpec('颜色', '黑色, 白色');
      await page.getByRole('button', { name: '为每个 SKU 添加方案' }).click();
      const plan = editor.rentPlan(1);
      await plan.getByLabel('提前退租违约金').selectOption({ label: '按取消租金的比例' });
      await expect(plan.getByLabel('违约金比例（%）')).toBeVisible();
      await page.getByRole('button', { name: '添加套餐' }).click();
      await expect(page.getByRole('group', { name: '套餐 1' })).toBeVisible();

      await expectNoSidewaysPage(page);
      for (const group of [plan, editor.rentPlan(2), page.getByRole('group', { name: '套餐 1' }), page.getByRole('group', { name: '规格 1' }), editor.channels()]) {
        await expectInsideWindow(page, group);
      }
      // A plan's fields wrap: the buyout price sits below the SKU, not beside it off screen.
      expect((await box(plan.getByLabel('买断价', { exact: true }))).y).toBeGreaterThan((await box(plan.getByLabel('SKU', { exact: true }))).y);
      await expectInsideWindow(page, plan.getByRole('button', { name: '删除租赁方案 1' }));

      // The save bar is sticky: in view at the top of the form and at its end.
      for (const name of ['保存草稿', '保存并上架']) await expect(page.getByRole('button', { name })).toBeInViewport();
      await page.getByRole('group', { name: '套餐 1' }).scrollIntoViewIfNeeded();
      for (const name of ['保存草稿', '保存并上架']) {
        const button = page.getByRole('button', { name });
        await expect(button).toBeInViewport();
        await expectInsideWindow(page, button);
      }
    });

    test('goods on shelf: the page does not scroll sideways, and while one save runs the other action says why it waits', async ({ page }) => {
      const editor = new GoodsEditorPage(page);
      await editor.gotoEdit(HOSTS.demo, goodsId);
      await expect(editor.rentPlan(2)).toBeVisible();
      await expect(editor.channels()).toBeVisible();
      await expectNoSidewaysPage(page);
      // Only the SKU grid scrolls sideways, inside its card.
      const grid = page.getByRole('table', { name: 'SKU 列表' });
      const card = await grid.evaluate((element) => {
        const scroller = element.closest('[data-scroll-x]')!;
        return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
      });
      expect(card.scroll).toBeGreaterThan(card.client);

      // The save is held (then refused) so nothing is written: the goods stay on shelf.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/platform/saveGood', async (route) => {
        await held;
        await route.abort();
      });
      await editor.saveDraft();
      const shelf = page.getByRole('button', { name: '保存并上架' });
      await expect(shelf).toBeDisabled();
      await expect(shelf).toHaveAccessibleDescription('正在保存…');
      await expect(shelf).toBeInViewport();
      await expect(page.getByRole('button', { name: '保存草稿' })).toHaveAttribute('aria-busy', 'true');
      await expectNoSidewaysPage(page);
      release();
      await expect(shelf).toBeEnabled();
    });
  });

  test.describe('1440 px', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('a plan’s fields share one line, the availability pickers sit side by side and the save bar is in view', async ({ page }) => {
      const editor = new GoodsEditorPage(page);
      await editor.gotoEdit(HOSTS.demo, goodsId);
      const plan = editor.rentPlan(1);
      // On one line: each control beside the last, their heights overlapping (a select stands a
      // little taller than an amount's input).
      let previous = await box(plan.getByLabel('SKU', { exact: true }));
      for (const label of ['租期', '每期租金', '押金', '买断价']) {
        const field = await box(plan.getByLabel(label, { exact: true }));
        expect(field.x, label).toBeGreaterThan(previous.x + previous.width);
        expect(field.y, label).toBeLessThan(previous.y + previous.height);
        expect(field.y + field.height, label).toBeGreaterThan(previous.y);
        previous = field;
      }
      const removePlan = await box(plan.getByRole('button', { name: '删除租赁方案 1' }));
      expect(removePlan.x).toBeGreaterThan(previous.x + previous.width);
      expect(Math.abs((await box(page.getByLabel('品牌'))).y - (await box(page.getByLabel('商品分类'))).y)).toBeLessThan(2);
      expect(Math.abs((await box(editor.channels())).y - (await box(editor.subShops())).y)).toBeLessThan(2);
      for (const name of ['保存草稿', '保存并上架']) await expect(page.getByRole('button', { name })).toBeInViewport();
      await expectNoSidewaysPage(page);
    });
  });
});
