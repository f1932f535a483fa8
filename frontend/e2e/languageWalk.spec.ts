import type { Page } from '@playwright/test';
import { ROUTES, routeOnSide } from '../src/lib/routes';
import { PLATFORM_ADMIN, PLATFORM_STORE } from '../src/lib/platform';
import { ACCOUNTS, HOSTS, STORAGE, type HostName } from './support/env';
import { expect, test } from './support/test';
import { WorkbenchPage } from './pages/WorkbenchPage';

/**
 * The language walk (issue 27): every screen of both sides, in each language, shows only that
 * language's words — outside what a person typed or an outside party sent, which the screens
 * mark with `data-user-text` (components/ui/UserText.tsx, the kit's Truncate), and outside
 * brand names and units every language writes the same way.
 */

/** Words a Chinese screen writes in Latin letters: brands, units, standard abbreviations. */
const LATIN_ALLOWED = new Set(
  [
    'ID', 'SKU', 'SPU', 'H5', 'API', 'URL', 'Excel', 'PDF', 'QR', 'XML', 'CSV', 'JSON', 'HTTP', 'HTTPS',
    'http', 'https', 'www', 'App', 'APP', 'app', 'iOS', 'Android', 'iPhone', 'iPad', 'Apple', 'MacBook',
    'Huawei', 'Xiaomi', 'OPPO', 'vivo', 'Pro', 'Max', 'Plus', 'Mini', 'Air', 'GB', 'TB', 'MB', 'KB', 'CNY',
    'RMB', 'JPEG', 'PNG', 'JPG', 'Alipay', 'WeChat', 'PC', 'IP', 'AI', 'OK', 'VIP', 'No', 'SMS', 'Zulin',
    'ZULIN', 'Logo', 'logo', 'UTC', 'GMT', 'IMEI', 'MEID', 'GIF', 'WebP',
    // The developers' screen: the standard's name, written so in Chinese products too; CIDR, the
    // form a network is written in (a merchant's webhook networks).
    'Webhook', 'CIDR',
    // A host's name, written so in any language (the merchant page's loopback note).
    'localhost',
  ].map((word) => word.toLowerCase()),
);

type Side = { host: HostName; storage: string; platformType: number; account: (typeof ACCOUNTS)['admin' | 'demoOwner'] };
const SIDES: Record<'platform' | 'store', Side> = {
  platform: { host: 'admin', storage: STORAGE.admin, platformType: PLATFORM_ADMIN, account: ACCOUNTS.admin },
  store: { host: 'demo', storage: STORAGE.demo, platformType: PLATFORM_STORE, account: ACCOUNTS.demoOwner },
};

/** Screens that need a record: reached through the first record's link on a list screen. */
const DETAIL_SCREENS: readonly { via: string; link: string; path?: (href: string) => string }[] = [
  { via: '/regularOrder', link: 'a[href^="/orderInfo/"]' },
  { via: '/regularOrder', link: 'a[href^="/orderInfo/"]', path: (href) => href.replace('/orderInfo/', '/billingDetails/') },
  { via: '/merchant', link: 'a[href^="/merchantDetail"]' },
  { via: '/subMerchant', link: 'a[href^="/subMerchantDetails"]' },
];
const DETAIL_PATHS = ['/orderInfo', '/billingDetails', '/merchantDetail', '/subMerchantDetails'];

function screensOf(side: Side): string[] {
  return ROUTES.filter(
    (route) => route.built && !route.fixture && route.layout === 'security' && !route.path.includes(':') && routeOnSide(route, side.platformType as never),
  )
    .filter((route) => route.side !== 'sub' && !DETAIL_PATHS.includes(route.path))
    .map((route) => route.path);
}

/**
 * Counts the API calls in flight on a page. Only `/api/` calls: the screens' data. Next.js's
 * prefetches of the links on a list (a row's order link) and images would hold `networkidle`
 * back half a second or more on every screen without changing a word on it.
 */
function apiCalls(page: Page): () => number {
  let pending = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) pending += 1;
  });
  const done = (request: { url(): string }) => {
    if (isApi(request.url())) pending = Math.max(0, pending - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending;
}

/**
 * Waits until the screen has its data: its heading, no API call in flight for a moment (a call
 * that a finished one starts begins within it), no skeleton or refetching table.
 */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await quiet(page, inFlight);
  // The parts a screen defers below the fold (the kit's Deferred) are read too: brought near,
  // then their calls settled like the screen's own.
  if (await page.locator('[data-deferred]').count()) {
    await page.evaluate(() => document.querySelectorAll('[data-deferred]').forEach((element) => element.scrollIntoView()));
    await expect(page.locator('[data-deferred]')).toHaveCount(0);
    await quiet(page, inFlight);
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 8_000 }).catch(() => undefined);
}

/** No API call in flight for 300 ms (a call that a finished one starts begins within it). */
async function quiet(page: Page, inFlight: () => number): Promise<void> {
  const quietFor = 300;
  const deadline = Date.now() + 8_000;
  let quietSince = inFlight() === 0 ? Date.now() : Infinity;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    if (inFlight() > 0) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietFor) break;
  }
}

