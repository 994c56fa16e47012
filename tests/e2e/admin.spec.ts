/**
 * Staff's screens through the UI, as the administrator made with `npm run create-admin`: the
 * catalogue with its images, editing, deleting with confirmation, and the order overview.
 */
import type { Locator, Page } from '@playwright/test';
import { accessTokenFor, confirmedCustomer, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { jpeg } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';

const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });
const status = (page: Page) => page.locator('.admin-messages [role="status"]');
const alert = (page: Page) => page.locator('.admin-messages [role="alert"]');

async function adminScreen(page: Page, adminToken: string, path = '/admin/departaments') {
  await signIn(page, adminToken);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Verwaltung' })).toBeVisible();
}

const categoryOf = (page: Page, number: string) =>
  page.locator('details').filter({ has: page.locator('summary', { hasText: `Kategorie ${number}:` }) });

async function addCategory(page: Page, number: string) {
  const form = page.getByRole('region', { name: 'Kategorie hinzufügen' });
  await form.getByLabel('Nummer').fill(number);
  await form.getByLabel('Typ').fill(`Testkategorie ${number}`);
  await form.getByLabel('Beschreibung').fill('Angelegt im Browser-Test der Verwaltung.');
  await form.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  await expect(status(page)).toHaveText('Kategorie wurde hinzugefügt');
  const category = categoryOf(page, number);
  await category.locator('summary').click();
  return category;
}

const uniqueNumber = () => `V${Date.now().toString(36).slice(-5)}`;
const upload = async (input: Locator, seed: number) =>
  input.setInputFiles({ name: `foto-${seed}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(seed, 800, 500) });

test('an administrator builds a category with an article and photos, edits, and deletes it step by step', async ({
  page,
  adminToken,
}) => {
  await adminScreen(page, adminToken);
  await expectNoAccessibilityViolations(page);
  const number = uniqueNumber();
  const category = await addCategory(page, number);
  await expectNoAccessibilityViolations(page);

  const addArticle = category.getByRole('form', { name: 'Artikel hinzufügen' });
  await addArticle.getByLabel('Artikelnummer').fill('A1');
  await addArticle.getByLabel('Art des Artikels').fill('Foto-Paket');
  await addArticle.getByLabel(/Preis in Euro/).fill('1.234,50');
  await upload(addArticle.getByLabel(/Foto \(JPEG oder PNG/), 1);
  await addArticle.getByRole('button', { name: 'Artikel hinzufügen' }).click();
  await expect(status(page)).toHaveText('Artikel erfolgreich hinzugefügt');
  await expect(category.getByRole('heading', { name: 'A1: Foto-Paket – 1.234,50 €' })).toBeVisible();
  await expect(category.getByRole('img', { name: 'Bild 1' })).toBeVisible();

  // A second photo for the article, shown before it is saved, with the API's own words for a wrong type.
  const articlePhoto = category.getByLabel('Foto zum Artikel hinzufügen');
  await articlePhoto.setInputFiles({ name: 'kein-bild.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild') });
  await category.getByRole('button', { name: 'Speichern' }).last().click();
  await expect(alert(page)).toHaveText('Nur JPEG- oder PNG-Bilder sind erlaubt.');
  await upload(articlePhoto, 2);
  await expect(category.getByRole('img', { name: 'Vorschau des gewählten Bildes' })).toBeVisible();
  await category.getByRole('button', { name: 'Speichern' }).last().click();
  await expect(status(page)).toHaveText('Bild gespeichert');
  await expect(category.getByRole('img', { name: 'Bild 2' })).toBeVisible();

  const edit = category.getByRole('form', { name: 'Artikel A1 bearbeiten' });
  await edit.getByLabel('Preis in Euro').fill('99,90');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(status(page)).toHaveText('Änderung gespeichert');
  const categoryId = await page.evaluate(async (wanted) => {
    const list = (await (await fetch('/api/departaments', { cache: 'no-store' })).json()) as {
      id: number;
      number: string;
    }[];
    return list.find((item) => item.number === wanted)?.id;
  }, number);
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/departaments/${categoryId}`);
  await expect(publicPage.locator('main')).toContainText('99,90 €');
  await publicPage.close();

  const [firstImage, secondImage] = await category
    .locator('.admin-thumbs img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  await category.getByRole('button', { name: 'Bild 1 löschen' }).click();
  await expect(category.getByText('Bild 1 endgültig löschen?')).toBeVisible();
  await category.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(status(page)).toHaveText('Bild erfolgreich gelöscht');
  await expect(category.locator('.admin-thumbs img')).toHaveCount(1);
  expect(await category.locator('.admin-thumbs img').getAttribute('src')).toBe(new URL(secondImage ?? '').pathname);
  expect(firstImage).not.toBe(secondImage);

  await category.getByRole('button', { name: 'Artikel A1 löschen' }).click();
  await expect(category.getByText('Artikel A1 (Foto-Paket) mit 1 Bildern endgültig löschen?')).toBeVisible();
  await category.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(category.getByText('In dieser Kategorie gibt es noch keine Artikel.')).toBeVisible();

  await category.getByRole('button', { name: 'Kategorie löschen' }).click();
  await category.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(category).toBeVisible();
  await category.getByRole('button', { name: 'Kategorie löschen' }).click();
  await expect(
    category.getByText(`Kategorie ${number} (Testkategorie ${number}) mit 0 Artikeln und 0 Bildern endgültig löschen?`),
  ).toBeVisible();
  await category.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(status(page)).toHaveText('Kategorie gelöscht');
  await expect(categoryOf(page, number)).toHaveCount(0);
});

