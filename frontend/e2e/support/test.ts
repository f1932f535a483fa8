import { test as base, expect } from '@playwright/test';

function slug(parts: string[]): string {
  return parts
    .join('--')
    .replace(/\.(spec|setup)\.ts/g, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** Every test leaves a screenshot of where it ended in e2e/screenshots/. */
export const test = base.extend<{ screenshotAfter: void }>({
  screenshotAfter: [
    async ({ page }, use, testInfo) => {
      await use();
      if (page.isClosed()) return;
      await page.screenshot({ path: `e2e/screenshots/${slug(testInfo.titlePath)}.png`, fullPage: true }).catch(() => undefined);
    },
    { auto: true },
  ],
});

export { expect };
