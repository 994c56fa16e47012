/**
 * Screenshots of the pages that carry the design, compared with the baselines in
 * screenshots.spec.ts-snapshots/, so a change of layout shows up as a failing test.
 * Deterministic: animations off, splash and cookie banner answered (fixtures), fonts loaded, and
 * the parts that change by themselves masked (the categories from the API, the footer's year).
 * After an intended change: `E2E_PORT=… npx playwright test tests/e2e/screenshots.spec.ts --update-snapshots`.
 */
import { expect, shellReady, test } from './support/fixtures.ts';

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'landing-hotel', path: '/hotel' },
  { name: 'modelle', path: '/modelle' },
  { name: 'preise', path: '/preise' },
];

for (const width of [375, 1280]) {
  for (const { name, path } of PAGES) {
    test(`${path} at ${width} px looks as designed`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await shellReady(page);
      await page.evaluate(() => document.fonts.ready);
      await expect(page.locator('[data-categories][aria-busy="true"]')).toHaveCount(0);
      await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
        fullPage: true,
        animations: 'disabled',
        mask: [page.locator('.categories__frame'), page.locator('.site-footer__meta')],
        maxDiffPixelRatio: 0.001,
      });
    });
  }
}
