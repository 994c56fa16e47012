import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './tests/e2e/support/accounts.ts';

/**
 * End-to-end tests against the product started exactly as `npm start` starts it, on its own port
 * and its own temporary DATA_DIR. `npm test` (tests/run.ts) picks a free port and builds first;
 * run alone, `npx playwright test` uses port 4329.
 */
const port = Number(process.env.E2E_PORT ?? 4329);
/** Specs that move the payment sandbox's clock (docs/product.md#d19-provider-emulators). */
const OVER_TIME = /over-time\.spec\.ts$/;
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the main process; workers inherit it, so they read the same outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'hwds-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell, the browser Playwright itself runs headless: the same engine
      // without the desktop browser around it, which took a third of the suite's time.
      executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
      // As root in a closed network: no sandbox, no background connections.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The realistic shop every spec reads (tests/e2e/realistic-shop.setup.ts), made once per run.
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: OVER_TIME },
    // Specs that move the sandbox clock, which every spec shares: after all the others.
    { name: 'over-time', dependencies: ['chromium'], testMatch: OVER_TIME },
  ],
  webServer: {
    // The first administrator is made the documented way before the server starts.
    command: `node src/cli/create-admin.ts --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}' && node src/cli/start.ts`,
    // Ready, not only alive: the server listens while it starts (docs/product.md#operations).
    url: `${baseURL}/api/health/ready`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Both providers in the sandbox, whose test controls the payment tests use.
      SANDBOX_TEST_CONTROLS: 'true',
      // Each test sends its own X-Forwarded-For (tests/e2e/support/fixtures.ts), as visitors behind a proxy.
      TRUST_PROXY: 'loopback',
      // The interactive API reference, which production leaves off by default.
      API_DOCS: 'true',
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  },
});
