/**
 * The shop through the UI, as a customer uses it: a category page with its gallery, booking with
 * dates, the header's count, the cart with removal and clearing; the gates for visitors; the
 * error messages; keyboard use, accessibility and layout stability.
 */
import type { Page } from '@playwright/test';
import { CART_ENTRY_MESSAGES } from '../../src/lib/cart.ts';
import { formatGermanDate, todayInGermany } from '../../src/lib/dates.ts';
import { addToCart, createCategory, fullCartArticles, type MadeCategory } from '../support/realistic-shop.ts';
import { confirmedCustomer, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { tabTo } from './support/keyboard.ts';
import { recordLayoutShifts } from './support/layout-shift.ts';
import { sendThrough } from './support/real-shop.ts';

const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** An ISO date `days` after today in Germany. */
function inDays(days: number): string {
  const date = new Date(`${todayInGermany()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether the browser's date fields take the month first (Debian's Chromium without language packs does). */
async function dateFieldsTakeMonthFirst(page: Page): Promise<boolean> {
  await page.evaluate(() => {
    const probe = document.createElement('input');
    probe.type = 'date';
    probe.id = 'date-probe';
    document.body.append(probe);
    probe.focus();
  });
  await page.keyboard.type('01022026');
  return page.evaluate(() => {
    const probe = document.getElementById('date-probe') as HTMLInputElement;
    probe.remove();
    return probe.value === '2026-01-02';
  });
}

/** Types an ISO date into the focused date field, in the order the field takes its parts. */
async function typeDate(page: Page, iso: string, monthFirst: boolean) {
  const [year, month, day] = iso.split('-');
  await page.keyboard.type(monthFirst ? `${month}${day}${year}` : `${day}${month}${year}`);
}

const articleCard = (page: Page, type: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: type, exact: true }) });

/**
 * Waits until every island the visitor can see has hydrated, but the add-to-cart forms: they
 * hydrate when first used (`client:used`), and never for visitors without an account.
 */
async function islandsReady(page: Page) {
  for (const island of await page.locator('astro-island:not([client="used"])').filter({ visible: true }).all()) {
    await island.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr', /.*/);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function book(page: Page, type: string, entry: string, departure: string) {
  const card = articleCard(page, type);
  await card.getByLabel('Startdatum').fill(entry);
  await card.getByLabel('Enddatum').fill(departure);
  await card.getByRole('button', { name: 'Buchen' }).click();
}

const gallerySlide = (page: Page) => page.locator('.swiper-slide-active img');

type WithSwiper = Element & { swiper?: { animating: boolean } };

/** The gallery shows image `n` of 3 and has finished moving there. */
async function galleryShows(page: Page, n: number) {
  await expect(gallerySlide(page)).toHaveAttribute('alt', new RegExp(`Bild ${n} von 3`));
  await page.waitForFunction(() => !(document.querySelector('.swiper') as WithSwiper | null)?.swiper?.animating);
}

async function loggedInCustomer(page: Page, request: import('@playwright/test').APIRequestContext) {
  const account = await confirmedCustomer(request);
  await signIn(page, account.token);
  return account;
}

test.describe('a new customer in the shop', () => {
  let category: MadeCategory;

  test.beforeAll(async ({ adminToken }, workerInfo) => {
    category = await createCategory(sendThrough(workerInfo.project.use.baseURL as string), adminToken, {
      type: `Logo und Visitenkarten für Gründerinnen und Gründer ${workerInfo.workerIndex}-${Date.now()}`,
      articles: [
        { type: 'Logo-Paket', price: 100 },
        { type: 'Visitenkarten-Set', price: 250.5 },
      ],
      photos: ['landscape', 'portrait', 'rollup'],
    });
  });

  test('logs in, opens the category from the home page, moves the gallery, books two articles and empties the cart', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // a still gallery, so each move is the test's
    const account = await confirmedCustomer(request);
    await page.goto(`/login?next=${encodeURIComponent('/')}`);
    await islandsReady(page);
    await page.getByLabel('E-Mail').fill(account.userEmail);
    await page.getByLabel('Passwort', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('/');

    await page.getByRole('link', { name: new RegExp(category.type) }).click();
    await page.waitForURL(`/departaments/${category.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Kategorie ${category.number}`);
    await islandsReady(page);

    await galleryShows(page, 1);
    await page.getByRole('button', { name: 'Nächstes Bild' }).click();
    await galleryShows(page, 2);
    await page.getByRole('button', { name: 'Vorheriges Bild' }).click();
    await galleryShows(page, 1);
    await page.locator('h1').click(); // keyboard arrows act on the gallery, not on a focused field
    await page.keyboard.press('ArrowLeft');
    await galleryShows(page, 3); // endless: back from the first
    await page.keyboard.press('ArrowRight');
    await galleryShows(page, 1);

    await book(page, 'Logo-Paket', inDays(10), inDays(12));
    await expect(articleCard(page, 'Logo-Paket').getByRole('status')).toContainText(
      'Termin erfolgreich gebucht! Gehen Sie in den Warenkorb!',
    );
    await expect(header(page).getByRole('link', { name: 'Warenkorb, 1 Eintrag' })).toBeVisible();

    await articleCard(page, 'Logo-Paket').getByRole('link', { name: 'Zum Warenkorb' }).click();
    await page.waitForURL('/cart');
    const entries = page.getByRole('list').filter({ has: page.getByText('Termin') });
    await expect(entries.getByRole('listitem')).toHaveCount(1);
    await expect(entries).toContainText('Logo-Paket');
    await expect(entries).toContainText(`${formatGermanDate(inDays(10))} – ${formatGermanDate(inDays(12))}`);
    await expect(entries).toContainText(`${category.number} · ${category.type}`);
    await expect(entries).toContainText('100,00 €');
    await expect(page.getByText('Gesamtkosten: 100,00 €')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('$');

    await page.goBack();
    await islandsReady(page);
    await book(page, 'Visitenkarten-Set', inDays(20), inDays(20));
    await expect(header(page).getByRole('link', { name: 'Warenkorb, 2 Einträge' })).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByText('Gesamtkosten: 350,50 €')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bestellen' })).toHaveAttribute('href', '/payment-options');

    await page
      .getByRole('button', {
        name: `Logo-Paket (${formatGermanDate(inDays(10))} – ${formatGermanDate(inDays(12))}) aus dem Warenkorb entfernen`,
      })
      .click();
    await expect(page.getByText('Gesamtkosten: 250,50 €')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Warenkorb, 1 Eintrag' })).toBeVisible();

    await page.getByRole('button', { name: 'Warenkorb leeren' }).click();
    await expect(page.getByText('Wirklich alle Einträge aus dem Warenkorb entfernen?')).toBeVisible();
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(page.getByText('Gesamtkosten: 250,50 €')).toBeVisible();
    await page.getByRole('button', { name: 'Warenkorb leeren' }).click();
    await page.getByRole('button', { name: 'Ja, Warenkorb leeren' }).click();
    await expect(page.getByText('Der Warenkorb ist leer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zu den Kategorien' })).toHaveAttribute('href', '/#kategorien');
    await expect(header(page).getByRole('link', { name: 'Warenkorb', exact: true })).toBeVisible();
  });

  test('sees the date rules and the API’s message for a booking made twice', async ({ page, request }) => {
    await loggedInCustomer(page, request);
    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    const card = articleCard(page, 'Logo-Paket');

    await book(page, 'Logo-Paket', inDays(5), inDays(3));
    await expect(card.getByText(CART_ENTRY_MESSAGES.departureBeforeEntry)).toBeVisible();
    await book(page, 'Logo-Paket', inDays(-1), inDays(3));
    await expect(card.getByText(CART_ENTRY_MESSAGES.entryDateInPast)).toBeVisible();
    await card.getByLabel('Startdatum').fill('');
    await card.getByLabel('Enddatum').fill('');
    await card.getByRole('button', { name: 'Buchen' }).click();
    await expect(card.getByText('Bitte wählen Sie ein Startdatum.', { exact: true })).toBeVisible();
    await expect(card.getByText('Bitte wählen Sie ein Enddatum.', { exact: true })).toBeVisible();

    await book(page, 'Logo-Paket', inDays(30), inDays(31));
    await expect(card.getByRole('status')).toContainText('Termin erfolgreich gebucht!');
    await book(page, 'Logo-Paket', inDays(30), inDays(31));
    await expect(card.getByRole('alert')).toHaveText('Dieser Artikel ist mit diesen Daten bereits in Ihrem Warenkorb.');
  });

  test('a booking form wakes at its first use: a first tap on Buchen, and the next says what is missing', async ({
    page,
    request,
  }) => {
    await loggedInCustomer(page, request);
    await page.goto(`/departaments/${category.id}`);
    const card = articleCard(page, 'Logo-Paket');
    const island = card.locator('astro-island');
    await expect(island).toHaveAttribute('ssr', '');
    // The button is disabled until the form runs; a tap on it wakes the form all the same.
    const button = card.getByRole('button', { name: 'Buchen' });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    await page.mouse.click((box?.x ?? 0) + 4, (box?.y ?? 0) + 4);
    await expect(island).not.toHaveAttribute('ssr', /.*/);
    await button.click();
    await expect(card.getByLabel('Startdatum')).toHaveAccessibleDescription('Bitte wählen Sie ein Startdatum.');
    await expect(card.getByLabel('Startdatum')).toBeFocused();
  });

  test('can book and remove with the keyboard alone', async ({ page, request }) => {
    await loggedInCustomer(page, request);
    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    const card = articleCard(page, 'Visitenkarten-Set');
    const monthFirst = await dateFieldsTakeMonthFirst(page);
    // From the page's start (the date probe has left the focus on the body): Tab by Tab through header and gallery.
    await expect(page.locator('body')).toBeFocused();
    await tabTo(page, card.getByLabel('Startdatum'));
    await typeDate(page, inDays(3), monthFirst);
    await tabTo(page, card.getByLabel('Enddatum'));
    await typeDate(page, inDays(4), monthFirst);
    await tabTo(page, card.getByRole('button', { name: 'Buchen' }));
    await page.keyboard.press('Enter');
    // The focus goes to the success message; its link to the cart is the next Tab.
    const success = card.getByRole('status').getByText('Termin erfolgreich gebucht!');
    await expect(success).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('link', { name: 'Zum Warenkorb' })).toBeFocused();

    await page.goto('/cart');
    const remove = page.getByRole('button', { name: /Visitenkarten-Set .* aus dem Warenkorb entfernen/ });
    await expect(remove).toBeVisible();
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Der Warenkorb ist leer')).toBeVisible();
  });

  test('a count change in one tab reaches a second tab', async ({ page, request, context }) => {
    await loggedInCustomer(page, request);
    const second = await context.newPage();
    await second.goto('/');
    await expect(header(second).getByRole('link', { name: 'Warenkorb', exact: true })).toBeVisible();

    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    await book(page, 'Logo-Paket', inDays(40), inDays(41));
    await expect(header(second).getByRole('link', { name: 'Warenkorb, 1 Eintrag' })).toBeVisible();
    await second.close();
  });

  test('the category page shows the uploaded JPEGs in WebP widths that all load', async ({ page, request }) => {
    await page.goto(`/departaments/${category.id}`);
    const images = page.locator('.gallery__image');
    await expect(images).toHaveCount(3);
    const first = images.first();
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    // The photos beside the first are lazy in the server's page, which their hidden frame keeps from
    // loading, and are asked for once the slider runs, after the first photo.
    const served = await (await request.get(`/departaments/${category.id}`)).text();
    expect([...served.matchAll(/<img class="gallery__image"[^>]*loading="(\w+)"/g)].map((found) => found[1])).toEqual([
      'eager',
      'lazy',
      'lazy',
    ]);
    await expect(page.locator('[data-gallery]')).toHaveAttribute('data-ready');
    await expect(images.nth(1)).toHaveAttribute('loading', 'eager');
    const srcset = (await first.getAttribute('srcset')) ?? '';
    expect(srcset).toMatch(/-480\.webp 480w, .*-720\.webp 720w, .*-960\.webp 960w, .*-1600\.webp 1600w$/);
    const urls = (await images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).srcset)))
      .flatMap((set) => set.split(', ').map((candidate) => candidate.split(' ')[0] ?? ''))
      .concat(
        await images.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).getAttribute('src') ?? '')),
      );
    // Never wider than the upload: the landscape (1600 px) has 4 widths, the poster (1131 px) 480, 720,
    // 960 and 1131, the roll-up (680 px) 480 and 680; plus the three originals.
    expect(urls).toHaveLength(4 + 4 + 2 + 3);
    for (const url of urls) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
    }
  });

  test('the gallery plays unless reduced motion is asked for, and its button pauses it', async ({ page }) => {
    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    await expect(gallerySlide(page)).not.toHaveAttribute('alt', /Bild 1 von 3/, { timeout: 8000 });
    await page.getByRole('button', { name: 'Diashow anhalten' }).click();
    const still = await gallerySlide(page).getAttribute('alt');
    await page.waitForTimeout(3500);
    await expect(gallerySlide(page)).toHaveAttribute('alt', still ?? '');
    await expect(page.getByRole('button', { name: 'Diashow abspielen' })).toBeVisible();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await islandsReady(page);
    await expect(page.getByRole('button', { name: 'Diashow abspielen' })).toBeVisible();
    await page.waitForTimeout(3500);
    await expect(gallerySlide(page)).toHaveAttribute('alt', /Bild 1 von 3/);
  });

  test('the slider’s script loads only for two or more photos, and only once the gallery is in view', async ({
    page,
    realShop,
  }) => {
    const sliderScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/_astro\/gallery\.[\w-]+\.js$/.test(request.url())) sliderScripts.push(request.url());
    });
    for (const key of ['noPhoto', 'onePhoto'] as const) {
      await page.goto(`/departaments/${realShop.catalogue[key].id}`);
      await page.locator('[data-gallery]').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[data-gallery] .arrow-button')).toHaveCount(0);
    }
    expect(sliderScripts, 'no slider for one photo or none').toEqual([]);

    await page.setViewportSize({ width: 375, height: 640 });
    await page.goto(`/departaments/${realShop.catalogue.fivePhotos.id}`);
    await page.waitForLoadState('networkidle');
    // At 375 px the gallery is below the long description: nothing loads before it is scrolled to.
    expect(sliderScripts).toEqual([]);
    await page.locator('[data-gallery]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-gallery]')).toHaveAttribute('data-ready');
    expect(sliderScripts).toHaveLength(1);
  });

  test.describe('on a common phone (412 px wide, 1.75 device pixels to a CSS pixel)', () => {
    test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

    test('the gallery’s first photo is the 720 px copy its column needs, not a wider one', async ({
      page,
      realShop,
    }) => {
      await page.goto(`/departaments/${realShop.catalogue.fivePhotos.id}`);
      const first = page.locator('.gallery__image').first();
      await first.scrollIntoViewIfNeeded();
      await expect.poll(() => first.evaluate((image) => (image as HTMLImageElement).currentSrc)).toMatch(/-720\.webp$/);
    });
  });

  test('nothing on the category page moves while it loads and hydrates', async ({ page, request }) => {
    await loggedInCustomer(page, request);
    const layoutShifts = await recordLayoutShifts(page);
    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    await page.waitForTimeout(500);
    expect(await layoutShifts()).toBe(0);
  });

  test('a session that ends while the page is open: Buchen says so with the way back, and the header follows', async ({
    page,
    request,
    send,
  }) => {
    const account = await confirmedCustomer(request);
    const token = account.token;
    await addToCart(send, token, category.articles.slice(1, 2));
    await signIn(page, token);
    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    await expect(header(page).getByRole('link', { name: 'Warenkorb, 1 Eintrag' })).toBeVisible();
    // The session ends elsewhere (a logout on another device) while this page stays open.
    expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
      204,
    );

    const card = articleCard(page, 'Logo-Paket');
    await book(page, 'Logo-Paket', inDays(10), inDays(11));
    const notice = card.getByRole('alert');
    await expect(notice).toContainText('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    await expect(notice).toBeFocused(); // the pressed button went with the form
    await expect(notice.getByRole('link', { name: 'Erneut anmelden' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/departaments/${category.id}`)}`,
    );
    await expect(page.getByText('Bitte melden Sie sich an.', { exact: true })).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Abmelden' })).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Warenkorb', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buchen' })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    await notice.getByRole('link', { name: 'Erneut anmelden' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
    await page.getByLabel('E-Mail').fill(account.userEmail);
    await page.getByLabel('Passwort', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`/departaments/${category.id}`);
    await expect(header(page).getByRole('link', { name: 'Warenkorb, 1 Eintrag' })).toBeVisible();
  });

  test('has no accessibility violations, for visitors and customers', async ({ page, request }) => {
    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    await expectNoAccessibilityViolations(page);
    await loggedInCustomer(page, request);
    await page.goto(`/departaments/${category.id}`);
    await islandsReady(page);
    await expectNoAccessibilityViolations(page);
    await expect(page.getByText('Bestellseite')).toHaveCount(0); // the form sits under its article, no heading of its own
  });
});

test.describe('visitors without an account', () => {
  test('see the category with its prices and a gate in place of the forms', async ({ page }) => {
    await page.goto('/departaments/12');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kategorie 12');
    await expect(page.getByText('Hier geht’s zur Zahlungsseite')).toBeVisible();
    await expect(page.getByText('1.200,00 €')).toBeVisible();
    await expect(page.getByText('Bitte melden Sie sich an oder registrieren Sie sich, um zu buchen.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' }).last()).toHaveAttribute(
      'href',
      '/login?next=%2Fdepartaments%2F12',
    );
    await expect(page.getByRole('link', { name: 'Registrieren' }).last()).toHaveAttribute('href', '/register');
    await expect(page.getByRole('button', { name: 'Buchen' })).toHaveCount(0);
  });

  test('see the category without JavaScript, as crawlers do', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/departaments/13');
    expect(response?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(response?.headers()['cdn-cache-control']).toBe('max-age=60, stale-while-revalidate=300');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kategorie 13');
    await expect(page.locator('main').getByText('Website-Wartung', { exact: true })).toBeVisible();
    await expect(page.locator('main')).toContainText('30,00 €');
    await context.close();
  });

  test('get the German 404 page with status 404 for an unknown or malformed category', async ({ page }) => {
    for (const path of ['/departaments/999999', '/departaments/abc', '/departaments/0']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    }
  });

  test('are asked to log in on /cart, and are sent back there after login', async ({ page, request }) => {
    await page.goto('/cart');
    await expect(page.getByText('Sie müssen angemeldet sein, um den Warenkorb zu sehen.')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    const account = await confirmedCustomer(request);
    await page.getByRole('link', { name: 'Zum Login' }).click();
    await islandsReady(page);
    await page.getByLabel('E-Mail').fill(account.userEmail);
    await page.getByLabel('Passwort', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('/cart');
    await expect(page.getByText('Der Warenkorb ist leer')).toBeVisible();
  });
});

test.describe('the cart page', () => {
  test('is accessible empty, filled and while loading, with a skeleton of the list’s size', async ({
    page,
    request,
  }) => {
    await loggedInCustomer(page, request);
    await page.goto('/cart');
    await expect(page.getByText('Der Warenkorb ist leer')).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    for (const { articleId, days } of [
      { articleId: 2, days: 8 },
      { articleId: 3, days: 9 },
    ]) {
      const added = await request.post(`/api/cart/article/${articleId}`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { entryDate: inDays(days), departureDate: inDays(days) },
      });
      expect(added.status()).toBe(201);
    }
    await page.reload(); // the header's count learns that the cart holds two entries
    const entries = page.locator('.cart-entries');
    await expect(entries.getByRole('listitem')).toHaveCount(2);
    await expectNoAccessibilityViolations(page);
    const loaded = await entries.boundingBox();

    // While the cart loads (held back here), two grey entries stand where the list will be.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/cart', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Der Warenkorb wird geladen …' })).toBeAttached();
    const skeleton = page.locator('.cart-skeleton');
    await expect(skeleton.locator('li')).toHaveCount(2);
    await expectNoAccessibilityViolations(page);
    const loading = await skeleton.boundingBox();
    expect(loading?.x).toBe(loaded?.x);
    expect(loading?.y).toBe(loaded?.y);
    expect(loading?.width).toBe(loaded?.width);
    expect(Math.abs((loading?.height ?? 0) - (loaded?.height ?? -10))).toBeLessThanOrEqual(1);

    release();
    await expect(page.getByText('Gesamtkosten: 6.000,00 €')).toBeVisible();
    await expect(skeleton).toHaveCount(0);
    await expect(page.getByText('Alle Preise in Euro inklusive 19 % Umsatzsteuer.')).toBeVisible();
  });

  test('says when the session ended, with a way back to the cart', async ({ page, request, send, realShop }) => {
    const account = await confirmedCustomer(request);
    const token = account.token;
    await addToCart(send, token, fullCartArticles(realShop.catalogue));
    await signIn(page, token);
    await page.goto('/cart');
    const remove = page.getByRole('button', { name: /aus dem Warenkorb entfernen$/ }).first();
    await expect(remove).toBeVisible();
    await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    await remove.click();
    const notice = page.getByRole('alert').filter({ hasText: 'Ihre Sitzung ist abgelaufen.' });
    await expect(notice).toBeFocused();
    await expect(notice.getByRole('link', { name: 'Erneut anmelden' })).toHaveAttribute('href', '/login?next=%2Fcart');
    await expect(page.locator('.cart-entries')).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Abmelden' })).toBeHidden();
    await expectNoAccessibilityViolations(page);
  });

  test('follows a cart emptied in another tab, and one emptied elsewhere once it is used', async ({
    page,
    request,
    context,
    send,
    realShop,
  }) => {
    const account = await confirmedCustomer(request);
    const token = account.token;
    await addToCart(send, token, fullCartArticles(realShop.catalogue));
    await signIn(page, token);
    const entries = page.locator('.cart-entries > li');

    // Another tab of this browser empties the cart: this one follows at once.
    await page.goto('/cart');
    await expect(entries).toHaveCount(6);
    const other = await context.newPage();
    await other.goto('/cart');
    await other.getByRole('button', { name: 'Warenkorb leeren' }).click();
    await other.getByRole('button', { name: 'Ja, Warenkorb leeren' }).click();
    await expect(other.getByText('Der Warenkorb ist leer')).toBeVisible();
    await expect(page.getByText('Der Warenkorb ist leer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bestellen' })).toHaveCount(0);
    await other.close();

    // Emptied on another device (no event reaches this tab): removing an entry shows the cart as it is.
    await addToCart(send, token, fullCartArticles(realShop.catalogue).slice(0, 2));
    await page.reload();
    await expect(entries).toHaveCount(2);
    expect((await request.delete('/api/cart/clear', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(
      204,
    );
    await entries.first().getByRole('button', { name: 'Entfernen' }).click();
    const empty = page.getByText('Der Warenkorb ist leer');
    await expect(empty).toBeVisible();
    await expect(empty.locator('xpath=ancestor::div[contains(@class, "notice")][1]')).toBeFocused();
    await expect(page.getByRole('link', { name: 'Bestellen' })).toHaveCount(0);
  });

  test.describe('when the cart cannot be loaded', () => {
    test.use({ allowedConsoleErrors: /Failed to load resource: net::ERR_FAILED/ });

    test('shows a German error with a retry that works', async ({ page, request }) => {
      await loggedInCustomer(page, request);
      let failing = true;
      await page.route('**/api/cart', (route) => (failing ? route.abort() : route.continue()));
      await page.goto('/cart');
      await expect(page.getByRole('alert')).toContainText(
        'Fehler beim Laden des Warenkorbs. Bitte versuchen Sie es später erneut.',
      );
      await expectNoAccessibilityViolations(page);
      failing = false;
      await page.getByRole('button', { name: 'Erneut versuchen' }).click();
      await expect(page.getByText('Der Warenkorb ist leer')).toBeVisible();
    });
  });
});
