#!/usr/bin/env node
/**
 * First-load JavaScript per screen (issue 10, issue 27 item 10: ≤ 200 KB gzip each), measured in
 * Chromium on each screen as a user sees it: signed in, with its data from a real backend.
 *
 * Needs API_ORIGIN: a backend holding the demo data (`load_demo` with DEMO_ORDER_ROUNDS=1, as
 * the browser tests load it). `make bench-frontend` (infra/scripts/bench-frontend.sh) makes one
 * (fresh database, demo data, gunicorn) and runs this script against it.
 *
 * Builds the front end (`next build` into NEXT_DIST_DIR, default `.next-bench`, so it never
 * clobbers the `.next` of a browser-test run), serves it with `next start` on a free port with
 * API_ORIGIN, signs in through the login screen on each side (the demo shop's owner on
 * `demo.localhost` for the store screens, the platform admin on `admin.localhost` for the
 * platform's; a screen of both sides is measured on each) and loads every built screen of
 * src/lib/routes.ts in a fresh headless Chromium context with the HTTP cache disabled. The
 * sign-in screens are measured signed out (that is how they are seen).
 *
 * Detail screens open a real record of the demo, the one a user reaches from its list: the
 * first link of that kind on the list screen (an order in lease from /dealingOrder, its bills
 * from that order, a merchant, a sub-shop, a goods from /productManage); /product is measured
 * both new and editing that goods.
 *
 * When a figure is taken: after the load, the network idle, no loading state left on the screen
 * (no `aria-busy="true"`, no skeleton or spinner), then once more the network idle, so the
 * chunks the screen asks for once its data has rendered (charts, a form with its data) count.
 * Every /api answer of the load is checked: a screen whose data call failed (HTTP ≥ 400 or an
 * envelope code other than 200) is flagged `!` and fails --check, since it was not measured
 * with its data.
 *
 * What a figure counts: every response of resource type "script" the page fetched until then —
 * Next's runtime, the shared layout's chunks, the route's own chunks and any chunk loaded lazily
 * while the screen first renders with its data — as bytes on the wire (the encoded body size,
 * `request.sizes().responseBodySize`; `next start` gzips them). A script served uncompressed is
 * gzipped here with zlib level 6 instead and marked `*`. Not counted: the HTML document and its
 * inline scripts (the RSC payload, the message catalogue), CSS, fonts, images, /api answers.
 *
 * Time to data (issue 41 item 8, issue 64 item 8: ≤ 1 s, median of 5, none over 1.5 s): from the
 * navigation's start to the first frame in which the screen shows its data (no busy table,
 * skeleton or spinner, its heading there), read in the page with performance.now(); each screen
 * is loaded BENCH_LOADS times (5), each in a fresh context with the cache off, and the median is
 * its figure. The slowest five are printed after the table.
 *
 * Then the actions (scripts/action-times.mjs): each write a user makes on these screens that
 * was found slow, timed from the click to the screen showing its result, 5 times each.
 *
 * Usage: node scripts/bundle-size.mjs [--no-build] [--size-only] [--no-actions | --actions-only] [--json FILE] [--verbose] [--check] [--only PATH]
 * --verbose lists every script per screen; --check exits 1 when a screen or an action is over a
 * budget or a screen was not measured with its data; --only measures the screens whose path
 * starts with PATH (and no actions).
 *
 * --size-only (issue 64 item 8: seconds, not minutes, with a build already there): no backend,
 * no browser, no time to data. Each screen's first-load JavaScript is read from the build
 * itself — the runtime's root files (`build-manifest.json`) and every chunk of the client
 * modules its route references (`server/app/…/page_client-reference-manifest.js`), each
 * gzipped here at level 6 — so the figure leaves out what a screen loads lazily once its data
 * has rendered (a chart), which only the browser run counts. It builds only when the dist
 * folder has no build (or never, with --no-build).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ACTION_BUDGET_MS, ACTION_CEILING_MS, measureActions } from './action-times.mjs';

const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 200;
/** Time to data: at most 1 s from the navigation to the screen showing its data (median of 5), no load over 1.5 s. */
const DATA_BUDGET_MS = 1000;
const DATA_CEILING_MS = 1500;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const args = process.argv.slice(2);
const sizeOnly = args.includes('--size-only');
const skipBuild = args.includes('--no-build');
const verbose = args.includes('--verbose');
const check = args.includes('--check');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const withActions = !only && !args.includes('--no-actions');
const actionsOnly = args.includes('--actions-only');
const distDir = process.env.NEXT_DIST_DIR || '.next-bench';
const apiOrigin = process.env.API_ORIGIN;
const password = process.env.E2E_PASSWORD ?? 'Zulin@2026';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Where a detail screen's record comes from: the list screen a user opens it from and the
 * beginning of the link they follow there (the first such link on the screen).
 */
