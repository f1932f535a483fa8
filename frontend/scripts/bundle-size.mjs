#!/usr/bin/env node
/**
 * First-load JavaScript per screen (issue 10: ≤ 200 KB gzip each), measured in Chromium.
 *
 * Builds the front end (`next build` into NEXT_DIST_DIR, default `.next-bench`, so it never
 * clobbers the `.next` of a browser-test run), serves it with `next start` on a free port with
 * API_ORIGIN pointing nowhere, and loads every built screen of src/lib/routes.ts in a fresh
 * headless Chromium context with the HTTP cache disabled.
 *
 * What a figure counts: every response of resource type "script" the page fetched until the
 * network went idle — Next's runtime, the shared layout's chunks, the route's own chunks and
 * any chunk loaded lazily while the screen first renders — as bytes on the wire (the encoded
 * body size, `request.sizes().responseBodySize`; `next start` gzips them). A script served
 * uncompressed is gzipped here with zlib level 6 instead and marked `*`. Not counted: the HTML
 * document and its inline scripts (the RSC payload, the message catalogue), CSS, fonts, images.
 *
 * Signed-in screens: the browser gets a fake token cookie, and the two calls the security
 * layout waits for (getLoginUserInfo, getSiteInfo) are answered in the browser with a session
 * holding every auth action, so the screen itself renders and loads its chunks; every other
 * /api call fails the way a backend error would (the screen shows its error state). Screens of
 * both sides are measured on each side (store host `demo.localhost`, platform `admin.localhost`).
 *
 * Usage: node scripts/bundle-size.mjs [--no-build] [--json FILE] [--verbose] [--check]
 * --verbose lists every script per screen; --check exits 1 when a screen is over the budget.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_KB = 200;
const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const verbose = args.includes('--verbose');
const check = args.includes('--check');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const distDir = process.env.NEXT_DIST_DIR || '.next-bench';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The built, non-fixture screens of the route registry, parsed from its source (no TS loader needed). */
function builtScreens() {
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
    // A parameter route is measured at a sample value: its data call fails like every other here.
    const path = pattern.replace(/:\w+/g, '1');
    screens.push({ path, layout, side });
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

const SIDES = { store: { host: 'demo.localhost', tokenCookie: 'zulin_store_token', platformType: 1 }, platform: { host: 'admin.localhost', tokenCookie: 'zulin_admin_token', platformType: 0 } };

function sidesOf(screen) {
  if (screen.layout === 'login') return ['store'];
  if (screen.side === 'both') return ['store', 'platform'];
  return [screen.side === 'platform' ? 'platform' : 'store'];
}

function fakeSession(actions) {
  const site = { name: 'Bench', logo: null, merchant: null };
  return {
    user: { id: 1, username: 'bench', name: 'Bench' },
    roles: [],
    current_role: null,
    auth: actions.map((action, index) => ({ id: index + 1, action, name: action })),
    menus: [],
    site,
  };
}

async function measure(browser, port, screen, sideName, actions) {
  const side = SIDES[sideName];
  const origin = `http://${side.host}:${port}`;
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  if (screen.layout === 'security') {
    await context.addCookies([{ name: side.tokenCookie, value: 'bench-token', domain: side.host, path: '/' }]);
    await context.route('**/api/**', (route) => {
      const url = new URL(route.request().url());
      let body = { code: 500, msg: 'bench: no backend', data: null };
      if (url.pathname === '/api/platform/getLoginUserInfo') body = { code: 200, msg: 'ok', data: fakeSession(actions) };
      else if (url.pathname === '/api/platform/getSiteInfo') body = { code: 200, msg: 'ok', data: fakeSession([]).site };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
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

  const response = await page.goto(`${origin}${screen.path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500); // chunks a render right after idle asks for
  await page.waitForLoadState('networkidle');
  const finalPath = new URL(page.url()).pathname;
  const results = await Promise.all(scripts);
  await context.close();
  const seen = new Map();
  for (const script of results) seen.set(script.url, script); // a chunk counts once
  const list = [...seen.values()].sort((a, b) => b.bytes - a.bytes);
  return {
    screen: screen.path,
    side: sideName,
    status: response?.status() ?? 0,
    finalPath,
    scripts: list.length,
    bytes: list.reduce((sum, script) => sum + script.bytes, 0),
    selfGzipped: list.some((script) => script.selfGzipped),
    encodings: [...new Set(list.map((script) => script.encoding || 'identity'))],
    list,
  };
}

async function main() {
  const env = { NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' };
  if (!skipBuild) {
    // next build adds its dist folder's type paths to tsconfig.json: keep the committed file as it was.
    const tsconfig = join(FRONTEND, 'tsconfig.json');
    const committed = readFileSync(tsconfig, 'utf8');
    try {
      await run('npm', ['run', 'build'], env);
    } finally {
      writeFileSync(tsconfig, committed);
    }
  }
  const port = await freePort();
  const server = spawn(join(FRONTEND, 'node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: FRONTEND,
    env: { ...process.env, ...env, PORT: String(port), API_ORIGIN: 'http://127.0.0.1:9' },
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
    const source = readFileSync(join(FRONTEND, 'src/lib/routes.ts'), 'utf8');
    const actions = [...new Set([...source.matchAll(/action: '([^']+)'/g)].map((match) => match[1]))];
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
    const rows = [];
    for (const screen of builtScreens()) {
      for (const side of sidesOf(screen)) {
        const row = await measure(browser, port, screen, side, actions);
        rows.push(row);
        if (verbose) {
          console.log(`\n${row.screen} (${row.side}) → ${row.finalPath}`);
          for (const script of row.list) console.log(`  ${(script.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(script.url).pathname}`);
        }
      }
    }
    const header = `${'screen'.padEnd(22)}${'side'.padEnd(10)}${'scripts'.padStart(8)}${'KB gzip'.padStart(10)}  ≤ ${BUDGET_KB} KB`;
    console.log(`\nFirst-load JavaScript per screen (Chromium, cache off; encodings: ${[...new Set(rows.flatMap((row) => row.encodings))].join(', ')})`);
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const row of rows) {
      const kb = row.bytes / 1024;
      const note = row.finalPath !== row.screen ? `  (ended on ${row.finalPath})` : '';
      console.log(
        `${row.screen.padEnd(22)}${row.side.padEnd(10)}${String(row.scripts).padStart(8)}${(kb.toFixed(1) + (row.selfGzipped ? '*' : '')).padStart(10)}  ${kb <= BUDGET_KB ? 'yes' : 'NO'}${note}`,
      );
    }
    if (rows.some((row) => row.selfGzipped)) console.log('* some scripts were served uncompressed: gzipped here with zlib level 6');
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows.map(({ list, ...row }) => ({ ...row, list: list.map((s) => ({ path: new URL(s.url).pathname, bytes: s.bytes })) })), null, 2));
    if (check && rows.some((row) => row.bytes / 1024 > BUDGET_KB)) process.exitCode = 1;
  } finally {
    await browser?.close();
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
