/**
 * Every page a person can reach, with the shop as an agency fills it (tests/support/realistic-shop.ts),
 * at the widths of a small phone, two phones, a tablet, a small laptop and a desktop: nothing
 * scrolls sideways, no text is off the screen or cut off, the gallery stays in its column. A phone
 * (375 px) and a desktop (1280 px) visit the page and read it to its end: nothing moves meanwhile
 * (CLS 0); the other widths resize the page they loaded. The phone also checks accessibility: each
 * page's own spec does on a desktop (content, examples, shop, accounts, payments, admin, withdrawal).
 */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addToCart } from '../support/realistic-shop.ts';
import { confirmedCustomer, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';
import { cutOffTexts, galleryOutsideItsColumn, sidewaysOverflow, textsOffScreen } from './support/layout.ts';
import { layoutShiftSources, recordLayoutShifts } from './support/layout-shift.ts';
import type { RealShop } from './support/real-shop.ts';

const WIDTHS = [320, 375, 414, 768, 1024, 1280];
/** Each visit, then the widths it is resized to. */
const VISITED_WIDTHS: [number, number[]][] = [
  [375, [320, 414, 768]],
  [1280, [1024]],
];
const BURGER_MAX_WIDTH = 875;
const HEADER_LINKS = ['Startseite', 'Modelle', 'Preise', 'Über uns', 'Kontakt', 'Warenkorb', 'Login'];

interface Visit {
  title: string;
  path: (shop: RealShop) => string;
  as?: 'customer' | 'admin';
  /** Whether axe runs on the phone; examples.spec.ts checks one example site per look. */
  axe?: false;
}

const fixed = (path: string, as?: Visit['as']): Visit => ({
  title: as ? `${path} (${as})` : path,
  path: () => path,
  as,
});
const category = (title: string, key: keyof RealShop['catalogue'], as?: Visit['as']): Visit => ({
  title: `a category with ${title}${as ? ` (${as})` : ''}`,
  path: (shop) => `/departaments/${shop.catalogue[key].id}`,
  as,
});

/** The number of the realistic customer's newest paid order: its materials page. */
const paidOrderOf = (shop: RealShop) =>
  shop.bookings.findLast((booking) => booking.status === 'paid' && !booking.withdrawnAt)?.bookingNumber ?? '';

const slugs = readdirSync('content/landing').map((file) => file.replace(/\.md$/, ''));

const VISITS: Visit[] = [
  ...[
    '/',
    '/modelle',
    '/aboutus/modelle',
    '/preise',
    '/contacts',
    '/aboutus',
    '/privacypolicy',
    '/agb',
    '/widerrufsbelehrung',
    '/barrierefreiheit',
    '/loginpage',
    '/login',
    '/register',
    '/forgot-password',
    '/widerruf',
    '/kuendigung',
    '/reset-password',
    '/reset-password/ein-abgelaufener-link',
    '/auth/confirm?code=unbekannt',
    '/gibt-es-nicht',
    '/departaments/12',
    '/departaments/13',
    '/departaments/14',
  ].map((path) => fixed(path)),
  category('no photo', 'noPhoto'),
  category('one portrait photo', 'onePhoto'),
  category('two photos', 'twoPhotos'),
  category('three photos', 'threePhotos'),
  category('five photos and twelve articles', 'fivePhotos'),
  category('five photos and twelve add-to-cart forms', 'fivePhotos', 'customer'),
  ...['/', '/cart', '/payment-options', '/profilepage', '/checkout', '/success', '/cancel'].map((path) =>
    fixed(path, 'customer'),
  ),
  {
    title: '/unterlagen (a paid order of several print positions)',
    path: (shop) => `/unterlagen?bestellung=${paidOrderOf(shop)}`,
    as: 'customer',
  },
  ...['/admin/departaments', '/admin/bestellungen', '/admin/inhalte'].map((path) => fixed(path, 'admin')),
  // An account without a billing address: the profile shows the address form at once, above the orders.
  { ...fixed('/profilepage', 'admin'), title: '/profilepage (an account without a billing address)' },
  ...slugs.map((slug) => fixed(`/${slug}`)),
  ...slugs.map((slug) => ({ ...fixed(`/beispiele/${slug}`), axe: false as const })),
];

/**
 * Reads the page as a person does once it has loaded, to its end: islands that load when they
 * come into view, lazy images and the gallery start on the way; then back to the top once
 * everything has arrived.
 */
async function readToTheEnd(page: Page): Promise<void> {
  // Only what loads data after the page (islands, the home page's categories) needs the network quiet.
  const fetches = (await page.locator('astro-island, [data-categories]').count()) > 0;
  const loaded = async () => {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.waitForLoadState(fetches ? 'networkidle' : 'load');
  };
  // The example sites are pages of their own, without the shell.
  if ((await page.locator('.site-header').count()) > 0) await shellReady(page);
  await page.evaluate(() => document.fonts.ready);
  await loaded();
  // Each step waits for a frame. A page that stops drawing fails here with where it stopped (a
  // busy main thread still ends in the test's timeout).
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve, reject) => {
        const stalled = setTimeout(() => reject(new Error(`no frame for 5 s at ${y} px`)), 5000);
        requestAnimationFrame(() => {
          clearTimeout(stalled);
          setTimeout(resolve, 30);
        });
      });
    }
  });
  // Add-to-cart forms hydrate only when used: what the visitor sees of them is the server's markup.
  for (const island of await page.locator('astro-island:not([client="used"])').filter({ visible: true }).all()) {
    await expect(island).not.toHaveAttribute('ssr', /.*/);
  }
  await loaded();
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** What must hold at any width, on the page as it is. */
async function expectItFits(page: Page, width: number): Promise<void> {
  expect(await sidewaysOverflow(page), `sideways scrolling at ${width} px`).toBe(0);
  expect(await textsOffScreen(page), `text off the screen at ${width} px`).toEqual([]);
  expect(await cutOffTexts(page), `text cut off at ${width} px`).toEqual([]);
  expect(await galleryOutsideItsColumn(page), `the gallery at ${width} px`).toEqual([]);
}