const RECORD_SOURCES = {
  '/orderInfo/:id': { from: '/dealingOrder', link: '/orderInfo/' },
  '/billingDetails/:order_id': { from: '/orderInfo/:id', link: '/billingDetails/' },
  '/merchantDetail': { from: '/merchant', link: '/merchantDetail?' },
  '/subMerchantDetails': { from: '/subMerchant', link: '/subMerchantDetails?' },
  '/recovery/:id': { from: '/recovery', link: '/recovery/' },
  '/privacyRequests/:id': { from: '/privacyRequests', link: '/privacyRequests/' },
  // Until the demo data holds devices (issue 43's demo), a device's screen is measured on a sample id.
  '/assets/:id': { from: '/assets', link: '/assets/', fallback: '/assets/1' },
};
/** Screens measured a second time on a record: /product edits the first goods of the list. */
const RECORD_VARIANTS = { '/product': { from: '/productManage', link: '/product?id=' } };

/** The built, non-fixture screens of the route registry, parsed from its source (no TS loader needed). */
function builtScreens({ records = true } = {}) {
  const source = readFileSync(join(FRONTEND, 'src/lib/routes.ts'), 'utf8');
  const constants = Object.fromEntries(
    [...source.matchAll(/export const (\w+_PATH) = '([^']+)'/g)].map((match) => [match[1], match[2]]),
  );
  const screens = [];
  for (const match of source.matchAll(/\{ path: ([^,]+), layout: '(\w+)', side: '(\w+)', built: (true|false)([^}]*)\}/g)) {
    const [, rawPath, layout, side, built, rest] = match;
    if (built !== 'true' || rest.includes('fixture: true')) continue;
    const pattern = rawPath.startsWith("'") ? rawPath.slice(1, -1) : constants[rawPath];
    if (!pattern) continue;
    // A screen of one record is measured on a real one: a new such screen needs its source here.
    if (records && pattern.includes(':') && !RECORD_SOURCES[pattern]) throw new Error(`${pattern}: no record to open it on (RECORD_SOURCES)`);
    screens.push({ pattern, path: pattern, layout, side, record: RECORD_SOURCES[pattern] ?? null });
    if (RECORD_VARIANTS[pattern]) screens.push({ pattern: `${pattern}?id`, path: pattern, layout, side, record: RECORD_VARIANTS[pattern] });
  }
  return screens;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(command, commandArgs, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: FRONTEND, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')} exited ${code}`))));
  });
}

async function waitForServer(url, child) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error('next start exited');
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** The demo accounts (`load_demo`) each side signs in with. */
const SIDES = {
  store: { host: 'demo.localhost', username: 'owner' },
  platform: { host: 'admin.localhost', username: 'admin' },
};

function sidesOf(screen) {
  if (screen.layout === 'login') return ['store'];
  if (screen.side === 'both') return ['store', 'platform'];
  return [screen.side === 'platform' ? 'platform' : 'store'];
}

/** Signs in through the login screen; the context's cookies and storage are the session. */
async function signIn(browser, port, sideName) {
  const side = SIDES[sideName];
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`http://${side.host}:${port}/main/login`);
  await page.getByLabel('用户名', { exact: true }).fill(side.username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 60_000, waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** What a screen shows while it waits for data: a busy table, a skeleton, a spinner. */
const LOADING = '[aria-busy="true"], .animate-pulse, [role="status"] .animate-spin';

/**
 * Milliseconds from the navigation's start to the first frame in which the screen shows its
 * data (no loading state, its heading there), read in the page (performance.now() counts from
 * the navigation's start), polled every animation frame from the moment the page is committed.
 */
async function timeToData(page) {
  const handle = await page
    .waitForFunction((loading) => (document.readyState !== 'loading' && !document.querySelector(loading) && document.querySelector('h1') ? performance.now() : false), LOADING, {
      timeout: 30_000,
      polling: 'raf',
    })
    .catch(async () => {
      const left = await page.evaluate((loading) => [...document.querySelectorAll(loading)].map((element) => element.outerHTML.slice(0, 120)), LOADING).catch(() => []);
      throw new Error(`${page.url()} did not show its data within 30 s (loading: ${left.join(' | ') || 'none'})`);
    });
  return Math.round(await handle.jsonValue());
}

/** Waits until the screen shows its data: the network idle and no loading state left. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {
    throw new Error(`${page.url()}: the network never went idle within 30 s`);
  });
  await page
    .waitForFunction(
      (loading) =>
        !document.querySelector(loading) && Boolean(document.querySelector('main, h1')),
      LOADING,
      { timeout: 30_000, polling: 100 },
    )
    .catch(() => {
      throw new Error(`${page.url()} still shows a loading state after 30 s`);
    });
  await page.waitForTimeout(500); // chunks a render right after the data asks for
  await page.waitForLoadState('networkidle');
}

/** The href of the first link beginning with `prefix` on a screen, opened signed in. */
async function recordHref(browser, origin, storageState, path, prefix) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 }, storageState });
  const page = await context.newPage();
  await page.goto(`${origin}${path}`);
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await link.waitFor({ state: 'attached', timeout: 60_000 }).catch(() => {
    throw new Error(`no link to ${prefix} on ${path}`);
  });
  const href = await link.getAttribute('href');
  await context.close();
  return href;
}

