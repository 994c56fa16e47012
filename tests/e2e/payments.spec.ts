/**
 * Buying through the UI with nothing configured: the sandbox's hosted card page and its PayPal
 * stand-in, the success, cancel and order pages, the confirmation mail; cancelled and declined
 * payments; webhooks early, late or never.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { todayInGermany } from '../../src/lib/dates.ts';
import { addToCart, FULL_CART_ENTRIES, fullCartArticles } from '../support/realistic-shop.ts';
import {
  accessTokenFor,
  CONFIRMATION_SUBJECT,
  confirmedCustomer,
  linkIn,
  mailsTo,
  newAccount,
  signIn,
  waitForMail,
} from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

function inDays(days: number): string {
  const date = new Date(`${todayInGermany()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** Registers through the form, confirms with the mailed link and logs in, as a new customer does. */
async function newCustomer(page: Page) {
  const account = newAccount({ firstName: 'Paula' });
  await page.goto('/register');
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
  for (const [label, value] of [
    ['Vorname', account.firstName],
    ['Nachname', account.lastName],
    ['Telefon', account.phoneNumber],
    ['E-Mail', account.userEmail],
    ['Passwort', account.password],
    ['Passwort bestätigen', account.password],
  ]) {
    await page.getByLabel(label as string, { exact: true }).fill(value as string);
  }
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Sie haben sich erfolgreich registriert')).toBeVisible();
  await page.goto(linkIn(await waitForMail(account.userEmail, CONFIRMATION_SUBJECT), '/auth/confirm'));
  await page.waitForURL(/\/login/);
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
  await page.getByLabel('E-Mail').fill(account.userEmail);
  await page.getByLabel('Passwort', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('/');
  return account;
}

/** Books website model 2 on the payment category (12) and goes on from the cart to the payment page. */
async function bookAndOrder(page: Page) {
  await page.goto('/departaments/12');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Moderne Informationsseite' }) });
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('astro-island')).not.toHaveAttribute('ssr', /.*/);
  await card.getByLabel('Startdatum').fill(inDays(14));
  await card.getByLabel('Enddatum').fill(inDays(14));
  await card.getByRole('button', { name: 'Buchen' }).click();
  await expect(card.getByRole('status')).toContainText('Termin erfolgreich gebucht!');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Bestellen' }).click();
  await page.waitForURL('/payment-options');
  await expect(page.getByText('Gesamtbetrag: 2.500,00 €')).toBeVisible();
}

async function payByCardOnHostedPage(page: Page) {
  await page.getByLabel('Kreditkarte (Stripe)').check();
  await page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
  await page.waitForURL(/\/api\/sandbox\/stripe\/checkout\//);
  await expect(page.getByText('Testzahlung – es wird kein echtes Geld bewegt')).toBeVisible();
}

/** The sandbox says so on every payment page: /payment-options, /success, /cancel, /checkout. */
const testMode = (page: Page) =>
  page.getByText('Testmodus: Zahlungen laufen über eine lokale Sandbox. Es wird kein echtes Geld bewegt.');

const sessionIdOf = (page: Page) => new URL(page.url()).pathname.split('/').at(-1) ?? '';

const setWebhook = (request: APIRequestContext, sessionId: string, mode: string) =>
  request.post(`/api/sandbox/stripe/test/sessions/${sessionId}/webhook`, { data: { mode } });

async function expectPaidEverywhere(page: Page, customer: { userEmail: string }) {
  await expect(page.getByText('Zahlung erfolgreich bestätigt und gespeichert!')).toBeVisible();
  await expect(testMode(page)).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Warenkorb', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Bestellinformationen' }).click();
  await page.waitForURL('/checkout');
  await expect(page.getByRole('table', { name: 'Ihre Bestellungen' })).toBeVisible();
  await expect(testMode(page)).toBeVisible();
  await expectNoAccessibilityViolations(page);
  const order = page.getByRole('table', { name: 'Ihre Bestellungen' }).getByRole('row').nth(1);
  await expect(order).toContainText('2.500,00 €');
  await expect(order).toContainText('Bezahlt');
  const bookingNumber = ((await order.getByRole('cell').nth(2).textContent()) ?? '').trim();
  await page.getByRole('link', { name: 'Zu meinem Profil' }).click();
  await expect(page.getByRole('table', { name: 'Ihre letzten Bestellungen' })).toContainText(bookingNumber);
  await expect(page.getByRole('table', { name: 'Ihre letzten Bestellungen' })).toContainText('Bezahlt');
  await expectNoAccessibilityViolations(page);
  const mail = await waitForMail(customer.userEmail, `Ihre Bestellung ${bookingNumber} bei HWDS`);
  expect(mail.text).toContain('Moderne Informationsseite (Artikel 2)');
  expect(mail.text).toContain('Gesamtbetrag: 2.500,00');
  await page.waitForTimeout(500); // a doubled mail would arrive in this time
  expect(mailsTo(customer.userEmail).filter((m) => m.subject.startsWith('Ihre Bestellung'))).toHaveLength(1);
}

