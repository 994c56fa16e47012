/**
 * On a slow phone, what a visitor types (or a password manager fills) before an island has
 * hydrated stays and is sent (docs/product.md#d29-input-before-hydration). Each test slows the CPU
 * six times and holds the island's script back until the typing is done, so hydration surely
 * comes after it; the submit button is the visible sign: disabled until the form is live.
 */
import type { Locator, Page } from '@playwright/test';
import { todayInGermany } from '../../src/lib/dates.ts';
import { confirmedCustomer, linkIn, newAccount, RESET_SUBJECT, signIn, waitForMail } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNotHydrated, holdIsland, throttleCpu } from './support/slow-phone.ts';

test.slow(); // a CPU six times slower

/** Opens `path` on a slow phone with the script of the island `component` held back. */
async function openBeforeHydration(page: Page, path: string, component: string) {
  await throttleCpu(page);
  const island = await holdIsland(page, component);
  await page.goto(path);
  return island;
}

/** The form is live once its submit button is: React has hydrated it. */
async function expectLive(button: Locator) {
  await expect(button).toBeEnabled({ timeout: 20_000 });
}

test('login: an address and password typed before hydration log in', async ({ page, customer }) => {
  const island = await openBeforeHydration(page, '/login?next=%2Fprofilepage', 'LoginForm');
  const email = page.getByLabel('E-Mail');
  const password = page.getByLabel('Passwort', { exact: true });
  const submit = page.getByRole('button', { name: 'Login', exact: true });
  await expectNotHydrated(email);
  await email.fill(customer.userEmail);
  await password.fill(customer.password);
  // Not live yet: Enter does not send the markup as a plain form, with the password in the address.
  await expect(submit).toBeDisabled();
  await password.press('Enter');
  expect(page.url()).not.toContain('password');

  island.release();
  await expectLive(submit);
  await expect(email).toHaveValue(customer.userEmail);
  await expect(password).toHaveValue(customer.password);
  await submit.click();
  await page.waitForURL('/profilepage');
  await expect(page.getByText(customer.userEmail)).toBeVisible();
});

test('login: fields a password manager filled without an event still count', async ({ page, customer }) => {
  await throttleCpu(page);
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Login', exact: true });
  await expectLive(submit);
  await page.evaluate(
    ([userEmail, password]) => {
      const fields = document.querySelectorAll<HTMLInputElement>('form input');
      (fields[0] as HTMLInputElement).value = userEmail as string;
      (fields[1] as HTMLInputElement).value = password as string;
    },
    [customer.userEmail, customer.password],
  );
  await submit.click();
  await page.waitForURL('/');
});

test('registration: six fields typed before hydration register the account', async ({ page }) => {
  const account = newAccount({
    firstName: 'Hans-Jürgen',
    lastName: 'Müller-Lüdenscheidt',
    phoneNumber: '+49 (0) 611 / 123-456',
  });
  const island = await openBeforeHydration(page, '/register', 'RegisterForm');
  const fields: [string, string][] = [
    ['Vorname', account.firstName],
    ['Nachname', account.lastName],
    ['Telefon', account.phoneNumber],
    ['E-Mail', account.userEmail],
    ['Passwort', account.password],
    ['Passwort bestätigen', account.password],
  ];
  await expectNotHydrated(page.getByLabel('Vorname'));
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);

  island.release();
  const submit = page.getByRole('button', { name: 'Registrieren' });
  await expectLive(submit);
  for (const [label, value] of fields) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  await submit.click();
  await expect(page.getByText('Sie haben sich erfolgreich registriert')).toBeVisible();
});

test('forgot password: an address typed before hydration is sent', async ({ page, customer }) => {
  const island = await openBeforeHydration(page, '/forgot-password', 'ForgotPasswordForm');
  const email = page.getByLabel('E-Mail');
  await expectNotHydrated(email);
  await email.fill(customer.userEmail);
  island.release();
  const submit = page.getByRole('button', { name: 'Link senden' });
  await expectLive(submit);
  await expect(email).toHaveValue(customer.userEmail);
  await submit.click();
  await expect(page.getByRole('status')).toContainText('haben wir Ihnen einen Link zum Zurücksetzen');
});

test('reset password: both passwords typed before hydration set the new password', async ({ page, request }) => {
  const account = await confirmedCustomer(request);
  await request.post('/api/auth/forgot-password', { data: { userEmail: account.userEmail } });
  const link = new URL(linkIn(await waitForMail(account.userEmail, RESET_SUBJECT), '/reset-password'));
  const island = await openBeforeHydration(page, `${link.pathname}${link.search}`, 'ResetPasswordForm');
  const newPassword = 'Winter-2027?Ü';
  await expectNotHydrated(page.getByLabel('Neues Passwort', { exact: true }));
  await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await page.getByLabel('Neues Passwort bestätigen', { exact: true }).fill(newPassword);
  island.release();
  const submit = page.getByRole('button', { name: 'Passwort zurücksetzen' });
  await expectLive(submit);
  await submit.click();
  await expect(page.getByRole('status')).toContainText('Passwort wurde erfolgreich geändert.');
  expect(
    (await request.post('/api/auth/login', { data: { userEmail: account.userEmail, password: newPassword } })).status(),
  ).toBe(200);
});

/** An ISO date `days` after today in Germany. */
function inDays(days: number): string {
  const date = new Date(`${todayInGermany()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('booking: dates typed into a form far down the category page, before it hydrates in view, are booked', async ({
  page,
  request,
  realShop,
}) => {
  const account = await confirmedCustomer(request); // this test changes a cart: a customer of its own
  await signIn(page, account.token);
  const category = realShop.catalogue.fivePhotos; // twelve articles: the last ones load when scrolled to
  const island = await openBeforeHydration(page, `/departaments/${category.id}`, 'AddToCartForm');
  const article = category.articles[10]?.type as string;
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: article, exact: true }) });
  const entry = card.getByLabel('Startdatum');
  const departure = card.getByLabel('Enddatum');
  await expectNotHydrated(entry);
  await entry.fill(inDays(14)); // scrolls the form into view: its (held) script is asked for now
  await departure.fill(inDays(16));

  island.release();
  const submit = card.getByRole('button', { name: 'Buchen' });
  await expectLive(submit);
  await expect(entry).toHaveValue(inDays(14));
  await expect(departure).toHaveValue(inDays(16));
  await submit.click();
  const success = card.getByRole('status');
  await expect(success).toContainText('Termin erfolgreich gebucht!');
  const cart = await request.get('/api/cart', {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
  });
  expect(((await cart.json()) as { countArticles: number }).countArticles).toBe(1);
});

test('admin: the screen says "Wird geladen …" and has no field until it is live, then takes input', async ({
  page,
  adminToken,
}) => {
  await signIn(page, adminToken);
  const island = await openBeforeHydration(page, '/admin/departaments', 'CatalogueAdmin');
  await expect(page.getByText('Wird geladen …')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  island.release();
  const form = page.getByRole('region', { name: 'Kategorie hinzufügen' });
  const submit = form.getByRole('button', { name: 'Kategorie hinzufügen' });
  await expectLive(submit);
  const number = `L${Date.now().toString(36).slice(-5)}`;
  await form.getByLabel('Nummer').fill(number);
  await form.getByLabel('Typ').fill('Langsam geladene Kategorie mit Umlauten: Größenangaben für Überformate');
  await form.getByLabel('Beschreibung').fill('Angelegt auf einem langsamen Telefon.');
  await submit.click();
  await expect(page.locator('.admin-messages [role="status"]')).toHaveText('Kategorie wurde hinzugefügt');
});