/** The visible texts (and placeholders) outside user data. */
async function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const pageLanguage = document.documentElement.lang;
    // User data, a code (translate="no": a promotion code, written the same in every language),
    // and text marked as written in another language (a language named in itself, the Chinese
    // text of a message a customer receives).
    const exempt = (element: Element): boolean =>
      Boolean(element.closest('[data-user-text], [translate="no"], script, style, noscript')) ||
      (element.closest('[lang]')?.getAttribute('lang') ?? pageLanguage) !== pageLanguage;
    const hidden = (element: Element | null): boolean => {
      if (!element || exempt(element)) return true;
      // A closed select's options are what its reader chooses from: read while the select is shown.
      const shown = element.closest('select') ?? element;
      return !shown.checkVisibility({ visibilityProperty: true });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // A value cut into pieces with <wbr> between them (the kit's Breakable: ZL | 2026 | 1125 …)
    // is one word to its reader: read whole, once.
    const whole = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const broken = parent?.querySelector(':scope > wbr') ? parent : null;
      if (broken && whole.has(broken)) continue;
      if (broken) whole.add(broken);
      const text = ((broken ?? node).textContent ?? '').trim();
      if (text && !hidden(parent)) out.push(text);
    }
    // Placeholders are the screen's own; aria-labels and titles often carry a record's name
    // ("Force down {title}", a truncated value's full text), so they are not read here.
    for (const element of document.body.querySelectorAll('[placeholder]')) {
      const value = element.getAttribute('placeholder')?.trim();
      if (value && !hidden(element)) out.push(value);
    }
    return out.filter(Boolean);
  });
}

const HAN = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/;

/**
 * The English words of a text: runs of two or more Latin letters. A code is no word — a token
 * with a digit in it (an order number ZL2026…, a promotion code, a model number X1) or a
 * template's placeholder ({order_no}, typed as it is in every language); a snake_case name is
 * read word by word (an untranslated enum value such as damage_cover is caught).
 */
function latinWords(text: string): string[] {
  return text
    .replace(/\{[a-z_]+\}/g, ' ')
    .split(/[^A-Za-z0-9_']+/)
    .filter((token) => !/\d/.test(token))
    .flatMap((token) => token.split('_'))
    .filter((word) => /^[A-Za-z][A-Za-z']+$/.test(word));
}

function offenders(texts: string[], language: 'en' | 'zh-CN'): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (language === 'en') {
      if (HAN.test(text)) found.add(text);
      continue;
    }
    if (latinWords(text).some((word) => !LATIN_ALLOWED.has(word.toLowerCase()))) found.add(text);
  }
  return [...found];
}

async function useLanguage(page: Page, host: HostName, language: 'en' | 'zh-CN'): Promise<void> {
  const { hostname } = new URL(HOSTS[host]);
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: language, domain: hostname, path: '/' }]);
}

test.describe('the language switch', () => {
  test.use({ storageState: STORAGE.demo });

  test('changes the UI and the server texts, and the choice persists', async ({ page }) => {
    const workbench = new WorkbenchPage(page);
    await workbench.goto(HOSTS.demo);
    await workbench.expectSignedIn(ACCOUNTS.demoOwner);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await workbench.languageSwitch('语言').selectOption('en');
    await expect(workbench.heading('Workbench')).toBeVisible();
    // The role's name comes from the server: in the chosen language too.
    await expect(workbench.profile('Account')).toContainText(ACCOUNTS.demoOwner.name);
    await expect(workbench.profile('Account')).toContainText('Merchant admin');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.reload();
    await expect(workbench.heading('Workbench')).toBeVisible();
    await expect(workbench.languageSwitch('Language')).toHaveValue('en');

    await workbench.languageSwitch('Language').selectOption('zh-CN');
    await expect(workbench.heading('工作台')).toBeVisible();
    await expect(workbench.profile()).toContainText(ACCOUNTS.demoOwner.role);
  });
});

for (const [sideName, side] of Object.entries(SIDES)) {
  for (const language of ['en', 'zh-CN'] as const) {
    test.describe(`${sideName} side in ${language}`, () => {
      test.use({ storageState: side.storage });

      test(`every screen speaks ${language} outside user data`, async ({ page }) => {
        // LANGUAGE_WALK_LOG=1 lists each screen's offenders as it walks. About 25–35 s a walk.
        test.setTimeout(120_000);
        await useLanguage(page, side.host, language);
        const inFlight = apiCalls(page);
        const found: Record<string, string[]> = {};
        // The record links the detail screens are reached through, read while their list is shown.
        const links = new Map<string, string | null>();
        const visit = async (path: string) => {
          await page.goto(`${HOSTS[side.host]}${path}`);
          await settle(page, inFlight);
          const wrong = offenders(await readableTexts(page), language);
          if (wrong.length) found[path] = wrong;
          if (wrong.length && process.env.LANGUAGE_WALK_LOG) console.log(JSON.stringify({ path, wrong }));
          for (const detail of DETAIL_SCREENS) {
            if (detail.via === path && !links.has(detail.link)) links.set(detail.link, await page.locator(detail.link).first().getAttribute('href', { timeout: 5_000 }).catch(() => null));
          }
        };
        const screens = screensOf(side);
        for (const path of screens) await visit(path);
        for (const detail of DETAIL_SCREENS) {
          if (!screens.includes(detail.via)) continue;
          const href = links.get(detail.link);
          expect(href, `a record link on ${detail.via}`).toBeTruthy();
          await visit(detail.path ? detail.path(href!) : href!);
        }
        expect(found).toEqual({});
      });
    });
  }
}