test.describe('a new customer pays', () => {
  test('by card on the hosted page, sees the order paid everywhere and gets one mail', async ({ page }) => {
    const customer = await newCustomer(page);
    await bookAndOrder(page);
    await expect(testMode(page)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Bitte wählen Sie eine Zahlungsmethode');
    await payByCardOnHostedPage(page);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: '2.500,00 € bezahlen' }).click();
    await page.waitForURL(/\/success\?bookingId=\d+&session_id=cs_test_/);
    await expectNoAccessibilityViolations(page);
    await expectPaidEverywhere(page, customer);
  });

  test('with PayPal, whose buttons appear only while PayPal is chosen', async ({ page }) => {
    const customer = await newCustomer(page);
    await bookAndOrder(page);
    const paypalScripts = () =>
      page.evaluate(() => [...document.scripts].filter((s) => s.src.includes('paypal')).length);
    expect(await paypalScripts()).toBe(0); // no provider script before the visitor chooses one
    await page.getByLabel('PayPal').check();
    const paypalButton = page.getByRole('button', { name: 'Zahlungspflichtig mit PayPal bezahlen' });
    await expect(paypalButton).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' })).toBeHidden();
    await page.getByLabel('Kreditkarte (Stripe)').check();
    await expect(paypalButton).toBeHidden();
    await page.getByLabel('PayPal').check();
    await paypalButton.click();
    const dialog = page.getByRole('dialog', { name: 'PayPal – Testzahlung' });
    await expect(dialog).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Zahlung genehmigen' }).click();
    await page.waitForURL(/\/success\?.*method=paypal/);
    await expect(page.getByText('Zahlung erfolgreich abgeschlossen von Erika')).toBeVisible();
    await expectPaidEverywhere(page, customer);
  });
});

test.describe('a payment that does not go through', () => {
  test('cancelled on the hosted page leads to /cancel, keeps the cart, and paying again works', async ({ page }) => {
    const customer = await newCustomer(page);
    await bookAndOrder(page);
    await payByCardOnHostedPage(page);
    await page.getByRole('button', { name: 'Abbrechen und zurück zum Shop' }).click();
    await page.waitForURL('/cancel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung abgebrochen');
    await expect(testMode(page)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Zurück zum Warenkorb' }).click();
    await expect(page.getByText('Gesamtkosten: 2.500,00 €')).toBeVisible();
    await page.getByRole('link', { name: 'Bestellen' }).click();
    await payByCardOnHostedPage(page);
    await page.getByRole('button', { name: '2.500,00 € bezahlen' }).click();
    await page.waitForURL(/\/success/);
    await expectPaidEverywhere(page, customer);
  });

  test('declined by the card shows the error and pays nothing', async ({ page, request }) => {
    const customer = await newCustomer(page);
    await bookAndOrder(page);
    await payByCardOnHostedPage(page);
    await page.getByRole('button', { name: 'Kartenablehnung simulieren' }).click();
    await expect(page.getByRole('alert')).toContainText('Ihre Karte wurde abgelehnt. Es wurde nichts abgebucht.');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const bookings = (await (
      await request.get('/api/booking/get', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      status: string;
    }[];
    expect(bookings.map((booking) => booking.status)).toEqual(['pending_payment']);
    expect(mailsTo(customer.userEmail).filter((m) => m.subject.startsWith('Ihre Bestellung'))).toEqual([]);
  });
});

test.describe('webhook timing', () => {
  for (const mode of ['before-redirect', 'never'] as const) {
    test(`a webhook ${mode === 'never' ? 'that never comes' : 'that comes before the redirect'} still ends paid once`, async ({
      page,
      request,
    }) => {
      const customer = await newCustomer(page);
      await bookAndOrder(page);
      await payByCardOnHostedPage(page);
      expect((await setWebhook(request, sessionIdOf(page), mode)).status()).toBe(200);
      await page.getByRole('button', { name: '2.500,00 € bezahlen' }).click();
      await page.waitForURL(/\/success/);
      await expectPaidEverywhere(page, customer);
    });
  }
});

test.describe('a cart that changes while the payment page is open', () => {
  test('emptied in another tab, or elsewhere, leaves no order table and no pay button', async ({
    page,
    context,
    request,
    send,
    realShop,
  }) => {
    const account = await confirmedCustomer(request);
    const token = await accessTokenFor(request, account.userEmail, account.password);
    await addToCart(send, token, fullCartArticles(realShop.catalogue));
    await signIn(page, token);
    const summary = page.getByRole('table', { name: 'Bestellte Termine mit Preis' });
    const pay = page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' });
    const emptied = page.getByText('Der Warenkorb ist leer oder die Summe konnte nicht geladen werden.');

    // Another tab of this browser empties the cart: the payment page follows at once.
    await page.goto('/payment-options');
    await expect(summary.getByRole('row')).toHaveCount(FULL_CART_ENTRIES + 1);
    const other = await context.newPage();
    await other.goto('/cart');
    await other.getByRole('button', { name: 'Warenkorb leeren' }).click();
    await other.getByRole('button', { name: 'Ja, Warenkorb leeren' }).click();
    await expect(other.getByText('Der Warenkorb ist leer')).toBeVisible();
    await other.close();
    await expect(emptied).toBeVisible();
    await expect(summary).toHaveCount(0);
    await expect(pay).toHaveCount(0);

    // Emptied on another device (nothing tells this tab): paying finds out, and the page shows the empty cart.
    await addToCart(send, token, fullCartArticles(realShop.catalogue).slice(0, 2));
    await page.reload();
    await expect(summary.getByRole('row')).toHaveCount(3);
    await request.delete('/api/cart/clear', { headers: { Authorization: `Bearer ${token}` } });
    await page.getByLabel('Kreditkarte (Stripe)').check();
    await pay.click();
    await expect(emptied).toBeVisible();
    await expect(summary).toHaveCount(0);
    await expect(pay).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Zum Warenkorb' })).toBeVisible();
    await expect(page.locator('.notice').filter({ has: emptied })).toBeFocused();
    await expectNoAccessibilityViolations(page);
  });
});
