/**
 * The `test` every e2e spec uses. By default a visitor has seen the splash and answered the
 * cookie banner, so overlays do not get in the way; specs about the shell opt out with
 * `test.use({ freshVisitor: true })`. Every test fails on uncaught page errors and console errors.
 */
import { test as base, expect } from '@playwright/test';

export interface ShellOptions {
  /** A first-time visitor: splash and cookie banner appear. */
  freshVisitor: boolean;
}

// Responses an API answers on purpose (401, 404, 409, ...) show up as console errors in Chromium.
const EXPECTED_HTTP_ERRORS = /^Failed to load resource: the server responded with a status of 4\d\d/;

export const test = base.extend<ShellOptions>({
  freshVisitor: [false, { option: true }],
  page: async ({ page, freshVisitor }, use) => {
    if (!freshVisitor) {
      await page.addInitScript(() => {
        sessionStorage.setItem('splashShown', '1');
        if (localStorage.getItem('cookieConsentAccepted') === null) {
          localStorage.setItem('cookieConsentAccepted', 'true');
          localStorage.setItem('cookieConsentDate', new Date().toISOString());
        }
      });
    }
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_HTTP_ERRORS.test(message.text())) {
        problems.push(`console error: ${message.text()}`);
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
