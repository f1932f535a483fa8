import type { Page } from '@playwright/test';
import { PLATFORM_ADMIN, PLATFORM_STORE } from '../src/lib/platform';
import { ROUTES, routeOnSide } from '../src/lib/routes';
import { HOSTS, STORAGE, type HostName } from './support/env';
import { expect, test } from './support/test';

/**
 * Tables that fit (issue 27 item 2): on every list screen of both sides, read from the route
 * registry (a new screen is covered without a change here), a desktop of 1440×900 shows every
 * row's actions, and a phone of 390×844 never scrolls the page sideways and shows the first
 * row without scrolling past the filters. A screen with no table is checked for sideways
 * scrolling only. At both widths every button showing only an icon names itself in a tooltip
 * (issue 41, item 7).
 */

type Side = { host: HostName; storage: string; platformType: number };
const SIDES: Record<'platform' | 'store', Side> = {
  platform: { host: 'admin', storage: STORAGE.admin, platformType: PLATFORM_ADMIN },
  store: { host: 'demo', storage: STORAGE.demo, platformType: PLATFORM_STORE },
};

/** Screens of a record, reached through the first record's link on a list screen. */
const DETAIL_SCREENS: readonly { via: string; link: string; path?: (href: string) => string }[] = [
  // An order in lease has its bills (the first of /regularOrder may await its audit, billless).
  { via: '/dealingOrder', link: 'a[href^="/orderInfo/"]', path: (href) => href.replace('/orderInfo/', '/billingDetails/') },
  { via: '/merchant', link: 'a[href^="/merchantDetail"]' },
  { via: '/subMerchant', link: 'a[href^="/subMerchantDetails"]' },
];
/** Forms and pages of one record, without a list of their own. */
const NOT_LISTS = ['/product', '/applyWithdrawal', '/merchantDetail', '/subMerchantDetails', '/orderInfo', '/billingDetails', '/recovery/:id'];

/**
 * Reports: their figures and chart come first by design, the table of the figures after them;
 * at phone width they are checked for sideways scrolling and clipped actions, not the first row.
 */
const REPORTS = ['/aging', '/recoveryReport', '/dataCenter', '/assetReport'];

function screensOf(side: Side): string[] {
  return ROUTES.filter(
    (route) => route.built && !route.fixture && route.layout === 'security' && !route.path.includes(':') && route.side !== 'sub' && routeOnSide(route, side.platformType as never),
  )
    .map((route) => route.path)
    .filter((path) => !NOT_LISTS.includes(path));
}

/** The screen has its data: no skeleton or refetching table, no request in flight. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A screen that polls (a recharge's QR result) never goes idle: a short wait, then the states.
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

interface Measure {
  tables: number;
  rows: number;
  /** Actions (buttons, links) of a row outside the viewport or clipped by the table's card. */
  clipped: string[];
  scrollWidth: number;
  clientWidth: number;
  /** The first row's top and bottom, and the viewport's height (before any scrolling). */
  firstRow: { top: number; bottom: number; height: number } | null;
  /** Buttons in view that show no text (an icon only) and no tooltip naming them. */
  untitled: string[];
}

/**
 * Reads the screen's tables: each row's buttons and links against the viewport and the card
 * around them — all of them (`every`), or the last cell's only (the actions, kept in view while
 * the rest of a table too wide for a phone scrolls inside its card).
 */