for (const visit of VISITS) {
  test(`${visit.title} fits every width from 320 to 1280 px`, async ({ page, realShop, adminToken }) => {
    test.slow(); // two visits read to their end, an accessibility check, and four more widths
    if (visit.as) await signIn(page, visit.as === 'admin' ? adminToken : realShop.customer.accessToken);
    const layoutShifts = await recordLayoutShifts(page);
    for (const [width, resizedTo] of VISITED_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(visit.path(realShop));
      await readToTheEnd(page);
      expect(await layoutShifts(), `layout shifts at ${width} px: ${await layoutShiftSources(page)}`).toBe(0);
      await expectItFits(page, width);
      if (visit.axe !== false && width === 375) await expectNoAccessibilityViolations(page);
      for (const other of resizedTo) {
        await page.setViewportSize({ width: other, height: 800 });
        await expectItFits(page, other);
      }
    }
  });
}

test('the header offers every page at every width, in the burger menu up to 875 px', async ({ page }) => {
  await page.goto('/');
  await shellReady(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const burger = page.getByRole('button', { name: 'Menü' });
    if (width <= BURGER_MAX_WIDTH) await burger.click();
    else await expect(burger).toBeHidden();
    for (const name of HEADER_LINKS) {
      await expect(nav.getByRole('link', { name, exact: true }), `${name} at ${width} px`).toBeVisible();
    }
    if (width <= BURGER_MAX_WIDTH) {
      expect(await sidewaysOverflow(page), `sideways scrolling with the menu open at ${width} px`).toBe(0);
      expect(await textsOffScreen(page), `the open menu at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
    }
  }
});

test('a logged-in administrator finds Verwaltung and Abmelden in the burger menu too', async ({ page, adminToken }) => {
  await signIn(page, adminToken);
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

test('the header keeps room for a two-digit cart count: the links stay put when it arrives', async ({
  page,
  request,
  send,
  realShop,
}) => {
  const account = await confirmedCustomer(request);
  const token = account.token;
  await addToCart(send, token, realShop.catalogue.fivePhotos.articles.slice(0, 12));
  await signIn(page, token);
  const layoutShifts = await recordLayoutShifts(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Warenkorb, 12 Einträge' })).toBeVisible();
  expect(await layoutShifts(), `layout shifts: ${await layoutShiftSources(page)}`).toBe(0);
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