/** A fresh context (nothing cached, no service worker) with the HTTP cache off, and its page. */
async function freshPage(browser, storageState) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 }, storageState });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page };
}

async function measure(browser, origin, url, storageState) {
  const { context, page } = await freshPage(browser, storageState);

  const scripts = [];
  const calls = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type === 'fetch' || type === 'xhr') {
      const path = new URL(request.url()).pathname;
      if (!path.startsWith('/api/')) return;
      calls.push(
        (async () => {
          const response = await request.response();
          let code = null;
          try {
            code = (await response.json()).code;
          } catch {
            // not an envelope (a file)
          }
          return { path, status: response?.status() ?? 0, code };
        })(),
      );
      return;
    }
    if (type !== 'script') return;
    scripts.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const encoding = (await response?.headerValue('content-encoding')) ?? '';
        let bytes = sizes.responseBodySize;
        let selfGzipped = false;
        if (!/gzip|br|zstd|deflate/.test(encoding)) {
          const body = await response.body();
          bytes = gzipSync(body, { level: 6 }).length;
          selfGzipped = true;
        }
        return { url: request.url(), bytes, encoding, selfGzipped };
      })(),
    );
  });
  page.on('requestfailed', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) calls.push(Promise.resolve({ path, status: 0, code: null }));
  });

  const response = await page.goto(`${origin}${url}`, { waitUntil: 'commit' });
  const firstData = await timeToData(page);
  await settle(page);
  const finalUrl = new URL(page.url());
  const results = await Promise.all(scripts);
  const answers = await Promise.all(calls);
  await context.close();
  const seen = new Map();
  for (const script of results) seen.set(script.url, script); // a chunk counts once
  const list = [...seen.values()].sort((a, b) => b.bytes - a.bytes);
  const failed = answers.filter((call) => call.status === 0 || call.status >= 400 || (call.code !== null && call.code !== 200));
  return {
    status: response?.status() ?? 0,
    finalPath: finalUrl.pathname + finalUrl.search,
    scripts: list.length,
    bytes: list.reduce((sum, script) => sum + script.bytes, 0),
    selfGzipped: list.some((script) => script.selfGzipped),
    encodings: [...new Set(list.map((script) => script.encoding || 'identity'))],
    calls: answers.length,
    failed,
    list,
    firstData,
  };
}

/** Time to data of one more load of the screen (a fresh context, cache off, as the first). */
async function loadTime(browser, origin, url, storageState) {
  const { context, page } = await freshPage(browser, storageState);
  try {
    await page.goto(`${origin}${url}`, { waitUntil: 'commit' });
    return await timeToData(page);
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function build(env) {
  // next build adds its dist folder's type paths to tsconfig.json: keep the committed file as it was.
  const tsconfig = join(FRONTEND, 'tsconfig.json');
  const committed = readFileSync(tsconfig, 'utf8');
  try {
    await run('npm', ['run', 'build'], env);
  } finally {
    writeFileSync(tsconfig, committed);
  }
}

/** The route's folder under server/app for a screen pattern (`/orderInfo/:id` → `/orderInfo/[id]`). */
function appRoutes(dist) {
  const routes = JSON.parse(readFileSync(join(dist, 'app-path-routes-manifest.json'), 'utf8'));
  return new Map(Object.entries(routes).filter(([page]) => page.endsWith('/page')).map(([page, path]) => [path, page]));
}

/** gzip bytes of the scripts a screen loads first, read from the build (no browser). */
function staticFirstLoad(dist, page, rootFiles, sizes) {
  const context = { globalThis: {} };
  context.globalThis = context;
  runInNewContext(readFileSync(join(dist, 'server/app', `${page}_client-reference-manifest.js`), 'utf8'), context);
  const manifest = Object.values(context.__RSC_MANIFEST)[0];
  const files = new Set(rootFiles);
  for (const reference of Object.values(manifest.clientModules)) for (const chunk of reference.chunks) if (chunk.endsWith('.js')) files.add(chunk);
  let bytes = 0;
  for (const file of files) {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, decodeURIComponent(file))), { level: 6 }).length);
    bytes += sizes.get(file);
  }
  return { scripts: files.size, bytes, list: [...files].map((file) => ({ file, bytes: sizes.get(file) })).sort((a, b) => b.bytes - a.bytes) };
}

