/**
 * After the payment (docs/product.md#d36-next-steps): a customer pays a banner, follows
 * 'Unterlagen abgeben', gives the final format, uploads a 72-dpi print file, reads the check's
 * warning with its numbers, replaces the file, hands over; staff open the order's materials and
 * mark it shipped with a tracking number; the customer reads 'Geliefert' in the profile and the mail.
 * On a phone (375 px) and a desktop (1280 px).
 */
import { rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ArticleView } from '../../src/server/features/catalogue/catalogue.views.ts';
import { LOW_RESOLUTION_BANNER, PRINT_READY_BANNER, rasterFile } from '../support/print-files.ts';
import { addToCart, createMaterialsCase, payCartByCard } from '../support/realistic-shop.ts';
import { confirmedCustomer, linkIn, signIn, waitForMail } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/layout.ts';
import { holdIsland, throttleCpu } from './support/slow-phone.ts';

const TRACKING_NUMBER = '00340434161094042557';

/** Switches the page's browser to another account, as a login would. */
const useAccount = (page: Page, token: string) =>
  page.evaluate((accessToken) => localStorage.setItem('accessToken', accessToken), token);

for (const width of [375, 1280]) {
  test(`at ${width} px: a print file checked on arrival, replaced, handed over, shipped and read as delivered`, async ({
    page,
    request,
    send,
    adminToken,
  }, testInfo) => {
    test.slow(); // two accounts, two print files checked by the server
    await page.setViewportSize({ width, height: 900 });
    const customer = await confirmedCustomer(request, { firstName: 'Jörg', lastName: 'Müller-Lüdenscheidt' });
    const articles = (await (await send('/articles')).json()) as ArticleView[];
    await addToCart(
      send,
      customer.token,
      articles.filter((article) => article.type === 'Banner'),
    );
    const order = await payCartByCard(send, customer.token);

    await signIn(page, customer.token);
    await page.goto('/checkout');
    await page.getByRole('link', { name: `Unterlagen abgeben (Bestellung ${order.bookingNumber})` }).click();
    await expect(page).toHaveURL(`/unterlagen?bestellung=${order.bookingNumber}`);
    const main = page.locator('main');
    await expect(main).toContainText('Stand Ihrer Bestellung: Unterlagen fehlen');
    await expect(main).toContainText('das Endformat (Breite × Höhe)');

    await page.getByLabel('Breite (cm)').fill('100');
    await page.getByLabel('Höhe (cm)').fill('70');
    await page.getByRole('button', { name: 'Angaben speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();

    await page.getByLabel('Druckdatei auswählen').setInputFiles({
      name: 'Messebanner.png',
      mimeType: 'image/png',
      buffer: await rasterFile(LOW_RESOLUTION_BANNER),
    });
    await expect(main).toContainText('72 dpi bei 100 × 70 cm – nötig sind 150 dpi.');
    await expect(page.getByRole('button', { name: 'So drucken' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`unterlagen-warnung-${width}.png`), fullPage: true });

    await page.getByLabel('Datei ersetzen').setInputFiles({
      name: 'Messebanner_150dpi.tif',
      mimeType: 'image/tiff',
      buffer: await rasterFile(PRINT_READY_BANNER),
    });
    await expect(main).toContainText('150 dpi bei 100 × 70 cm: ausreichend (nötig sind 150 dpi).');
    await expect(main).not.toContainText('Messebanner.png');
    await expect(page.getByRole('button', { name: 'So drucken' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Unterlagen übergeben' }).click();
    await expect(main).toContainText('Sie haben die Unterlagen am');
    await expect(main).toContainText('Stand Ihrer Bestellung: Unterlagen vollständig');
    await page.screenshot({ path: testInfo.outputPath(`unterlagen-uebergeben-${width}.png`), fullPage: true });

    await useAccount(page, adminToken);
    await page.goto('/admin/bestellungen');
    await page.getByLabel('Suche (Bestellnummer, Name oder E-Mail)').fill(order.bookingNumber);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(
      page.getByRole('table', { name: 'Alle Bestellungen, die neuesten zuerst' }).getByRole('row'),
    ).toHaveCount(2);
    await page.getByText(`Unterlagen und Stand (${order.bookingNumber})`).click();
    await expect(main).toContainText('Messebanner_150dpi.tif');
    await expect(main).toContainText('150 dpi bei 100 × 70 cm: ausreichend');
    await expect(page.getByRole('button', { name: 'Alle Dateien (ZIP)' })).toBeVisible();
    await page.getByLabel('Neuer Stand').selectOption({ label: 'Geliefert' });
    await page.getByLabel('Sendungsnummer').fill(TRACKING_NUMBER);
    await page.getByRole('button', { name: 'Stand speichern' }).click();
    await expect(main).toContainText('Gespeichert: Geliefert. Der Kunde erhält eine E-Mail.');
    await expectNoAccessibilityViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`admin-unterlagen-${width}.png`), fullPage: true });

    await useAccount(page, customer.token);
    await page.goto('/profilepage');
    await expect(main).toContainText('Stand: Geliefert.');
    await expect(
      page.getByRole('link', { name: `Unterlagen ansehen (Bestellung ${order.bookingNumber})` }),
    ).toBeVisible();
    const mail = await waitForMail(customer.userEmail, `Ihre Bestellung ${order.bookingNumber} ist geliefert`);
    expect(mail.text).toContain(`Sendungsnummer ${TRACKING_NUMBER} (DHL)`);
  });
}

test('the realistic materials case reads on the page: texts, a logo and photos within the model’s limits', async ({
  page,
  request,
  send,
}, testInfo) => {
  const customer = await confirmedCustomer(request, { firstName: 'Jutta', lastName: 'Müller' });
  const articles = (await (await send('/articles')).json()) as ArticleView[];
  const { website, print } = await createMaterialsCase(send, customer.token, articles);
  await signIn(page, customer.token);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`/unterlagen?bestellung=${website.bookingNumber}`);
  await expect(page.getByLabel('Name der Website')).toHaveValue('Bäckerei Müller-Lüdenscheidt');
  // Saved as stored: the address as typed becomes its host name.
  await page.getByLabel('Gewünschte Adresse (z. B. www.beispiel.de)').fill('https://www.Bäckerei-Müller.de/');
  await page.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(page.getByLabel('Gewünschte Adresse (z. B. www.beispiel.de)')).toHaveValue('www.bäckerei-müller.de');
  await expect(page.locator('main')).toContainText('noch 17 Fotos möglich');
  await expect(page.locator('main')).toContainText('Für diese Position ist alles da.');
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.screenshot({ path: testInfo.outputPath('unterlagen-website-375.png'), fullPage: true });
  await page.goto(`/unterlagen?bestellung=${print.bookingNumber}`);
  await expect(page.locator('main')).toContainText('72 dpi bei 100 × 70 cm – nötig sind 150 dpi.');
  await expect(page.locator('main')).toContainText('Bitte ersetzen Sie die Datei oder bestätigen Sie „So drucken“.');
});

test('on a slow phone nothing typed is lost: not before the page is live, not while a save or an upload is under way', async ({
  page,
  request,
  send,
}) => {
  test.slow(); // a CPU six times slower
  const customer = await confirmedCustomer(request, { firstName: 'Björn', lastName: 'Weiß' });
  const articles = (await (await send('/articles')).json()) as ArticleView[];
  await addToCart(
    send,
    customer.token,
    articles.filter((article) => article.type === 'Banner'),
  );
  const order = await payCartByCard(send, customer.token);
  await signIn(page, customer.token);
  await page.setViewportSize({ width: 375, height: 800 });
  await throttleCpu(page);

  // Until its script runs, the page offers no field that hydration would take away with its text.
  const island = await holdIsland(page, 'MaterialsPage');
  await page.goto(`/unterlagen?bestellung=${order.bookingNumber}`);
  await expect(page.locator('main')).toContainText('Ihre Bestellung wird geladen …');
  await expect(page.locator('main input, main textarea')).toHaveCount(0);
  island.release();

  const note = page.getByLabel('Hinweis zur Position (optional)');
  await page.getByLabel('Breite (cm)').fill('100');
  await page.getByLabel('Höhe (cm)').fill('70');
  await note.fill('Bitte mit Ösen alle 50 cm');

  // The save's answer comes while the customer goes on typing: what was typed meanwhile stays.
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/materials/items/*', async (route) => {
    await answered;
    await route.continue();
  });
  const saved = page.waitForResponse((response) => response.url().includes('/materials/items/'));
  await page.getByRole('button', { name: 'Angaben speichern' }).click();
  await note.pressSequentially(' und Hohlsaum.');
  answer();
  await saved;
  await expect(page.getByRole('button', { name: 'Angaben speichern' })).toBeEnabled();
  await expect(note).toHaveValue('Bitte mit Ösen alle 50 cm und Hohlsaum.');
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toHaveCount(0);

  // An upload's end reloads the order: the fields keep what is typed.
  await note.pressSequentially(' Danke!');
  await page.getByLabel('Druckdatei auswählen').setInputFiles({
    name: 'Messebanner.png',
    mimeType: 'image/png',
    buffer: await rasterFile(LOW_RESOLUTION_BANNER),
  });
  await expect(page.locator('main')).toContainText('72 dpi bei 100 × 70 cm – nötig sind 150 dpi.');
  await expect(note).toHaveValue('Bitte mit Ösen alle 50 cm und Hohlsaum. Danke!');
  await expect(page.getByLabel('Breite (cm)')).toHaveValue('100');

  await page.getByRole('button', { name: 'Angaben speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  await page.reload();
  await expect(note).toHaveValue('Bitte mit Ösen alle 50 cm und Hohlsaum. Danke!', { timeout: 20_000 });
});

test.describe('uploads that go wrong', () => {
  test.use({ allowedConsoleErrors: /ERR_CONNECTION_RESET|ERR_FAILED/ });

  test('a dropped connection is tried again, and a file over 200 MB is refused in German before it is sent', async ({
    page,
    request,
    send,
  }) => {
    const customer = await confirmedCustomer(request, { firstName: 'Şükrü', lastName: 'Çelik' });
    const articles = (await (await send('/articles')).json()) as ArticleView[];
    await addToCart(
      send,
      customer.token,
      articles.filter((article) => article.type === 'Banner'),
    );
    const order = await payCartByCard(send, customer.token);
    await signIn(page, customer.token);
    // The confirmation mail leads to the page.
    const confirmation = await waitForMail(customer.userEmail, `Ihre Bestellung ${order.bookingNumber} bei HWDS`);
    const link = new URL(linkIn(confirmation, '/unterlagen'));
    await page.goto(`${link.pathname}${link.search}`);

    // The first part's connection drops: the page asks how much arrived and sends it again.
    let dropped = 0;
    await page.route('**/materials/uploads/*?offset=*', (route) => {
      if (dropped++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await page
      .getByLabel('Druckdatei auswählen')
      .setInputFiles({ name: 'Plakat.png', mimeType: 'image/png', buffer: await rasterFile(LOW_RESOLUTION_BANNER) });
    await expect(page.locator('main')).toContainText('Prüfung: PNG, 2835 × 1984 Pixel');
    expect(dropped).toBe(2);

    // 201 MB, sparse on disk: the server refuses it by its announced size, before a byte is sent.
    const huge = path.join(tmpdir(), `druckdaten-${Date.now()}.pdf`);
    await writeFile(huge, '');
    await truncate(huge, 201 * 1024 * 1024);
    try {
      await page.getByLabel('Datei ersetzen').setInputFiles(huge);
      await expect(page.getByRole('alert').filter({ hasText: 'Die Datei ist 201 MB groß' })).toContainText(
        'hier sind höchstens 200 MB möglich.',
      );
    } finally {
      await rm(huge);
    }
  });
});
