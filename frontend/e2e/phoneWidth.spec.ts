import type { Page } from '@playwright/test';
import { PLATFORM_ADMIN, PLATFORM_STORE } from '../src/lib/platform';
import { ROUTES, routeOnSide } from '../src/lib/routes';
import { HOSTS, STORAGE, type HostName } from './support/env';
import { expect, test } from './support/test';

/**
 * Every screen at 390×844 (issue 64, item 6): read from the route registry (a new screen is
 * covered without a change here), each visited once in one page per side. No screen scrolls
 * sideways, and every row of every table keeps the column that names it in view and readable
 * (not folded away behind its actions, not squeezed to a sliver), nor any other cell squeezed
 * so that a word stands one letter a line.
 */
test.use({ viewport: { width: 390, height: 844 } });

type Side = { host: HostName; storage: string; platformType: number };
const SIDES: Record<'platform' | 'store', Side> = {
  platform: { host: 'admin', storage: STORAGE.admin, platformType: PLATFORM_ADMIN },
  store: { host: 'demo', storage: STORAGE.demo, platformType: PLATFORM_STORE },
};

/** A screen of one record, reached through the first record's link on its list. */
const RECORD_SCREENS: Readonly<Record<string, { via: string; link: string; path?: (href: string) => string }>> = {
  '/orderInfo/:id': { via: '/dealingOrder', link: 'a[href^="/orderInfo/"]' },
  '/billingDetails/:order_id': { via: '/dealingOrder', link: 'a[href^="/orderInfo/"]', path: (href) => href.replace('/orderInfo/', '/billingDetails/') },
  '/recovery/:id': { via: '/recovery', link: 'main a[href^="/recovery/"]' },
  '/assets/:id': { via: '/assets', link: 'main a[href^="/assets/"]' },
  '/privacyRequests/:id': { via: '/privacyRequests', link: 'main a[href^="/privacyRequests/"]' },
  '/merchantDetail': { via: '/merchant', link: 'a[href^="/merchantDetail"]' },
  '/subMerchantDetails': { via: '/subMerchant', link: 'a[href^="/subMerchantDetails"]' },
};

/** Views of one screen with their own address (tabs): each is a screen of its own. */
const VIEWS: Readonly<Record<string, readonly string[]>> = {
  '/developers': ['?view=deliveries', '?view=apiKeys', '?view=intake', '?view=guide'],
};

/** The narrowest a row's naming cell may be, and any other cell with words in it. */
const NAMING_MIN_PX = 72;
const CELL_MIN_PX = 36;

function screensOf(side: Side): string[] {
  return ROUTES.filter((route) => route.built && !route.fixture && route.layout === 'security' && route.side !== 'sub' && routeOnSide(route, side.platformType as never)).map((route) => route.path);
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

/** What is wrong with the screen as it stands: sideways scrolling, rows without their name, slivers. */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ namingMin, cellMin }) => {
      window.scrollTo(0, 0);
      const found: string[] = [];
      const width = window.innerWidth;
      const scroll = document.documentElement.scrollWidth;
      if (scroll > width) found.push(`the page scrolls sideways: ${scroll} > ${width}`);
      const tables = [...document.querySelectorAll<HTMLTableElement>('main table')].filter((table) => !table.closest('[role="dialog"]') && table.getClientRects().length > 0);
      for (const table of tables) {
        const name = table.getAttribute('aria-label') ?? 'table';
        const card = table.closest('[data-scroll-x]')?.getBoundingClientRect();
        const left = Math.max(0, card?.left ?? 0);
        const right = Math.min(width, card?.right ?? width);
        for (const row of table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr:not([data-row-details])')) {
          const cells = [...row.cells].filter((cell) => cell.getClientRects().length > 0 && cell.colSpan === 1);
          if (cells.length < 2 || row.querySelector('[aria-busy="true"]')) continue;
          // The naming cell: the first past a selection's checkbox.
          const naming = cells.find((cell) => !(cell.querySelector('input[type="checkbox"]') && !cell.textContent?.trim()));
          if (naming) {
            const box = naming.getBoundingClientRect();
            const label = (naming.textContent ?? '').trim().slice(0, 24);
            // What of it shows: from its left edge to the card's right or the actions kept in view over it.
            const sticky = cells.filter((cell) => cell !== naming && getComputedStyle(cell).position === 'sticky').map((cell) => cell.getBoundingClientRect().left);
            const shown = Math.min(box.right, right, ...sticky) - Math.max(box.left, left);
            if (box.left < left - 1 || box.left > right - namingMin) found.push(`${name}: the row "${label}" has its naming cell out of view [${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(left)}–${Math.round(right)}]`);
            else if (shown < namingMin) found.push(`${name}: the row "${label}" shows ${Math.round(shown)} px of its naming cell`);
          }
          const covers = Math.min(right, ...cells.filter((cell) => getComputedStyle(cell).position === 'sticky').map((cell) => cell.getBoundingClientRect().left));
          for (const cell of cells) {
            const text = (cell.textContent ?? '').trim();
            if (text.length < 1 || getComputedStyle(cell).position === 'sticky') continue;
            const box = cell.getBoundingClientRect();
            // A column cut by the card's edge or by the actions kept in view over it, so that
            // only a sliver of it shows (a status badge's first letter), or squeezed to one.
            const shown = Math.min(box.right, covers) - Math.max(box.left, left);
            if (box.width < cellMin || (shown > 0 && shown < Math.min(box.width - 1, cellMin))) found.push(`${name}: the column "${cell.dataset.column ?? ''}" ("${text.slice(0, 16)}") shows ${Math.round(Math.max(shown, 0))} of ${Math.round(box.width)} px`);
          }
        }
      }
      return [...new Set(found)].slice(0, 6);
    },
    { namingMin: NAMING_MIN_PX, cellMin: CELL_MIN_PX },
  );
}

for (const [name, side] of Object.entries(SIDES)) {
  test.describe(`${name} side`, () => {
  test.use({ storageState: side.storage });

  test('at 390×844 no screen scrolls sideways and each row keeps the column that names it', async ({ page }) => {
    test.setTimeout(180_000);
    const origin = HOSTS[side.host];
    const found: Record<string, string[]> = {};
    const visited: string[] = [];
    const check = async (path: string) => {
      await page.goto(`${origin}${path}`);
      await settle(page);
      visited.push(path);
      const wrong = await problems(page);
      if (wrong.length) found[path] = wrong;
    };
    for (const path of screensOf(side)) {
      const record = RECORD_SCREENS[path];
      if (path.includes(':') || record) {
        expect(record, `how to reach ${path}`).toBeTruthy();
        await page.goto(`${origin}${record!.via}`);
        await settle(page);
        const href = await page.locator(record!.link).first().getAttribute('href');
        expect(href, `a record link on ${record!.via} for ${path}`).toBeTruthy();
        await check(record!.path ? record!.path(href!) : href!);
        continue;
      }
      await check(path);
      for (const view of VIEWS[path] ?? []) await check(`${path}${view}`);
    }
    expect(found).toEqual({});
    // Not vacuous: every screen of the side was visited.
    expect(visited.length).toBeGreaterThanOrEqual(screensOf(side).length);
  });
  });
}
