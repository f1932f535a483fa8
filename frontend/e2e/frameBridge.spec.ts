import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';
import { WorkbenchPage } from './pages/WorkbenchPage';

test.describe('frame bridge', () => {
  test.use({ storageState: STORAGE.demo });

  test('a same-origin frame makes the parent navigate', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/e2e/frameHost?to=${encodeURIComponent('/?via=frame')}`);
    await expect(page).toHaveURL(`${HOSTS.demo}/?via=frame`);
    await expect(new WorkbenchPage(page).heading()).toBeVisible();
  });

  test('the frame repeats its message until the parent acknowledges', async ({ page }) => {
    // In the top window only, count the frame's requests and hide the first three from the app,
    // so the layout acknowledges the fourth at the earliest.
    await page.addInitScript(() => {
      if (window !== window.top) return;
      const counter = window as unknown as { frameRequests: number };
      counter.frameRequests = 0;
      window.addEventListener(
        'message',
        (event) => {
          if ((event.data as { kind?: string } | null)?.kind !== 'zulin:frame-request') return;
          counter.frameRequests += 1;
          if (counter.frameRequests <= 3) event.stopImmediatePropagation();
        },
        true,
      );
    });
    await page.goto(`${HOSTS.demo}/e2e/frameHost?to=${encodeURIComponent('/?via=retry')}`);
    await expect(page).toHaveURL(`${HOSTS.demo}/?via=retry`);
    await expect(new WorkbenchPage(page).heading()).toBeVisible();
    const requests = await page.evaluate(() => (window as unknown as { frameRequests: number }).frameRequests);
    expect(requests).toBeGreaterThanOrEqual(4);
  });
});