test('every field error of the forms is shown at once', async ({ page, adminToken }) => {
  await adminScreen(page, adminToken);
  const form = page.getByRole('region', { name: 'Kategorie hinzufügen' });
  await form.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  for (const message of [
    'Kategorienummer ist erforderlich!',
    'Typ ist erforderlich!',
    'Beschreibung ist erforderlich!',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel('Nummer')).toBeFocused();
  await form.getByLabel('Nummer').fill('12');
  await form.getByLabel('Typ').fill('Doppelt');
  await form.getByLabel('Beschreibung').fill('Die Nummer 12 gibt es schon.');
  await form.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  await expect(alert(page)).toHaveText('Eine Kategorie mit dieser Nummer gibt es bereits.');
  await expectNoAccessibilityViolations(page);
});

test('create, edit and delete work with the keyboard alone', async ({ page, adminToken }) => {
  await adminScreen(page, adminToken);
  const number = uniqueNumber();
  const form = page.getByRole('region', { name: 'Kategorie hinzufügen' });
  await form.getByLabel('Nummer').focus();
  await page.keyboard.type(number);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tastatur');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Nur mit der Tastatur angelegt.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Kategorie wurde hinzugefügt');

  const category = categoryOf(page, number);
  await category.locator('summary').focus();
  await page.keyboard.press('Enter');
  const edit = category.getByRole('form', { name: 'Kategorie bearbeiten' });
  await edit.getByLabel('Typ').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Tastatur geändert');
  await edit.getByLabel('Beschreibung').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Änderung gespeichert');
  await expect(category.locator('summary')).toContainText('Tastatur geändert');

  await category.getByRole('button', { name: 'Kategorie löschen' }).focus();
  await page.keyboard.press('Enter');
  await expect(category.getByRole('button', { name: 'Ja, löschen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(categoryOf(page, number)).toHaveCount(0);
});

test('customers see the no-access message and no Verwaltung link; visitors are asked to log in', async ({
  page,
  customer,
}) => {
  await page.goto('/admin/departaments');
  await expect(page.getByText('Bitte melden Sie sich mit einem Verwaltungskonto an.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await signIn(page, customer.accessToken);
  for (const path of ['/admin/departaments', '/admin/bestellungen']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText('Dafür fehlt Ihnen die Berechtigung.');
    await expect(header(page).getByRole('link', { name: 'Verwaltung' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Kategorie hinzufügen' })).toHaveCount(0);
  }
  await expectNoAccessibilityViolations(page);
});

test('the order overview lists a booking a customer just paid in the sandbox, and finds it', async ({
  page,
  request,
  adminToken,
}) => {
  const buyer = await confirmedCustomer(request, { firstName: 'Olga', lastName: 'Übersicht' });
  const auth = { Authorization: `Bearer ${await accessTokenFor(request, buyer.userEmail, buyer.password)}` };
  const entryDate = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await request.post('/api/cart/article/4', { headers: auth, data: { entryDate, departureDate: entryDate } })
    ).status(),
  ).toBe(201);
  const session = (await (
    await request.post('/api/payment/stripe/checkout-session', { headers: auth, data: {} })
  ).json()) as {
    sessionId: string;
  };
  const paid = await request.post(`/api/sandbox/stripe/checkout/${session.sessionId}`, {
    form: { action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  await adminScreen(page, adminToken, '/admin/bestellungen');
  await page.getByLabel('Suche (Bestellnummer, Name oder E-Mail)').fill(buyer.userEmail);
  await page.getByLabel('Status').selectOption({ label: 'Bezahlt' });
  await page.getByRole('button', { name: 'Suchen' }).click();
  const rows = page.getByRole('table', { name: 'Alle Bestellungen, die neuesten zuerst' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Olga Übersicht');
  await expect(rows.nth(1)).toContainText('Moderner Onlineshop');
  await expect(rows.nth(1)).toContainText('5.000,00 €');
  await expect(rows.nth(1)).toContainText('Bezahlt');
  await expect(rows.nth(1)).toContainText('Kreditkarte (Stripe)');
  await expectNoAccessibilityViolations(page);
});
