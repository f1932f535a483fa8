import { businessDay } from '../src/lib/businessTime';
import { HOSTS, STORAGE } from './support/env';
import { expect, test } from './support/test';

/**
 * The kit's one date field (issue 41, item 7), on a real list: a day typed the way a person
 * types it, or picked from the calendar, filters the list through the URL; in English the
 * month and weekdays are English, in Chinese they are Chinese, whatever the browser's own
 * language (a native date input would show the browser's mm/dd/yyyy).
 */
test.describe('the date field on /regularOrder', () => {
  // An English browser: the Chinese interface's fields are still 年-月-日, never mm/dd/yyyy.
  test.use({ storageState: STORAGE.demo, locale: 'en-US' });

  test('in the Chinese interface: typed 2026/1/5 filters from that day; the calendar picks today and says why later days are off', async ({ page }) => {
    await page.goto(`${HOSTS.demo}/regularOrder`);
    const from = page.getByLabel('下单日期从', { exact: true });
    await expect(from).toHaveAttribute('placeholder', '年-月-日');
    await from.fill('2026/1/5');
    await from.press('Tab');
    await expect(page).toHaveURL(/[?&]date_from=2026-01-05/);
    await expect(from).toHaveValue('2026-01-05');

    await page.getByRole('button', { name: '打开日历：下单日期至' }).click();
    const calendar = page.getByRole('dialog', { name: '选择下单日期至' });
    await expect(calendar).toBeVisible();
    await expect(calendar.getByRole('columnheader')).toHaveText(['一', '二', '三', '四', '五', '六', '日']);
    await calendar.getByRole('button', { name: '今天' }).click();
    const today = businessDay();
    await expect(page).toHaveURL(new RegExp(`[?&]date_to=${today}`));
    await expect(page.getByLabel('下单日期至', { exact: true })).toHaveValue(today);

    // The start may not be after the end: emptied, its calendar opens on today's month, and
    // the next month's days are off, each saying why.
    await from.fill('');
    await expect(page).not.toHaveURL(/[?&]date_from=/);
    await page.getByRole('button', { name: '打开日历：下单日期从' }).click();
    const fromCalendar = page.getByRole('dialog', { name: '选择下单日期从' });
    await fromCalendar.getByRole('button', { name: '下个月' }).click();
    const later = fromCalendar.locator('button[data-day]:disabled').first();
    await expect(later).toHaveAttribute('title', `不能晚于 ${today}`);
    await page.keyboard.press('Escape');
    await expect(fromCalendar).toHaveCount(0);
  });

  test('in the English interface the calendar is English, weeks from Monday', async ({ page, context }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', domain: new URL(HOSTS.demo).hostname, path: '/' }]);
    await page.goto(`${HOSTS.demo}/regularOrder`);
    await page.getByRole('button', { name: /^Open the calendar: / }).first().click();
    const calendar = page.getByRole('dialog', { name: /^Pick / });
    await expect(calendar.getByRole('columnheader').first()).toHaveText('Mon');
    await expect(calendar.getByRole('grid')).toHaveAccessibleName(/^[A-Z][a-z]+ \d{4}$/);
  });
});
