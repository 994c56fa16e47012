/**
 * Screenshots of the pages that carry the design, compared with the baselines in
 * screenshots.spec.ts-snapshots/, so a change of layout shows up as a failing test.
 * Deterministic: animations and the slideshow off, splash and cookie banner answered (fixtures),
 * the font in the cache (a second visit: the first reads the fallback, see src/styles/fonts.css), and the parts that change by themselves masked (the categories from the
 * API, the footer's year, a test category's generated number).
 * After an intended change: `E2E_PORT=… npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots`.
 */
import type { Page } from '@playwright/test';
import { FONT_CACHED_KEY } from '../../src/components/shell/initial-state.ts';
import { expect, shellReady, test } from './support/fixtures.ts';
import type { RealShop } from './support/real-shop.ts';

const PAGES: { name: string; path: (shop: RealShop) => string }[] = [
  { name: 'home', path: () => '/' },
  { name: 'landing-hotel', path: () => '/hotel' },
  { name: 'modelle', path: () => '/modelle' },
  { name: 'preise', path: () => '/preise' },
  // The gallery with five photos of every shape, and twelve articles with long names.
  { name: 'category-five-photos', path: (shop) => `/departaments/${shop.catalogue.fivePhotos.id}` },
];

/** The first visit fetches the font for the next page, which is the one looked at. */
async function visitTwice(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, FONT_CACHED_KEY);
  await page.goto(path);
  await shellReady(page);
  await page.evaluate(() => document.fonts.ready);
}

for (const width of [375, 1280]) {
  for (const { name, path } of PAGES) {
    test(`${name} at ${width} px looks as designed`, async ({ page, realShop }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      await visitTwice(page, path(realShop));
      await expect(page.locator('[data-categories][aria-busy="true"]')).toHaveCount(0);
      const gallery = page.locator('[data-gallery]');
      if ((await gallery.count()) > 0) {
        await gallery.scrollIntoViewIfNeeded();
        await expect(gallery).toHaveAttribute('data-ready');
        await expect(page.locator('.gallery__image').first()).toHaveJSProperty('complete', true);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        fullPage: true,
        animations: 'disabled',
        mask: [
          page.locator('.categories__frame'),
          page.locator('.site-footer__meta'),
          page.locator('.category__head h1'),
        ],
        maxDiffPixelRatio: 0.001,
      });
    });
  }
}
