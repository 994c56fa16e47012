/**
 * What a page costs a phone before its visitor does anything (docs/product.md#h11-speed): the
 * JavaScript it loads within 5 s of opening at 375 × 800 px, counted as gzip bytes of the built
 * files (the server sends brotli, smaller still). A logged-in customer's category page with a
 * dozen booking forms stays within 40 KB (the forms hydrate when used); the account pages within
 * 90 KB, everything they load at once included (their first reads go without ky), the materials
 * page too with its upload code (its input rules load with its first save).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { gzipBytes } from '../perf/page-weight.ts';
import { signIn } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const DIST_CLIENT = path.resolve('dist/client');
const QUIET_MS = 5000;

/** The gzip bytes of every script the page has loaded so far, as tests/perf/page-weight.ts counts them. */
async function scriptBytes(page: Page): Promise<{ total: number; files: string[] }> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
      .map((url) => url.pathname),
  );
  const files = [...new Set(urls)];
  const total = files.reduce((sum, file) => sum + gzipBytes(readFileSync(path.join(DIST_CLIENT, file))), 0);
  return { total, files };
}

test.use({ viewport: { width: 375, height: 800 } });

test('a logged-in customer’s category page with twelve booking forms loads at most 40 KB of JavaScript until a form is used', async ({
  page,
  realShop,
}) => {
  await signIn(page, realShop.customer.accessToken);
  await page.goto(`/departaments/${realShop.catalogue.fivePhotos.id}`);
  await page.waitForTimeout(QUIET_MS);
  const { total, files } = await scriptBytes(page);
  expect(total, files.join('\n')).toBeLessThanOrEqual(40 * 1024);
  expect(files.some((file) => file.includes('AddToCartForm'))).toBe(false);
});

for (const route of ['/profilepage', '/cart', '/payment-options', '/checkout']) {
  test(`${route} of a customer with a long history loads at most 90 KB of JavaScript in its first 5 s`, async ({
    page,
    realShop,
  }) => {
    await signIn(page, realShop.customer.accessToken);
    await page.goto(route);
    await page.waitForTimeout(QUIET_MS);
    const { total, files } = await scriptBytes(page);
    expect(total, files.join('\n')).toBeLessThanOrEqual(90 * 1024);
  });
}

test('the materials page of a paid order loads at most 90 KB of JavaScript in its first 5 s, its upload code included and its input rules not', async ({
  page,
  realShop,
}) => {
  const paid = realShop.bookings.findLast((booking) => booking.status === 'paid');
  await signIn(page, realShop.customer.accessToken);
  await page.goto(`/unterlagen?bestellung=${paid?.bookingNumber}`);
  await expect(page.getByRole('button', { name: 'Unterlagen übergeben' })).toBeVisible();
  await page.waitForTimeout(QUIET_MS);
  const { total, files } = await scriptBytes(page);
  expect(total, files.join('\n')).toBeLessThanOrEqual(90 * 1024);
  expect(files.some((file) => file.includes('MaterialsPage'))).toBe(true);
  expect(files.some((file) => file.includes('materials-input'))).toBe(false);
});
