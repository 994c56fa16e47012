/**
 * The `test` every e2e spec uses. By default a visitor has seen the splash and answered the
 * cookie banner, so overlays do not get in the way; specs about the shell opt out with
 * `test.use({ freshVisitor: true })`. Every test fails on uncaught page errors and console errors.
 */
import { test as base, expect } from '@playwright/test';
import type { Send } from '../../support/realistic-shop.ts';
import { type Account, accessTokenFor, confirmedCustomer, E2E_ADMIN } from './accounts.ts';
import { type RealShop, readRealShop, sendThrough } from './real-shop.ts';

export interface TestApi {
  /** Requests to the e2e server's API as this test's visitor (tests/support/realistic-shop.ts builds with it). */
  send: Send;
}

export interface ShellOptions {
  /** A first-time visitor: splash and cookie banner appear. */
  freshVisitor: boolean;
  /** Console errors a test causes on purpose (e.g. a simulated server failure). */
  allowedConsoleErrors: RegExp | undefined;
}

// Responses an API answers on purpose (401, 404, 409, ...) show up as console errors in Chromium.
const EXPECTED_HTTP_ERRORS = /^Failed to load resource: the server responded with a status of 4\d\d/;

export interface WorkerAccounts {
  /** A confirmed customer account, one per worker, logged in once (login is rate-limited per account). */
  customer: Account & { token: string };
  /** An access token of the administrator the e2e server was started with, one per worker. */
  adminToken: string;
  /** The realistic shop of the setup project: categories, a customer with orders and a full cart. Read only. */
  realShop: RealShop;
}

/**
 * Each test is a visitor of its own: it comes through the e2e server's trusted proxy (loopback,
 * TRUST_PROXY) with an address of its own, so the product's per-address rate limits count each
 * test apart, as they would count real visitors.
 */
function visitorAddress(testId: string): string {
  const hash = [...testId].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  return `198.18.${(hash >>> 8) % 256}.${(hash % 254) + 1}`;
}

export const test = base.extend<ShellOptions & TestApi, WorkerAccounts>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo.testId) });
  },
  send: async ({ baseURL }, use, testInfo) => use(sendThrough(baseURL as string, visitorAddress(testInfo.testId))),
  freshVisitor: [false, { option: true }],
  allowedConsoleErrors: [undefined, { option: true }],
  customer: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await confirmedCustomer(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  adminToken: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await accessTokenFor(request, E2E_ADMIN.email, E2E_ADMIN.password));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  realShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixtures take their dependencies as the first argument
    async ({}, use) => use(readRealShop()),
    { scope: 'worker' },
  ],
  page: async ({ page, freshVisitor, allowedConsoleErrors }, use) => {
    if (!freshVisitor) {
      await page.addInitScript(() => {
        localStorage.setItem('splashShown', '1');
        if (localStorage.getItem('cookieConsentAccepted') === null) {
          localStorage.setItem('cookieConsentAccepted', 'true');
          localStorage.setItem('cookieConsentDate', new Date().toISOString());
        }
      });
    }
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'error' && !EXPECTED_HTTP_ERRORS.test(text) && !allowedConsoleErrors?.test(text)) {
        problems.push(`console error: ${text}`);
      }
    });
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

/** Waits until the shell script has wired up splash, banner, menu and header. */
export async function shellReady(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'ready');
}

export { expect };