function measure(page: Page, scope: 'every' | 'actions'): Promise<Measure> {
  return page.evaluate((scope) => {
    window.scrollTo(0, 0);
    const tables = [...document.querySelectorAll<HTMLTableElement>('main table')].filter((table) => !table.closest('[role="dialog"]') && table.querySelector('tbody tr td'));
    const clipped: string[] = [];
    let rows = 0;
    for (const table of tables) {
      const card = table.closest('[data-scroll-x]')?.getBoundingClientRect();
      const left = Math.max(0, card?.left ?? 0);
      const right = Math.min(window.innerWidth, card?.right ?? window.innerWidth);
      for (const row of table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr:not([data-row-details])')) {
        if (row.querySelector('[aria-busy="true"]')) continue;
        rows += 1;
        const selector = scope === 'every' ? 'button, a[href]' : ':scope > td:last-child button, :scope > td:last-child a[href]';
        for (const action of row.querySelectorAll<HTMLElement>(selector)) {
          const box = action.getBoundingClientRect();
          if (box.width === 0) continue;
          if (box.left < left - 1 || box.right > right + 1) clipped.push(`${table.getAttribute('aria-label')}: ${(action.getAttribute('aria-label') || action.textContent || '').trim()} [${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(left)}–${Math.round(right)}]`);
        }
      }
    }
    const first = tables[0]?.querySelector(':scope > tbody > tr')?.getBoundingClientRect();
    const untitled = [...document.querySelectorAll<HTMLButtonElement>('button')]
      .filter((button) => button.getClientRects().length > 0 && !button.innerText.trim() && !button.title.trim())
      .map((button) => button.getAttribute('aria-label') || button.outerHTML.slice(0, 80));
    return {
      untitled: [...new Set(untitled)].slice(0, 6),
      tables: tables.length,
      rows,
      clipped: [...new Set(clipped)].slice(0, 6),
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      firstRow: first ? { top: Math.round(first.top), bottom: Math.round(first.bottom), height: window.innerHeight } : null,
    };
  }, scope);
}

/** Visits every list screen of a side (and its record screens with tables), measuring each. */
async function walk(page: Page, side: Side, scope: 'every' | 'actions', check: (path: string, found: Measure) => void): Promise<void> {
  const origin = HOSTS[side.host];
  const screens = screensOf(side);
  for (const path of screens) {
    await page.goto(`${origin}${path}`);
    await settle(page);
    check(path, await measure(page, scope));
  }
  for (const detail of DETAIL_SCREENS) {
    if (!screens.includes(detail.via)) continue;
    await page.goto(`${origin}${detail.via}`);
    await settle(page);
    const href = await page.locator(detail.link).first().getAttribute('href');
    expect(href, `a record link on ${detail.via}`).toBeTruthy();
    const path = detail.path ? detail.path(href!) : href!;
    await page.goto(`${origin}${path}`);
    await settle(page);
    check(path, await measure(page, scope));
  }
}

for (const [name, side] of Object.entries(SIDES)) {
  test.describe(`${name} side`, () => {
    test.use({ storageState: side.storage });

    test('at 1440×900 every row of every list shows its actions', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      const problems: Record<string, string[]> = {};
      let rows = 0;
      await walk(page, side, 'every', (path, found) => {
        rows += found.rows;
        if (found.clipped.length) problems[path] = found.clipped;
        if (found.scrollWidth > found.clientWidth) (problems[path] ??= []).push(`the page scrolls sideways: ${found.scrollWidth} > ${found.clientWidth}`);
        if (found.untitled.length) (problems[path] ??= []).push(`icon-only buttons without a tooltip: ${found.untitled.join(', ')}`);
      });
      expect(problems).toEqual({});
      // The walk met real rows (the demo has orders, goods, merchants …): not vacuous.
      expect(rows).toBeGreaterThan(20);
    });

    test('at 390×844 no page scrolls sideways and each list shows its first row on the first screen', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      const problems: Record<string, string[]> = {};
      await walk(page, side, 'actions', (path, found) => {
        const wrong: string[] = [];
        if (found.scrollWidth > found.clientWidth) wrong.push(`the page scrolls sideways: ${found.scrollWidth} > ${found.clientWidth}`);
        if (found.firstRow && found.firstRow.bottom > found.firstRow.height && !REPORTS.includes(path)) wrong.push(`the first row ends at ${found.firstRow.bottom} px, below the screen (${found.firstRow.height} px)`);
        if (found.clipped.length) wrong.push(...found.clipped);
        if (found.untitled.length) wrong.push(`icon-only buttons without a tooltip: ${found.untitled.join(', ')}`);
        if (wrong.length) problems[path] = wrong;
      });
      expect(problems).toEqual({});
    });
  });
}
