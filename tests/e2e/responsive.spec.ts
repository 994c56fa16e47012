/**
 * Every public page at the widths of a small phone, a phone, a tablet and a desktop: nothing
 * scrolls sideways, no text is cut off, no accessibility violation, and the header offers every
 * page (in the burger menu up to 875 px).
 */
import { readdirSync } from 'node:fs';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';
import { cutOffTexts, sidewaysOverflow } from './support/layout.ts';

const WIDTHS = [320, 375, 768, 1280];
const BURGER_MAX_WIDTH = 875;
const HEADER_LINKS = ['Startseite', 'Modelle', 'Preise', 'Über uns', 'Kontakt', 'Warenkorb', 'Login'];

const landingPaths = readdirSync('content/landing').map((file) => `/${file.replace(/\.md$/, '')}`);
const publicPaths = [
  '/',
  '/modelle',
  '/aboutus/modelle',
  '/preise',
  '/contacts',
  '/aboutus',
  '/privacypolicy',
  '/loginpage',
  '/login',
  '/register',
  '/forgot-password',
  '/departaments/12',
  '/gibt-es-nicht',
  ...landingPaths,
];

for (const path of publicPaths) {
  test(`${path} fits 320, 375, 768 and 1280 px with its header complete`, async ({ page }) => {
    test.slow(); // four widths, each with an accessibility check
    await page.goto(path);
    await shellReady(page);
    await page.evaluate(() => document.fonts.ready);
    // The home page's categories arrive from the API after the first paint.
    await expect(page.locator('[data-categories][aria-busy="true"]')).toHaveCount(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);
      expect(await cutOffTexts(page), `text cut off at ${width} px`).toEqual([]);
      await expectNoAccessibilityViolations(page);

      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      const burger = page.getByRole('button', { name: 'Menü' });
      if (width <= BURGER_MAX_WIDTH) await burger.click();
      else await expect(burger).toBeHidden();
      for (const name of HEADER_LINKS) {
        await expect(nav.getByRole('link', { name, exact: true }), `${name} at ${width} px`).toBeVisible();
      }
      if (width <= BURGER_MAX_WIDTH) {
        expect(await sidewaysOverflow(page), `sideways scrolling with the menu open at ${width} px`).toBe(0);
        await page.keyboard.press('Escape');
      }
    }
  });
}

test('a logged-in administrator finds Verwaltung and Abmelden in the burger menu too', async ({ page, adminToken }) => {
  await page.addInitScript((token) => {
    localStorage.setItem('accessToken', token);
    localStorage.setItem('isAuthorized', 'true');
  }, adminToken);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await shellReady(page);
  await page.getByRole('button', { name: 'Menü' }).click();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  // The cart link may carry its count ("Warenkorb, 2 Einträge").
  for (const name of HEADER_LINKS.filter((name) => name !== 'Login').concat('Verwaltung')) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(nav.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
});

test('the 27 industry links are a compact list on a phone, not 27 full-width buttons', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const links = page.getByRole('region', { name: 'Websites für Ihre Branche' }).locator('.landing-links a');
  await expect(links).toHaveCount(27);
  // Two columns: no link is wider than half the screen.
  const widths = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getBoundingClientRect().width));
  for (const width of widths) expect(width).toBeLessThan(375 / 2);
});