async function sizeOnlyMain() {
  const began = Date.now();
  const dist = join(FRONTEND, distDir);
  if (!skipBuild && !existsSync(join(dist, 'BUILD_ID'))) await build({ NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' });
  const rootFiles = JSON.parse(readFileSync(join(dist, 'build-manifest.json'), 'utf8')).rootMainFiles;
  const routes = appRoutes(dist);
  const sizes = new Map();
  const rows = [];
  for (const screen of builtScreens({ records: false })) {
    if (only && !screen.pattern.startsWith(only)) continue;
    if (screen.pattern.endsWith('?id')) continue; // the same route's scripts as the screen new
    const route = screen.path.replace(/:(\w+)/g, '[$1]');
    const page = routes.get(route);
    if (!page) throw new Error(`${screen.path}: no built route ${route} in ${distDir}`);
    rows.push({ screen: screen.pattern, ...staticFirstLoad(dist, page, rootFiles, sizes) });
  }
  console.log(`First-load JavaScript per screen, read from the build (${distDir}; gzip level 6; lazy chunks not counted)`);
  const header = `${'screen'.padEnd(32)}${'scripts'.padStart(8)}${'KB gzip'.padStart(10)}  ≤ ${BUDGET_KB} KB`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const row of rows) {
    const kb = row.bytes / 1024;
    console.log(`${row.screen.padEnd(32)}${String(row.scripts).padStart(8)}${kb.toFixed(1).padStart(10)}  ${kb <= BUDGET_KB ? 'yes' : 'NO'}`);
    if (verbose) for (const script of row.list) console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(7)} KB  ${script.file}`);
  }
  console.log(`${rows.length} screens in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
  if (check && rows.some((row) => row.bytes / 1024 > BUDGET_KB)) process.exitCode = 1;
}

async function main() {
  if (sizeOnly) return sizeOnlyMain();
  if (!apiOrigin) {
    console.error('API_ORIGIN is not set: run `make bench-frontend` (infra/scripts/bench-frontend.sh), which starts a demo-loaded backend, or point API_ORIGIN at one.');
    process.exit(2);
  }
  const env = { NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' };
  if (!skipBuild) await build(env);
  const port = await freePort();
  const server = spawn(join(FRONTEND, 'node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: FRONTEND,
    env: { ...process.env, ...env, PORT: String(port), API_ORIGIN: apiOrigin },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  let browser;
  try {
    await waitForServer(`http://127.0.0.1:${port}/main/login`, server);
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
    const sessions = {};
    for (const side of Object.keys(SIDES)) sessions[side] = await signIn(browser, port, side);
    const rows = [];
    const resolved = new Map(); // `${side} ${pattern}` → the URL measured
    const screens = actionsOnly ? [] : builtScreens();
    for (const screen of screens) {
      if (only && !screen.pattern.startsWith(only)) continue;
      for (const side of sidesOf(screen)) {
        const origin = `http://${SIDES[side].host}:${port}`;
        const storageState = screen.layout === 'security' ? sessions[side] : undefined;
        let url = screen.path;
        if (screen.record) {
          const key = `${side} ${screen.record.from}`;
          let from = screen.record.from;
          if (from.includes(':')) {
            if (!resolved.has(key)) {
              const source = screens.find((candidate) => candidate.pattern === from);
              resolved.set(key, await recordHref(browser, origin, storageState, source.record.from, source.record.link));
            }
            from = resolved.get(key);
          }
          url = await recordHref(browser, origin, storageState, from, screen.record.link).catch((error) => {
            if (!screen.record.fallback) throw error;
            console.warn(`${error.message}: measuring ${screen.record.fallback}`);
            return screen.record.fallback;
          });
          resolved.set(`${side} ${screen.pattern}`, url);
        }
        const row = { screen: screen.pattern, url, side, ...(await measure(browser, origin, url, storageState)) };
        const times = [row.firstData];
        while (times.length < LOADS) times.push(await loadTime(browser, origin, url, storageState));
        row.dataMs = median(times);
        row.dataTimes = times;
        rows.push(row);
        if (verbose) {
          console.log(`\n${row.url} (${row.side}) → ${row.finalPath}; ${row.calls} data calls${row.failed.length ? `, failed: ${row.failed.map((call) => `${call.path} ${call.status}/${call.code}`).join(', ')}` : ''}`);
          for (const script of row.list) console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(script.url).pathname}`);
        }
      }
    }
    const header = `${'screen'.padEnd(28)}${'side'.padEnd(10)}${'calls'.padStart(6)}${'scripts'.padStart(8)}${'KB gzip'.padStart(10)}  ≤ ${BUDGET_KB} KB${'data ms'.padStart(9)}  ≤ ${DATA_BUDGET_MS} ms`;
    console.log(`\nFirst-load JavaScript per screen, signed in with its data (Chromium, cache off; encodings: ${[...new Set(rows.flatMap((row) => row.encodings))].join(', ')})`);
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const row of rows) {
      const kb = row.bytes / 1024;
      const ended = row.finalPath !== row.url ? `  (ended on ${row.finalPath})` : '';
      const failed = row.failed.length ? `  ! failed: ${row.failed.map((call) => `${call.path} ${call.status}/${call.code}`).join(', ')}` : '';
      console.log(
        `${row.screen.padEnd(28)}${row.side.padEnd(10)}${String(row.calls).padStart(6)}${String(row.scripts).padStart(8)}${(kb.toFixed(1) + (row.selfGzipped ? '*' : '')).padStart(10)}  ${(kb <= BUDGET_KB ? 'yes' : 'NO').padEnd(11)}${String(row.dataMs).padStart(9)}  ${row.dataMs <= DATA_BUDGET_MS ? 'yes' : 'NO'}${ended}${failed}`,
      );
    }
    const slowest = [...rows].sort((a, b) => b.dataMs - a.dataMs).slice(0, 5);
    console.log(`time to data (median of ${LOADS} loads, ms from navigation to the data shown), slowest: ${slowest.map((row) => `${row.screen} (${row.side}) ${row.dataMs} [${row.dataTimes.join(', ')}]`).join('; ')}`);
    const overCeiling = rows.filter((row) => Math.max(...row.dataTimes) > DATA_CEILING_MS);
    console.log(`loads over ${DATA_CEILING_MS} ms: ${overCeiling.length ? overCeiling.map((row) => `${row.screen} (${row.side}) [${row.dataTimes.join(', ')}]`).join('; ') : 'none'}`);
    let actions = [];
    if (withActions) {
      actions = (await measureActions({ browser, port, storageState: sessions.store, password })).map((action) => ({
        ...action,
        median: action.times.length ? median(action.times) : null,
        max: action.times.length ? Math.max(...action.times) : null,
      }));
      console.log(`\nActions, ms from the click to the screen showing the result (≤ ${ACTION_BUDGET_MS} median, none over ${ACTION_CEILING_MS})`);
      for (const action of actions) {
        const verdict = action.median === null ? 'not run: no record' : action.median <= ACTION_BUDGET_MS && action.max <= ACTION_CEILING_MS ? 'yes' : 'NO';
        console.log(`${action.action.padEnd(22)}${String(action.times.length).padStart(3)} runs  median ${String(action.median ?? '-').padStart(5)}  max ${String(action.max ?? '-').padStart(5)}  ${verdict}  [${action.times.join(', ')}]`);
      }
    }
    console.log(`load average after the run: ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);
    const records = rows.filter((row) => row.url !== row.screen);
    if (records.length) console.log(`records opened: ${records.map((row) => `${row.screen} (${row.side}) ${row.url}`).join('; ')}`);
    if (rows.some((row) => row.selfGzipped)) console.log('* some scripts were served uncompressed: gzipped here with zlib level 6');
    if (rows.some((row) => row.failed.length)) console.log('! a data call of the screen failed: not measured with its data');
    if (jsonOut) {
      const screens = rows.map(({ list, ...row }) => ({ ...row, list: list.map((s) => ({ path: new URL(s.url).pathname, bytes: s.bytes })) }));
      writeFileSync(jsonOut, JSON.stringify({ screens, actions }, null, 2));
    }
    const screenOver = rows.some((row) => row.bytes / 1024 > BUDGET_KB || row.dataMs > DATA_BUDGET_MS || Math.max(...row.dataTimes) > DATA_CEILING_MS || row.failed.length);
    const actionOver = actions.some((action) => action.median === null || action.median > ACTION_BUDGET_MS || action.max > ACTION_CEILING_MS);
    if (check && (screenOver || actionOver)) process.exitCode = 1;
  } finally {
    await browser?.close();
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
