/**
 * Staff's screens through the UI, as the administrator made with `npm run create-admin`: the
 * catalogue with its images, editing, deleting with confirmation, and the booking overview.
 */
import type { Locator, Page } from '@playwright/test';
import { createCategory, photo } from '../support/realistic-shop.ts';
import { accessTokenFor, confirmedCustomer, E2E_ADMIN, signIn } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { tabTo } from './support/keyboard.ts';

const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });
const status = (page: Page) => page.locator('.admin-messages [role="status"]');
const alert = (page: Page) => page.locator('.admin-messages [role="alert"]');

async function adminScreen(page: Page, adminToken: string, path = '/admin/departaments') {
  await signIn(page, adminToken);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Verwaltung' })).toBeVisible();
}

const categoryOf = (page: Page, number: string) =>
  page.locator('.admin-category').filter({ has: page.getByRole('button', { name: `Kategorie ${number}:` }) });
/** The button that opens and closes a category: its title. */
const toggleOf = (category: Locator) => category.getByRole('heading', { level: 3 }).getByRole('button');

async function addCategory(page: Page, number: string) {
  const form = page.getByRole('region', { name: 'Kategorie hinzufügen' });
  await form.getByLabel('Nummer').fill(number);
  await form.getByLabel('Typ').fill(`Testkategorie ${number}`);
  await form.getByLabel('Beschreibung').fill('Angelegt im Browser-Test der Verwaltung.');
  await form.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  await expect(status(page)).toHaveText('Kategorie wurde hinzugefügt');
  const category = categoryOf(page, number);
  await toggleOf(category).click();
  return category;
}

const uniqueNumber = () => `V${Date.now().toString(36).slice(-5)}`;
const upload = async (input: Locator, seed: number) =>
  input.setInputFiles({ name: `foto-${seed}.jpg`, mimeType: 'image/jpeg', buffer: await photo(seed) });

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
  await expect(category.getByRole('img', { name: 'Bild 1 von Artikel A1' })).toBeVisible();

  // A second photo for the article, shown before it is saved; a wrong type is said beside the control.
  const articlePhoto = category.getByLabel('Foto zum Artikel hinzufügen, JPEG oder PNG, höchstens 5 MB (Artikel A1)');
  const savePhoto = category.getByRole('button', { name: 'Speichern – Foto für Artikel A1' });
  await articlePhoto.setInputFiles({ name: 'kein-bild.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild') });
  await savePhoto.click();
  await expect(alert(page)).toHaveText('Nur JPEG- oder PNG-Bilder sind erlaubt.');
  await expect(articlePhoto).toHaveAccessibleDescription('Nur JPEG- oder PNG-Bilder sind erlaubt.');
  await expect(articlePhoto).toHaveAttribute('aria-invalid', 'true');
  await upload(articlePhoto, 2);
  await expect(articlePhoto).not.toHaveAttribute('aria-invalid');
  await expect(category.getByRole('img', { name: 'Vorschau des gewählten Bildes' })).toBeVisible();
  await savePhoto.click();
  await expect(status(page)).toHaveText('Bild gespeichert');
  await expect(category.getByRole('img', { name: 'Bild 2 von Artikel A1' })).toBeVisible();

  const edit = category.getByRole('form', { name: 'Artikel A1 bearbeiten' });
  await edit.getByLabel('Preis in Euro').fill('99,90');
  await edit.getByRole('button', { name: 'Speichern – Artikel A1' }).click();
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
  await category.getByRole('button', { name: 'Bild 1 von Artikel A1 löschen' }).click();
  await expect(category.getByText('Bild 1 von Artikel A1 endgültig löschen?')).toBeVisible();
  await category.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(status(page)).toHaveText('Bild erfolgreich gelöscht');
  await expect(category.locator('.admin-thumbs img')).toHaveCount(1);
  expect(await category.locator('.admin-thumbs img').getAttribute('src')).toBe(new URL(secondImage ?? '').pathname);
  expect(firstImage).not.toBe(secondImage);
  await expect(category.getByRole('heading', { name: 'Bilder von Artikel A1' })).toBeFocused();

  await category.getByRole('button', { name: 'Artikel A1 löschen', exact: true }).click();
  await expect(category.getByText('Artikel A1 (Foto-Paket) mit 1 Bild endgültig löschen?')).toBeVisible();
  await category.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(status(page)).toHaveText('Artikel gelöscht');
  await expect(category.getByText('In dieser Kategorie gibt es noch keine Artikel.')).toBeVisible();
  await expect(category.getByRole('heading', { name: 'Artikel', exact: true })).toBeFocused();

  const deleteCategory = category.getByRole('button', { name: `Kategorie ${number} löschen`, exact: true });
  await deleteCategory.click();
  await category.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(deleteCategory).toBeFocused();
  await deleteCategory.click();
  await expect(
    category.getByText(`Kategorie ${number} (Testkategorie ${number}) mit 0 Artikeln und 0 Bildern endgültig löschen?`),
  ).toBeVisible();
  await category.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(status(page)).toHaveText('Kategorie gelöscht');
  await expect(categoryOf(page, number)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Kategorien', exact: true })).toBeFocused();
});

