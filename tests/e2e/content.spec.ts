import { readdirSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { landingSchema } from '../../src/content-schemas/landing.ts';
import type { CategoryView } from '../../src/server/features/catalogue/catalogue.views.ts';
import { signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';
import { recordLayoutShifts } from './support/layout-shift.ts';

interface LandingPage {
  path: string;
  title: string;
  gate: string | null;
  /** The start of the page's own service description. */
  opening: string;
}

const landingPages: LandingPage[] = readdirSync('content/landing').map((file) => {
  const [, frontMatter = '', body = ''] =
    /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(`content/landing/${file}`, 'utf8')) ?? [];
  const data = parseYaml(frontMatter) as { title: string; gate: string };
  return {
    path: `/${file.replace(/\.md$/, '')}`,
    title: data.title,
    // As the pages read it: 'kein Hinweis' is no gate.
    gate: landingSchema.shape.gate.parse(data.gate),
    opening: body.trim().slice(0, 60),
  };
});

const staticPages = [
  { path: '/', heading: 'Websites für kleine Unternehmen' },
  { path: '/modelle', heading: 'Unsere Website-Modelle' },
  { path: '/aboutus/modelle', heading: 'Unsere Website-Modelle' },
  { path: '/preise', heading: 'Preise' },
  { path: '/contacts', heading: 'Kontakt' },
  { path: '/aboutus', heading: 'Über uns' },
  { path: '/privacypolicy', heading: 'Datenschutzerklärung' },
  { path: '/agb', heading: 'Allgemeine Geschäftsbedingungen' },
  { path: '/widerrufsbelehrung', heading: 'Widerrufsbelehrung' },
  { path: '/barrierefreiheit', heading: 'Erklärung zur Barrierefreiheit' },
  { path: '/loginpage', heading: 'Willkommen auf der HWDS-Website' },
];

test('there are the 27 industry landing pages of the spec', () => {
  expect(landingPages.map((page) => page.path).sort()).toEqual(
    [
      'shop',
      'hotel',
      'nagelindustrie',
      'friseurdienstleistungen',
      'artzpraxis',
      'anwaltdienstleistungen',
      'nachhilfedienste',
      'cleaning',
      'informationsseite',
      'backerei',
      'autoreparaturservice',
      'wohnungsrenovierungservice',
      'pizzeria',
      'sanitardienstleistungen',
      'massagedienstleistungen',
      'landschaftsgestaltung',
      'bankdienstleistungen',
      'fitnesstudio',
      'hausbau',
      'lieferung',
      'computerreparaturdienste',
      'reiseburo',
      'schlusselpage',
      'steuerberater',
      'immobielenagentur',
      'klimaanlage',
      'kunstler',
    ]
      .map((slug) => `/${slug}`)
      .sort(),
  );
});

for (const { path, heading } of staticPages) {
  test(`${path} answers 200 with its heading and no accessibility violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{70,}/);
    await shellReady(page);
    await expectNoAccessibilityViolations(page);
  });
}

for (const landing of landingPages) {
  test(`${landing.path} shows its business text; the order section is gated for anonymous visitors only`, async ({
    page,
    customer,
  }) => {
    const response = await page.goto(landing.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(landing.title);
    await expect(page.locator('main')).toContainText(landing.opening);
    await expect(page.getByRole('link', { name: 'Beispielseite ansehen' })).toHaveAttribute(
      'href',
      `/beispiele${landing.path}`,
    );
    await expect(page.getByRole('link', { name: 'E-Mail an uns' })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: 'Website-Modelle' })).toHaveAttribute('href', '/modelle');
    const steps = page.locator('[data-order-steps]');
    if (landing.gate) {
      await expect(page.getByText(landing.gate, { exact: true })).toBeVisible();
      await expect(steps).toBeHidden();
    } else {
      await expect(page.locator('[data-gate]')).toHaveCount(0);
      await expect(steps).toBeVisible();
    }
    await shellReady(page);
    await expectNoAccessibilityViolations(page);

    await signIn(page, customer.token);
    await page.goto(landing.path);
    await expect(steps).toBeVisible();
    await expect(steps.getByRole('link', { name: 'Hier geht’s zur Zahlungsseite' })).toHaveAttribute(
      'href',
      '/departaments/12',
    );
    await expect(steps.getByRole('link', { name: /^E-Mail an / })).toHaveAttribute('href', /^mailto:.+\?subject=/);
    // The materials follow "mit …" in the dative (docs/product.md#d24-german-ui).
    await expect(steps.locator('li').nth(2)).toHaveText(
      /mit der Bestellnummer, dem gewählten Modell, dem Namen Ihrer Website und .+ sowie Ihrem Logo( oder Ihrer Signatur)?\.$/,
    );
    if (landing.gate) await expect(page.getByText(landing.gate, { exact: true })).toBeHidden();
  });
}

test('/modelle shows the five models with their prices and limits', async ({ page }) => {
  await page.goto('/modelle');
  const models = page.locator('.models > li');
  await expect(models).toHaveCount(5);
  const prices = ['1.200,00 €', '2.500,00 €', '3.500,00 €', '5.000,00 €', 'bis zu 10.000,00 €'];
  for (const [index, price] of prices.entries()) {
    await expect(models.nth(index).locator('.price')).toHaveText(price);
  }
  await expect(models.nth(0)).toContainText('bis zu 20 Fotos, 10 Leistungen und 5 Seiten');
  await expect(models.nth(2)).toContainText('bis zu 50 Produkt- oder Leistungskarten');
  await expect(page.getByText('Alle Preise in Euro inklusive 19 % Umsatzsteuer.')).toBeVisible();
  const offers = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
    itemListElement: { '@type': string; price?: string }[];
  };
  expect(offers.itemListElement.map((offer) => offer['@type'])).toEqual(['Offer', 'Offer', 'Offer', 'Offer', 'Offer']);
  expect(offers.itemListElement[0]?.price).toBe('1200.00');
});

test('/aboutus/modelle repeats the models and names /modelle as the canonical page', async ({ page }) => {
  await page.goto('/aboutus/modelle');
  await expect(page.locator('.models > li')).toHaveCount(5);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/modelle$/);
});

test('/preise shows the maintenance tiers and the print and design prices', async ({ page }) => {
  await page.goto('/preise');
  const maintenance = page.getByRole('table', { name: 'Wartungspakete mit Preis pro Monat' });
  for (const [tier, price] of [
    ['Minimal', '30–60 €'],
    ['Basis', '60–120 €'],
    ['Technik und Inhalte', '100–200 €'],
    ['Komplett', 'ab 200 €'],
    ['Einfache CMS-Seiten', 'ab 10 €'],
  ] as const) {
    await expect(maintenance.getByRole('row', { name: new RegExp(`^${tier}`) })).toContainText(price);
  }
  await expect(page.getByText('Bei jährlicher Zahlung sparen Sie 15 %.')).toBeVisible();
  await expect(page.getByText('Hosting und Domain sind in den Wartungspreisen nicht enthalten.').first()).toBeVisible();
  const print = page.getByRole('table', { name: 'Druck- und Designleistungen mit Preis ab' });
  for (const [item, price, notes] of [
    ['Leinwanddruck', 'ab 30 €', ''],
    ['Großformatdruck auf Papier', 'ab 50 €', 'max. 50 cm Breite · Mindestbestellwert 50 €'],
    ['Visitenkarten', 'ab 50 €', 'ab 100 Stück · Mindestbestellwert 50 €'],
    ['Fotodruck', 'ab 50 €', 'Mindestbestellwert 50 €'],
    ['Plan- und technischer Zeichnungsdruck', 'ab 30 €', 'Länge bis 1,5 m · Mindestbestellwert 30 €'],
    ['Logodesign', 'ab 50 €', ''],
    ['Banner', 'ab 70 €', 'Mindestbestellwert 50 €'],
    ['Unternehmer-Set', 'ab 100 €', ''],
  ] as const) {
    const row = print.getByRole('row', { name: new RegExp(`^${item}`) });
    await expect(row).toContainText(price);
    await expect(row).toContainText(notes);
  }
  await expect(
    page.getByText(
      'als JPG, TIFF, PNG, PDF mit mindestens 300 dpi bis DIN A3 und 150 dpi bei größeren Formaten, jeweils im Endformat.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Versandkosten tragen Sie/)).toBeVisible();
});

test('/contacts and the Impressum show the company data from content/site.yaml', async ({ page }) => {
  await page.goto('/contacts');
  const main = page.locator('main');
  await expect(main).toContainText('Rheinstraße 48');
  await expect(main).toContainText('65185 Wiesbaden');
  await expect(main).toContainText('Die Beratung ist kostenlos und erfolgt ausschließlich per E-Mail.');
  await expect(main).toContainText('Täglich von 08:00 bis 18:00 Uhr');
  await expect(page.getByRole('link', { name: 'kontakt@hwds-agentur.de' }).first()).toHaveAttribute(
    'href',
    'mailto:kontakt@hwds-agentur.de',
  );

  await page.goto('/aboutus#impressum');
  const impressum = page.getByRole('region', { name: 'Impressum' });
  await expect(impressum).toContainText('Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG)');
  await expect(impressum).toContainText('HWDS Web- und Design-Service Daniel Hoffmann');
  await expect(impressum).toContainText('DE318476250');
  await expect(impressum).toContainText('§ 18 Abs. 2 Medienstaatsvertrag');
});

test('/agb has every section a customer looks for, naming the seller from content/site.yaml', async ({ page }) => {
  await page.goto('/agb');
  const main = page.locator('main');
  const sections = await main.getByRole('heading', { level: 2 }).allTextContents();
  expect(sections).toEqual([
    '§ 1 Geltungsbereich',
    '§ 2 Vertragsschluss',
    '§ 3 Leistungen',
    '§ 4 Preise und Zahlung',
    '§ 5 Mitwirkung des Kunden',
    '§ 6 Nutzungsrechte',
    '§ 7 Gewährleistung',
    '§ 8 Haftung',
    '§ 9 Laufzeit und Kündigung der Wartung',
    '§ 10 Widerrufsrecht',
    '§ 11 Schlussbestimmungen',
  ]);
  await expect(main).toContainText('die Sie mit HWDS Web- und Design-Service Daniel Hoffmann (im Folgenden „wir“)');
  await expect(main).toContainText('unser Sitz in Wiesbaden');
  await expect(main).toContainText('„Jetzt zahlungspflichtig bezahlen“');
  // The same rule for print files as /preise and the next steps (content/pricing.yaml).
  await expect(main).toContainText(
    'mindestens 300 dpi bis DIN A3 und 150 dpi bei größeren Formaten, jeweils im Endformat',
  );
  await expect(main).toContainText('„Verträge hier kündigen“');
  // Materials by the page or by e-mail, never a password (docs/product.md#d36-next-steps).
  await expect(main).toContainText('auf der Seite „Unterlagen abgeben“ zu Ihrer Bestellung oder per E-Mail');
  await expect(main).not.toContainText('{{');
  await expect(main.getByRole('link', { name: 'Widerrufsbelehrung' })).toHaveAttribute('href', '/widerrufsbelehrung');
});

test('/widerrufsbelehrung is the statutory model notice with the seller, the exceptions and the model form', async ({
  page,
}) => {
  await page.goto('/widerrufsbelehrung');
  const main = page.locator('main');
  for (const text of [
    'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
    'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.',
    'müssen Sie uns (HWDS Web- und Design-Service Daniel Hoffmann, Rheinstraße 48, 65185 Wiesbaden, Deutschland, Telefon: +49 611 98765430, E-Mail: kontakt@hwds-agentur.de)',
    'spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen',
    'Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen sollen',
    '§ 356 Abs. 4 BGB',
    '§ 312g Abs. 2 Nr. 1 BGB',
    'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag',
    '(*) Unzutreffendes streichen.',
  ]) {
    await expect(main).toContainText(text);
  }
  await expect(main.getByRole('heading', { level: 2, name: 'Muster-Widerrufsformular' })).toBeVisible();
});

test('/privacypolicy covers cookies, DSA, dispute resolution, returns and refunds', async ({ page }) => {
  await page.goto('/privacypolicy');
  const main = page.locator('main');
  for (const text of [
    '1 Jahr',
    '2 Tage',
    '2 Wochen',
    '1 Tag',
    'Digital Services Act',
    '§ 36 Verbraucherstreitbeilegungsgesetz',
    '7 Tagen',
    '14 Werktagen',
    'hwds_device',
    'Die Dateien löschen wir 90 Tage nach der Lieferung', // the materials (docs/product.md#d36-next-steps)
  ]) {
    await expect(main).toContainText(text);
  }
});

test.describe('home page categories', () => {
  test('shows one card per category from the API, linking to its page, with its first photo or its illustration', async ({
    page,
    realShop,
  }) => {
    // Other tests add categories to the shared database: compare with what this page's request got.
    const answer = page.waitForResponse('**/api/departaments');
    await page.goto('/');
    const categories = (await (await answer).json()) as CategoryView[];
    const cards = page.getByRole('region', { name: 'Kategorien' }).getByRole('listitem');
    await expect(cards).toHaveCount(categories.length);
    // A fresh installation's categories come with the example sites' photos.
    for (const [index, type] of [
      'Websites für kleine Unternehmen',
      'Website-Wartung',
      'Großformatdruck und Design',
    ].entries()) {
      await expect(cards.nth(index).getByRole('heading')).toHaveText(type);
      await expect(cards.nth(index).locator('img')).toHaveAttribute('src', String(categories[index]?.images[0]?.url));
    }
    await expect(cards.nth(0).getByRole('link')).toHaveAttribute('href', '/departaments/12');
    // The realistic shop's category without a photo comes before any a test made with its name.
    const withoutPhoto = cards.filter({ hasText: realShop.catalogue.noPhoto.type }).first();
    await expect(withoutPhoto.locator('img')).toHaveAttribute('src', /^\/images\/kategorie-[a-z]+\.svg$/);
    await expectNoAccessibilityViolations(page);
  });

  test.describe('on a common phone (412 px wide, 1.75 device pixels to a CSS pixel)', () => {
    test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

    test('a card, 17rem wide, loads the 480 px copy of its photo', async ({ page }) => {
      await page.goto('/');
      const photo = page.getByRole('region', { name: 'Kategorien' }).locator('img[srcset]').first();
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((image) => (image as HTMLImageElement).currentSrc)).toMatch(/-480\.webp$/);
    });
  });

  test('falls back to the default image and "Keine Beschreibung verfügbar"', async ({ page }) => {
    await page.route('**/api/departaments', (route) =>
      route.fulfill({ json: [{ id: 7, type: 'Fotografie', description: ' ', imageUrls: [], articles: [] }] }),
    );
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Kategorien' }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Keine Beschreibung verfügbar');
    await expect(card.locator('img')).toHaveAttribute('src', '/images/kategorie-standard.svg');
    await expect(card.getByRole('link')).toHaveAttribute('href', '/departaments/7');
  });

  test('shows the first uploaded image instead of the illustration', async ({ page }) => {
    const image = (id: number) => ({ id, url: `/api/images/file/${'a'.repeat(31)}${id}.png`, variants: [] });
    await page.route('**/api/departaments', (route) =>
      route.fulfill({
        json: [
          {
            id: 13,
            type: 'Website-Wartung',
            description: 'Wartung',
            imageUrls: [],
            images: [image(1), image(2)],
            articles: [],
          },
        ],
      }),
    );
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Kategorien' }).getByRole('listitem');
    await expect(card.locator('img')).toHaveAttribute('src', image(1).url);
  });

  test('says so when there are none', async ({ page }) => {
    await page.route('**/api/departaments', (route) => route.fulfill({ json: [] }));
    await page.goto('/');
    await expect(page.getByText('Zurzeit sind keine Kategorien verfügbar.')).toBeVisible();
  });

  test.describe('when the API fails', () => {
    test.use({ allowedConsoleErrors: /status of 503/ });

    test('says so, and the page stays usable', async ({ page }) => {
      await page.route('**/api/departaments', (route) =>
        route.fulfill({ status: 503, json: { message: 'down', statusCode: 503 } }),
      );
      await page.goto('/');
      await expect(
        page.getByText('Die Kategorien konnten gerade nicht geladen werden. Bitte versuchen Sie es später erneut.'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Bäckerei' })).toBeVisible();
      await expectNoAccessibilityViolations(page);
    });
  });

  test('loading them moves nothing on the page', async ({ page }) => {
    await page.route('**/api/departaments', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800)); // arrive well after the first paint
      await route.continue();
    });
    const layoutShifts = await recordLayoutShifts(page);
    const answer = page.waitForResponse('**/api/departaments');
    await page.goto('/');
    const categories = (await (await answer).json()) as unknown[];
    await expect(page.getByRole('region', { name: 'Kategorien' }).getByRole('heading', { level: 3 })).toHaveCount(
      categories.length,
    );
    expect(await layoutShifts()).toBe(0);
  });
});

test('home links to every landing page and to /preise', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'Websites für Ihre Branche' });
  await expect(grid.locator('.landing-links a')).toHaveCount(27);
  await expect(grid.getByRole('link', { name: 'Bäckerei' })).toHaveAttribute('href', '/backerei');
  await expect(page.getByRole('link', { name: /Preise/ }).first()).toHaveAttribute('href', '/preise');
  const agency = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
    string,
    unknown
  >;
  expect(agency['@type']).toEqual(['ProfessionalService', 'LocalBusiness']);
  expect(agency.openingHoursSpecification).toEqual([expect.objectContaining({ opens: '08:00', closes: '18:00' })]);
});

test('no internal link of any page is broken (crawl from /)', async ({ request }) => {
  const seen = new Map<string, number>();
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    const response = await request.get(path);
    seen.set(path, response.status());
    if (!response.headers()['content-type']?.includes('text/html')) continue;
    for (const [, href = ''] of (await response.text()).matchAll(/href="([^"]+)"/g)) {
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const target = new URL(href, 'http://x').pathname;
      if (!seen.has(target)) queue.push(target);
    }
  }
  const broken = [...seen].filter(([, status]) => status !== 200);
  expect(broken).toEqual([]);
  for (const path of [
    ...staticPages.map((p) => p.path).filter((p) => p !== '/aboutus/modelle'),
    ...landingPages.map((p) => p.path),
  ]) {
    expect(seen.has(path), `${path} is reachable by links from /`).toBe(true);
  }
});

test('sitemap.xml lists the public pages and robots.txt points to it', async ({ request, baseURL }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of [
    '/',
    '/modelle',
    '/preise',
    '/contacts',
    '/aboutus',
    '/privacypolicy',
    '/agb',
    '/widerrufsbelehrung',
    '/barrierefreiheit',
    ...landingPages.map((p) => p.path),
  ]) {
    expect(sitemap).toContain(`<loc>${new URL(path, baseURL).href}</loc>`);
  }
  expect(sitemap).not.toContain('/aboutus/modelle');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}`);
  expect(robots).toContain('Disallow: /api/');
});

test('every page has its own title and description', async ({ request }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of [
    ...staticPages.map((p) => p.path).filter((p) => p !== '/aboutus/modelle'),
    ...landingPages.map((p) => p.path),
  ]) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(titles.get(title), `title of ${path}`).toBeUndefined();
    expect(descriptions.get(description), `description of ${path}`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
  }
});
