import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { GoodsEditorPage } from './pages/GoodsEditorPage';

const PICTURE = fileURLToPath(new URL('./fixtures/goods-picture.png', import.meta.url));
const stamp = Date.now().toString(36);
const TITLE = `E2E 图文描述 ${stamp}`;

/** Pastes `html` into the focused editor as a browser paste of copied HTML would. */
async function pasteHtml(page: Page, html: string) {
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/html', pasted);
    data.setData('text/plain', '');
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

/** The description goodsDetail answers while the editor (re)loads the goods. */
function descriptionAnswered(page: Page): Promise<string> {
  return page
    .waitForResponse((response) => response.url().includes('/api/platform/goodsDetail') && response.request().method() === 'POST')
    .then(async (response) => ((await response.json()) as { data: { description: string } }).data.description);
}

test.describe('goods description: rich text', () => {
  test.use({ storageState: STORAGE.demo });

  test('bold text and a goods picture are saved and shown again; a pasted handler never is', async ({ page }) => {
    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(dialog.message());
      await dialog.dismiss();
    });
    const editor = new GoodsEditorPage(page);
    await editor.gotoNew(HOSTS.demo);
    await editor.fillBasics({ title: TITLE, category: '游戏 / 游戏主机', brand: 'Nintendo' });
    await editor.uploadPicture(PICTURE);
    const pictureUrl = await page.getByRole('img', { name: '商品图片 1' }).getAttribute('src');
    expect(pictureUrl).toMatch(/^\/api\/media\/m_demo\/goods\/\w+\.png$/);

    // The editor arrives as its section comes near the screen (a chunk of its own), then takes
    // typing and the toolbar.
    const description = await editor.description();
    await description.click();
    await page.keyboard.type('成色 ');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('九成新');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('，配件齐全');
    await page.getByRole('button', { name: '插入图片' }).click();
    await page.getByRole('button', { name: '插入第 1 张图片' }).click();
    await expect(description.locator('strong')).toHaveText('九成新');
    await expect(description.locator(`img[src="${pictureUrl}"]`)).toBeVisible();

    await description.click();
    await page.keyboard.press('End');
    await pasteHtml(page, '<p>粘贴</p><img src=x onerror="alert(1)">');
    await expect(description).toContainText('粘贴');

    const saved = page.waitForResponse((response) => response.url().includes('/api/platform/saveGood'));
    await editor.saveDraft();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText('草稿已保存')).toBeVisible();
    await expect(page).toHaveURL(/\/product\?id=\d+/);

    // Listen once the reload has begun: the saved goods may still be refetched before it, and a
    // response of the page left behind has no body to read.
    await page.reload({ waitUntil: 'commit' });
    const stored = await descriptionAnswered(page);
    expect(stored).toContain('<strong>九成新</strong>');
    expect(stored).toContain(`<img src="${pictureUrl}">`);
    expect(stored).toContain('粘贴');
    expect(stored).not.toMatch(/onerror|src="x"/);

    const reloaded = await editor.description();
    await expect(reloaded.locator('strong')).toHaveText('九成新');
    await expect(reloaded).toContainText('成色 九成新，配件齐全');
    await expect(reloaded.locator(`img[src="${pictureUrl}"]`)).toBeVisible();
    await expect(reloaded.locator('img')).toHaveCount(1);
    expect(alerts).toEqual([]);
  });
});