test('the list shows each description, the delete question counts in German, and every button has its own name', async ({
  page,
  send,
  adminToken,
}) => {
  const made = await createCategory(send, adminToken, {
    articles: [
      { type: 'Erstes Paket', price: 10, photos: ['landscape'] },
      { type: 'Zweites Paket', price: 20, photos: ['portrait'] },
    ],
    photos: ['landscape'],
  });
  await adminScreen(page, adminToken);
  const category = categoryOf(page, made.number);
  const toggle = toggleOf(category);
  await expect(toggle).toHaveAccessibleName(`Kategorie ${made.number}: ${made.type} (2 Artikel)`);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(category.locator('.admin-category__header')).toContainText(made.description);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const names = [...(await category.ariaSnapshot()).matchAll(/- button "([^"]+)"/g)].map((match) => match[1]);
  expect(names.length).toBeGreaterThan(8);
  expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  for (const name of [
    `Bild 1 von Kategorie ${made.number} löschen`,
    'Bild 1 von Artikel A1 löschen',
    'Bild 1 von Artikel A2 löschen',
    `Speichern – Kategorie ${made.number}`,
    'Speichern – Artikel A1',
    'Speichern – Artikel A2',
  ]) {
    await expect(category.getByRole('button', { name, exact: true })).toHaveCount(1);
  }
  await expect(
    category.getByLabel(`Foto zur Kategorie hinzufügen, JPEG oder PNG, höchstens 5 MB (Kategorie ${made.number})`),
  ).toBeVisible();
  await category.getByRole('button', { name: `Kategorie ${made.number} löschen`, exact: true }).click();
  await expect(
    category.getByText(`Kategorie ${made.number} (${made.type}) mit 2 Artikeln und 3 Bildern endgültig löschen?`),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('a photo that fails after its article was added is said beside the new article, and the form empties', async ({
  page,
  send,
  adminToken,
}) => {
  const made = await createCategory(send, adminToken);
  await adminScreen(page, adminToken);
  const category = categoryOf(page, made.number);
  await toggleOf(category).click();
  const addArticle = category.getByRole('form', { name: 'Artikel hinzufügen' });
  await addArticle.getByLabel('Artikelnummer').fill('F1');
  await addArticle.getByLabel('Art des Artikels').fill('Ohne Foto');
  await addArticle.getByLabel(/Preis in Euro/).fill('15');
  // A PNG by name and type whose bytes are none: only the server can tell, after the article exists.
  await addArticle
    .getByLabel(/Foto \(JPEG oder PNG/)
    .setInputFiles({ name: 'kaputt.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild') });
  await addArticle.getByRole('button', { name: 'Artikel hinzufügen' }).click();

  await expect(alert(page)).toHaveText(
    'Artikel F1 wurde hinzugefügt, aber sein Foto nicht: Nur JPEG- oder PNG-Bilder sind erlaubt. Sie können es beim Artikel erneut hochladen.',
  );
  await expect(category.getByRole('heading', { name: 'F1: Ohne Foto – 15,00 €' })).toBeVisible();
  await expect(
    category.getByLabel('Foto zum Artikel hinzufügen, JPEG oder PNG, höchstens 5 MB (Artikel F1)'),
  ).toHaveAccessibleDescription('Nur JPEG- oder PNG-Bilder sind erlaubt.');
  await expect(addArticle.getByLabel('Artikelnummer')).toHaveValue('');
  await expect(addArticle.getByLabel(/Foto \(JPEG oder PNG/)).toHaveValue('');

  await upload(category.getByLabel('Foto zum Artikel hinzufügen, JPEG oder PNG, höchstens 5 MB (Artikel F1)'), 3);
  await category.getByRole('button', { name: 'Speichern – Foto für Artikel F1' }).click();
  await expect(status(page)).toHaveText('Bild gespeichert');
  await expect(category.getByRole('img', { name: 'Bild 1 von Artikel F1' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // A photo over 5 MB (the label names the limit) is refused the moment it is chosen, before
  // anything is sent: on a slow line the server's refusal would reach a browser still sending it
  // as a broken connection.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/images/upload/')) uploads.push(request.url());
  });
  await category
    .getByLabel('Foto zum Artikel hinzufügen, JPEG oder PNG, höchstens 5 MB (Artikel F1)')
    .setInputFiles({ name: 'riesig.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(12 * 1024 * 1024, 1) });
  await expect(alert(page)).toHaveText('Das Bild ist größer als 5 MB.');
  await expect(
    category.getByLabel('Foto zum Artikel hinzufügen, JPEG oder PNG, höchstens 5 MB (Artikel F1)'),
  ).toHaveAccessibleDescription('Das Bild ist größer als 5 MB.');
  await expect(category.getByRole('button', { name: 'Speichern – Foto für Artikel F1' })).toBeDisabled();
  // The add-article form, too, before the article is added.
  const newPhoto = addArticle.getByLabel(/Foto \(JPEG oder PNG, höchstens 5 MB/);
  await newPhoto.setInputFiles({
    name: 'riesig.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(12 * 1024 * 1024, 1),
  });
  await expect(newPhoto).toHaveAccessibleDescription('Das Bild ist größer als 5 MB.');
  expect(uploads).toEqual([]);
});

test('an image that cannot be deleted says so, and the focus stays on its button', async ({
  page,
  send,
  adminToken,
}) => {
  const made = await createCategory(send, adminToken, { photos: ['portrait'] });
  await adminScreen(page, adminToken);
  const category = categoryOf(page, made.number);
  await toggleOf(category).click();
  await page.route('**/api/images/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 404, json: { message: 'Bild nicht gefunden.', statusCode: 404 } })
      : route.continue(),
  );
  const remove = category.getByRole('button', { name: `Bild 1 von Kategorie ${made.number} löschen` });
  await remove.click();
  await category.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(alert(page)).toHaveText('Bild konnte nicht gelöscht werden: Bild nicht gefunden.');
  await expect(remove).toBeFocused();
  await expect(category.getByRole('img', { name: `Bild 1 von Kategorie ${made.number}` })).toBeVisible();
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

test('create, edit and delete work with the keyboard alone', async ({ page, send, adminToken }) => {
  const made = await createCategory(send, adminToken, {
    articles: [{ type: 'Tastenpaket', price: 40, photos: ['square'] }],
  });
  await adminScreen(page, adminToken);
  const number = uniqueNumber();
  const form = page.getByRole('region', { name: 'Kategorie hinzufügen' });
  await tabTo(page, form.getByLabel('Nummer'));
  await page.keyboard.type(number);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Tastatur');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Nur mit der Tastatur angelegt.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Kategorie wurde hinzugefügt');

  // Edit the new category: open it with Enter, change its type.
  const category = categoryOf(page, number);
  await tabTo(page, toggleOf(category), { limit: 400 });
  await page.keyboard.press('Enter');
  const edit = category.getByRole('form', { name: `Kategorie ${number} bearbeiten` });
  await tabTo(page, edit.getByLabel('Typ'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Tastatur geändert');
  await tabTo(page, edit.getByRole('button', { name: `Speichern – Kategorie ${number}` }));
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Änderung gespeichert');
  await expect(toggleOf(category)).toContainText('Tastatur geändert');

  // An article's price, then one of its images, in another category: back up the list with Shift+Tab, open it with Space.
  const other = categoryOf(page, made.number);
  await tabTo(page, toggleOf(other), { backwards: true, limit: 400 });
  await page.keyboard.press('Space');
  const price = other.getByRole('form', { name: 'Artikel A1 bearbeiten' }).getByLabel('Preis in Euro');
  await tabTo(page, price);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('45,50');
  // Past the unit ('pauschal' stays) to the button.
  await tabTo(page, other.getByRole('button', { name: 'Speichern – Artikel A1' }));
  await page.keyboard.press('Space');
  await expect(status(page)).toHaveText('Änderung gespeichert');
  await expect(other.getByRole('heading', { name: 'A1: Tastenpaket – 45,50 €' })).toBeVisible();

  await tabTo(page, other.getByRole('button', { name: 'Bild 1 von Artikel A1 löschen' }));
  await page.keyboard.press('Enter');
  await expect(other.getByRole('button', { name: 'Ja, löschen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(other.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Space');
  await expect(status(page)).toHaveText('Bild erfolgreich gelöscht');
  await expect(other.getByRole('img', { name: 'Bild 1 von Artikel A1' })).toHaveCount(0);
  await expect(other.getByRole('heading', { name: 'Bilder von Artikel A1' })).toBeFocused();

  // Delete the new category: the focus lands on the list's heading, not on the page's start.
  await tabTo(page, category.getByRole('button', { name: `Kategorie ${number} löschen`, exact: true }), { limit: 400 });
  await page.keyboard.press('Enter');
  await expect(category.getByRole('button', { name: 'Ja, löschen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(categoryOf(page, number)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Kategorien', exact: true })).toBeFocused();
});

test('customers see the no-access message and no Verwaltung link; visitors are asked to log in', async ({
  page,
  customer,
}) => {
  await page.goto('/admin/departaments');
  await expect(page.getByText('Bitte melden Sie sich mit einem Verwaltungskonto an.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await signIn(page, customer.token);
  for (const path of ['/admin/departaments', '/admin/bestellungen']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText('Dafür fehlt Ihnen die Berechtigung.');
    await expect(
      page.getByRole('alert').getByRole('link', { name: 'Mit einem anderen Konto anmelden' }),
    ).toHaveAttribute('href', `/login?next=${encodeURIComponent(path)}`);
    await expect(header(page).getByRole('link', { name: 'Verwaltung' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Kategorie hinzufügen' })).toHaveCount(0);
  }
  await expectNoAccessibilityViolations(page);
});

test('a session that ends while the screen is open says so when staff save, with the way back', async ({
  page,
  request,
}) => {
  const token = await accessTokenFor(request, E2E_ADMIN.email, E2E_ADMIN.password); // its own session, ended here
  await adminScreen(page, token);
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  const form = page.getByRole('region', { name: 'Kategorie hinzufügen' });
  await form.getByLabel('Nummer').fill(uniqueNumber());
  await form.getByLabel('Typ').fill('Kategorie nach dem Ende der Sitzung');
  await form.getByLabel('Beschreibung').fill('Wird nicht mehr gespeichert.');
  await form.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Ihre Sitzung ist abgelaufen.' });
  await expect(notice).toBeFocused();
  await expect(notice.getByRole('link', { name: 'Erneut anmelden' })).toHaveAttribute(
    'href',
    '/login?next=%2Fadmin%2Fdepartaments',
  );
  await expect(header(page).getByRole('link', { name: 'Verwaltung' })).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'Abmelden' })).toBeHidden();
  await expectNoAccessibilityViolations(page);
});

test('the booking overview lists a booking a customer just paid in the sandbox, and finds it', async ({
  page,
  request,
  adminToken,
}) => {
  const buyer = await confirmedCustomer(request, { firstName: 'Olga', lastName: 'Übersicht' });
  const auth = { Authorization: `Bearer ${buyer.token}` };
  const entryDate = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (
      await request.post('/api/cart/article/4', { headers: auth, data: { entryDate, departureDate: entryDate } })
    ).status(),
  ).toBe(201);
  const session = (await (
    await request.post('/api/payment/stripe/checkout-session', { headers: auth, data: { earlyStart: true } })
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
  await expect(rows.nth(1)).toContainText('Moderner Online-Shop');
  await expect(rows.nth(1)).toContainText('5.000,00 €');
  await expect(rows.nth(1)).toContainText('Bezahlt');
  await expect(rows.nth(1)).toContainText('Kreditkarte (Stripe)');
  await expectNoAccessibilityViolations(page);
});

test('the booking overview fits its panel on a desktop, with a long history of long article names', async ({
  page,
  realShop,
  adminToken,
}) => {
  await adminScreen(page, adminToken, '/admin/bestellungen');
  await page.getByLabel('Suche (Bestellnummer, Name oder E-Mail)').fill(realShop.customer.userEmail);
  await page.getByRole('button', { name: 'Suchen' }).click();
  const table = page.getByRole('table', { name: 'Alle Bestellungen, die neuesten zuerst' });
  await expect(table).toContainText('Großformatdruckerzeugnisveredelungspauschale');
  // No button half hidden until the table is scrolled sideways.
  expect(await page.locator('.admin-table-scroll').evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBe(0);
  // The row names the booking, so its button shows the verb alone; its name still says which booking.
  await expect(table.getByRole('button', { name: /^Bestellung HWDS-\S+ erstatten$/ }).first()).toHaveText('Erstatten');
});

test('a search sent while the whole list is loading shows its result, not the list that answers after it', async ({
  page,
  adminToken,
}) => {
  let releaseWholeList: () => void = () => {};
  const wholeListHeld = new Promise<void>((resolve) => {
    releaseWholeList = resolve;
  });
  await page.route('**/api/admin/bookings?*', async (route) => {
    if (new URL(route.request().url()).searchParams.get('q') === '') await wholeListHeld;
    return route.continue();
  });
  await signIn(page, adminToken);
  await page.goto('/admin/bestellungen');
  await page.getByLabel('Suche (Bestellnummer, Name oder E-Mail)').fill('niemand-bestellt-so@example.invalid');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByText('Keine Bestellungen gefunden.')).toBeVisible();
  const wholeListAnswered = page.waitForResponse((response) => response.url().includes('q=&'));
  releaseWholeList();
  await (await wholeListAnswered).finished();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await expect(page.getByText('Keine Bestellungen gefunden.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '0 Bestellungen' })).toBeVisible();
});

test.describe('the booking overview while it loads, finds nothing, or fails', () => {
  test.use({ allowedConsoleErrors: /the server responded with a status of 503/ });

  test('is accessible in each state', async ({ page, adminToken }) => {
    let answer: 'slow' | 'fail' | 'pass' = 'slow';
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/bookings?*', async (route) => {
      if (answer === 'fail') return route.fulfill({ status: 503, body: '' });
      if (answer === 'slow') await released;
      return route.continue();
    });
    await signIn(page, adminToken);
    await page.goto('/admin/bestellungen');
    await expect(page.getByRole('status').filter({ hasText: 'Wird geladen …' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    answer = 'pass';
    release();

    await page.getByLabel('Suche (Bestellnummer, Name oder E-Mail)').fill('niemand-bestellt-so@example.invalid');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page.getByText('Keine Bestellungen gefunden.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '0 Bestellungen' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    answer = 'fail';
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Die Daten konnten nicht geladen werden.' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
});
