import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:8000';

/** Debian's chromium: `npx playwright install` cannot download browsers here. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results',
  // One server, one backend, 2 cores: run serially so runs stay deterministic.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testMatch: /.*\.spec\.ts/, testIgnore: /.*\.tz\.spec\.ts/, dependencies: ['setup'] },
    // A viewer in Los Angeles still reads China times (issue 27): *.tz.spec.ts, kept to one spec.
    { name: 'los-angeles', testMatch: /.*\.tz\.spec\.ts/, dependencies: ['setup'], use: { timezoneId: 'America/Los_Angeles' } },
  ],
  webServer: {
    command: 'npm run start',
    url: `http://127.0.0.1:${port}/main/login`,
    env: { PORT: String(port), API_ORIGIN: apiOrigin, E2E_FIXTURES: '1', NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '' },
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
