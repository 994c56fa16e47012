/**
 * Buying through the UI with nothing configured: the sandbox's hosted card page and its PayPal
 * stand-in, the success, cancel and confirmation pages, the confirmation mail; cancelled and declined
 * payments; webhooks early, late or never; a payment PayPal still processes, as the customer and
 * as staff see it; a refund by staff; disputed and charged-back orders of the realistic history.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { siteSchema } from '../../src/content-schemas/site.ts';
import { EARLY_START_CONSENT, EARLY_START_REQUIRED } from '../../src/lib/withdrawal-period.ts';
import { readContentFile } from '../../src/server/content-files.ts';
import { addToCart, FULL_CART_ENTRIES, fullCartArticles } from '../support/realistic-shop.ts';
import {
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
import { addToCartAndOpenPayment, inDays, requestEarlyStart, signedInCustomer } from './support/payment-page.ts';

const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

/** Where the shop's reports to the agency go (content/site.yaml). */
const AGENCY_EMAIL = readContentFile('site.yaml', siteSchema).company.email;

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

/**
 * The paid booking on the success, confirmation and profile pages, in one mail with the invoice.
 * With `axe` the confirmation and profile pages are checked for accessibility too: once is enough,
 * they look the same whichever way the booking was paid.
 */
async function expectPaidEverywhere(page: Page, customer: { userEmail: string }, { axe = false } = {}) {
  await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich!' })).toBeVisible();
  await expect(page.getByText('Zahlung erfolgreich bestätigt und gespeichert!')).toBeVisible();
  await expect(testMode(page)).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Warenkorb', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Bestellinformationen' }).click();
  await page.waitForURL('/checkout');
  await expect(page.getByRole('table', { name: 'Ihre Bestellungen' })).toBeVisible();
  await expect(testMode(page)).toBeVisible();
  if (axe) await expectNoAccessibilityViolations(page);
  const order = page.getByRole('table', { name: 'Ihre Bestellungen' }).getByRole('row').nth(1);
  await expect(order).toContainText('2.500,00 €');
  await expect(order).toContainText('Bezahlt');
  const bookingNumber = ((await order.locator('td[data-label="Bestellnummer"]').textContent()) ?? '').trim();
  await page.getByRole('link', { name: 'Zu meinem Profil' }).click();
  await expect(page.getByRole('table', { name: 'Ihre letzten Bestellungen' })).toContainText(bookingNumber);
  await expect(page.getByRole('table', { name: 'Ihre letzten Bestellungen' })).toContainText('Bezahlt');
  if (axe) await expectNoAccessibilityViolations(page);
  const mail = await waitForMail(customer.userEmail, `Ihre Bestellung ${bookingNumber} bei HWDS`);
  expect(mail.text).toContain('Moderne Informationsseite (Artikel 2)');
  expect(mail.text).toContain('Gesamtbetrag: 2.500,00');
  // The invoice: attached to the mail, and the same file from the profile (docs/product.md#d37-invoices).
  const [invoice] = mail.attachments;
  expect(invoice?.filename).toMatch(/^Rechnung-RE-\d{4}-\d{5}\.pdf$/);
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('table', { name: 'Ihre letzten Bestellungen' })
    .getByRole('button', { name: `Rechnung (PDF) zur Bestellung ${bookingNumber}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(invoice?.filename);
  expect(readFileSync(await download.path())).toEqual(invoice?.content);
  await page.waitForTimeout(500); // a doubled mail would arrive in this time
  expect(mailsTo(customer.userEmail).filter((m) => m.subject.startsWith('Ihre Bestellung'))).toHaveLength(1);
}

test.describe('a new customer pays', () => {
  test('by card on the hosted page, sees the order paid everywhere and gets one mail with the invoice', async ({
    page,
  }) => {
    test.slow(); // registration, the billing address, the payment, three pages checked with axe, the invoice
    const customer = await newCustomer(page);
    await addToCartAndOpenPayment(page, 'ask');
    await expect(testMode(page)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
    await expect(page.getByRole('alert')).toHaveText('Bitte wählen Sie eine Zahlungsmethode');
    await payByCardOnHostedPage(page);
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: '2.500,00 € bezahlen' }).click();
    await page.waitForURL(/\/success\?bookingId=\d+&session_id=cs_test_/);
    await expectNoAccessibilityViolations(page);
    await expectPaidEverywhere(page, customer, { axe: true });
  });

  // The registration form and the billing address of a first booking are the card payment's above.
  test('with PayPal, whose buttons appear only while PayPal is chosen', async ({ page, request }) => {
    const customer = await signedInCustomer(page, request, 'Paula');
    await addToCartAndOpenPayment(page);
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
  test('cancelled on the hosted page leads to /cancel, keeps the cart, and paying again works', async ({
    page,
    request,
  }) => {
    test.slow(); // two visits to the hosted page and the paid booking's pages: near 30 s on a busy machine
    const customer = await signedInCustomer(page, request, 'Paula');
    await addToCartAndOpenPayment(page);
    await payByCardOnHostedPage(page);
    await page.getByRole('button', { name: 'Abbrechen und zurück zum Shop' }).click();
    await page.waitForURL('/cancel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zahlung abgebrochen');
    await expect(testMode(page)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Zurück zum Warenkorb' }).click();
    await expect(page.getByText('Gesamtkosten: 2.500,00 €')).toBeVisible();
    await page.getByRole('link', { name: 'Bestellen' }).click();
    await page.waitForURL('/payment-options');
    await requestEarlyStart(page);
    await payByCardOnHostedPage(page);
    await page.getByRole('button', { name: '2.500,00 € bezahlen' }).click();
    await page.waitForURL(/\/success/);
    await expectPaidEverywhere(page, customer);
  });

  test('declined by the card shows the error and pays nothing', async ({ page, request }) => {
    const customer = await signedInCustomer(page, request, 'Paula');
    await addToCartAndOpenPayment(page);
    await payByCardOnHostedPage(page);
    await page.getByRole('button', { name: 'Karte wird abgelehnt' }).click();
    await expect(page.getByRole('alert')).toContainText('Ihre Karte wurde abgelehnt. Es wurde nichts abgebucht.');
    await page.getByRole('button', { name: '3-D Secure verlangen' }).click();
    await expect(page.getByRole('heading', { name: '3-D Secure' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Bestätigung fehlgeschlagen' }).click();
    await expect(page.getByRole('alert')).toContainText('Die 3-D-Secure-Bestätigung ist fehlgeschlagen.');
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
      const customer = await signedInCustomer(page, request, 'Paula');
      await addToCartAndOpenPayment(page);
      await payByCardOnHostedPage(page);
      expect((await setWebhook(request, sessionIdOf(page), mode)).status()).toBe(200);
      await page.getByRole('button', { name: '2.500,00 € bezahlen' }).click();
      await page.waitForURL(/\/success/);
      await expectPaidEverywhere(page, customer);
    });
  }
});

test('a start within the withdrawal period is asked for: refused without the request, stored and repeated in the mail', async ({
  page,
  request,
  send,
  realShop,
}) => {
  const account = await confirmedCustomer(request);
  const token = account.token;
  const [article] = realShop.catalogue.twoPhotos.articles;
  await addToCart(send, token, article ? [article] : [], 3);
  await signIn(page, token);
  await page.goto('/payment-options');
  const consent = page.getByRole('checkbox', { name: EARLY_START_CONSENT });
  await expect(consent).not.toBeChecked();
  await page.getByLabel('Kreditkarte (Stripe)').check();
  await page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
  await expect(page.getByRole('alert')).toHaveText(EARLY_START_REQUIRED);
  await expect(consent).toBeFocused();
  await expectNoAccessibilityViolations(page);

  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
  await page.waitForURL(/\/api\/sandbox\/stripe\/checkout\//);
  await page.getByRole('button', { name: /^[\d.,\s]+€ bezahlen$/ }).click();
  await page.waitForURL(/\/success\?bookingId=(\d+)/);
  await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich!' })).toBeVisible();
  const [booking] = (await (
    await request.get('/api/booking/get', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { bookingNumber: string }[];
  const mail = await waitForMail(account.userEmail, `Ihre Bestellung ${booking?.bookingNumber} bei HWDS`);
  expect(mail.text).toContain(EARLY_START_CONSENT);
  expect(mail.text).toContain(`/widerruf?bestellung=${booking?.bookingNumber}`);
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
    const token = account.token;
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
    await requestEarlyStart(page);
    await pay.click();
    await expect(emptied).toBeVisible();
    await expect(summary).toHaveCount(0);
    await expect(pay).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Zum Warenkorb' })).toBeVisible();
    await expect(page.locator('.notice').filter({ has: emptied })).toBeFocused();
    await expectNoAccessibilityViolations(page);
  });
});

const profileBookings = (page: Page) => page.getByRole('table', { name: 'Ihre letzten Bestellungen' });

/** Staff's own browser window, beside the customer's, in the booking overview searched for `query`. */
async function staffOverview(browser: Browser, baseURL: string | undefined, adminToken: string, query: string) {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  await context.addInitScript(() => {
    localStorage.setItem('splashShown', '1');
    localStorage.setItem('cookieConsentAccepted', 'true');
    localStorage.setItem('cookieConsentDate', new Date().toISOString());
  });
  const staff = await context.newPage();
  await signIn(staff, adminToken);
  const search = async () => {
    await staff.goto('/admin/bestellungen');
    await staff.getByLabel('Suche (Bestellnummer, Name oder E-Mail)').fill(query);
    await staff.getByRole('button', { name: 'Suchen' }).click();
  };
  await search();
  const row = staff.getByRole('table', { name: 'Alle Bestellungen, die neuesten zuerst' }).getByRole('row').nth(1);
  return { staff, row, search, close: () => context.close() };
}

test.describe('a payment PayPal still processes', () => {
  test('reads as being processed, never as failed, blocks a second payment, and ends paid', async ({
    page,
    request,
    adminToken,
    browser,
    baseURL,
  }) => {
    const customer = await signedInCustomer(page, request, 'Petra');
    await addToCartAndOpenPayment(page);
    await page.getByLabel('PayPal').check();
    await page.getByRole('button', { name: 'Zahlungspflichtig mit PayPal bezahlen' }).click();
    const dialog = page.getByRole('dialog', { name: 'PayPal – Testzahlung' });
    await expect(dialog.getByRole('group', { name: 'Andere Ergebnisse testen' })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: 'Genehmigen: Zahlung ausstehend, dann abgeschlossen' }).click();
    await page.waitForURL(/\/success\?.*method=paypal/);
    await expect(page.getByRole('heading', { name: 'Ihre Zahlung wird noch bearbeitet …' })).toBeVisible();
    await expect(page.getByText('Der Zahlungsanbieter prüft Ihre Zahlung noch.')).toBeVisible();
    await expect(page.getByText('Zahlung erfolgreich', { exact: false })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    const orderId = new URL(page.url()).searchParams.get('session_id') ?? '';

    // Paying again, by card, is refused with the same words.
    const other = await page.context().newPage();
    await other.goto('/payment-options');
    await other.getByLabel('Kreditkarte (Stripe)').check();
    await requestEarlyStart(other);
    await other.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
    await expect(other.getByRole('alert')).toContainText('Ihre Zahlung wird noch bearbeitet.');
    await other.goto('/profilepage');
    await expect(profileBookings(other)).toContainText('Zahlung wird bearbeitet');

    // Staff see it too.
    const { row, search, close } = await staffOverview(browser, baseURL, adminToken, customer.userEmail);
    await expect(row).toContainText('Zahlung wird bearbeitet');
    await expect(row.getByRole('button')).toHaveCount(0); // neither cancelled nor refunded meanwhile

    // PayPal completes it: the success page, still asking, says so.
    expect((await request.post(`/api/sandbox/paypal/test/orders/${orderId}/settle`, { data: {} })).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich!' })).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(() => mailsTo(customer.userEmail).filter((mail) => mail.subject.startsWith('Ihre Bestellung')).length)
      .toBe(1);
    await search();
    await expect(row).toContainText('Bezahlt');
    await close();
  });

  test('declined after a while: the page says nothing was charged and leads back to paying', async ({
    page,
    request,
  }) => {
    await signedInCustomer(page, request, 'Şükrü');
    await addToCartAndOpenPayment(page);
    await page.getByLabel('PayPal').check();
    await page.getByRole('button', { name: 'Zahlungspflichtig mit PayPal bezahlen' }).click();
    const dialog = page.getByRole('dialog', { name: 'PayPal – Testzahlung' });
    await dialog.getByRole('button', { name: 'Genehmigen: Zahlung ausstehend, dann abgelehnt' }).click();
    await page.waitForURL(/\/success\?.*method=paypal/);
    await expect(page.getByRole('heading', { name: 'Ihre Zahlung wird noch bearbeitet …' })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get('session_id') ?? '';

    // PayPal denies it while the page still asks.
    const settle = await request.post(`/api/sandbox/paypal/test/orders/${orderId}/settle`, {
      data: { status: 'DECLINED' },
    });
    expect(settle.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Ihre Zahlung wurde nicht ausgeführt' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('status')).toContainText('Es wurde nichts abgebucht');
    await expect(page.getByRole('alert')).toBeEmpty();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Erneut bezahlen' }).click();
    await page.waitForURL('/payment-options');
    await expect(page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Zum Warenkorb' })).toHaveAttribute('href', '/cart');
  });

  test('a declined funding source says so; another one can be chosen and pays', async ({ page, request }) => {
    await signedInCustomer(page, request, 'Dragan');
    await addToCartAndOpenPayment(page);
    await page.getByLabel('PayPal').check();
    const paypalButton = page.getByRole('button', { name: 'Zahlungspflichtig mit PayPal bezahlen' });
    await paypalButton.click();
    const dialog = page.getByRole('dialog', { name: 'PayPal – Testzahlung' });
    await dialog.getByRole('button', { name: 'Genehmigen: Zahlungsquelle wird abgelehnt' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'PayPal hat die gewählte Zahlungsquelle abgelehnt. Es wurde nichts abgebucht. Bitte wählen Sie in PayPal eine andere Zahlungsquelle.',
    );
    await expectNoAccessibilityViolations(page);
    await paypalButton.click();
    await dialog.getByRole('button', { name: 'Zahlung genehmigen' }).click();
    await page.waitForURL(/\/success\?.*method=paypal/);
    await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich!' })).toBeVisible();
  });
});

test('without a payment to look at, /success says where the orders are, never that a payment succeeded', async ({
  page,
}) => {
  for (const path of ['/success', '/success?bookingId=999999&session_id=cs_test_unbekannt']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihre Zahlung');
    await expect(page.getByText('Zahlung erfolgreich', { exact: false })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Bestellinformationen' })).toBeVisible();
  }
  await page.goto('/success');
  await expect(page.getByText('Hier sehen Sie nach einer Zahlung, ob sie bei uns eingegangen ist.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('staff refund a paid booking: refunded for staff and customer, one mail', async ({
  page,
  request,
  adminToken,
  browser,
  baseURL,
}) => {
  const customer = await signedInCustomer(page, request, 'Renate');
  const auth = { Authorization: `Bearer ${customer.token}` };
  expect(
    (
      await request.post('/api/cart/article/2', {
        headers: auth,
        data: { entryDate: inDays(20), departureDate: inDays(21) },
      })
    ).status(),
  ).toBe(201);
  const session = (await (
    await request.post('/api/payment/stripe/checkout-session', { headers: auth, data: { earlyStart: true } })
  ).json()) as { sessionId: string; bookingId: number };
  await request.post(`/api/sandbox/stripe/checkout/${session.sessionId}`, { form: { action: 'pay' }, maxRedirects: 0 });
  await request.post('/api/payments/confirm-payment', {
    headers: auth,
    data: { bookingId: session.bookingId, sessionId: session.sessionId },
  });

  await page.goto('/profilepage');
  await expect(profileBookings(page)).toContainText('Bezahlt');
  const bookingNumber = (
    (await profileBookings(page).getByRole('row').nth(1).locator('td[data-label="Bestellnummer"]').textContent()) ?? ''
  ).trim();

  const { staff, row, close } = await staffOverview(browser, baseURL, adminToken, bookingNumber);
  await expect(row).toContainText('Testzahlung');
  await row.getByRole('button', { name: `Bestellung ${bookingNumber} erstatten` }).click();
  await expect(
    staff.getByText(
      `Bestellung ${bookingNumber} erstatten? 2.500,00 € gehen per Kreditkarte (Stripe) an den Kunden zurück.`,
    ),
  ).toBeVisible();
  await expectNoAccessibilityViolations(staff);
  await staff.getByRole('button', { name: 'Ja, erstatten' }).click();
  await expect(staff.locator('.admin-messages [role="status"]')).toHaveText(`Bestellung ${bookingNumber} erstattet`);
  await expect(row).toContainText('Erstattet');
  await expect(row.getByRole('button', { name: /erstatten/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(staff);
  await close();

  await page.reload();
  await expect(profileBookings(page)).toContainText('Erstattet');
  const mail = await waitForMail(customer.userEmail, `Erstattung Ihrer Bestellung ${bookingNumber}`);
  expect(mail.text).toContain('2.500,00');
});

test('the realistic booking history shows its refunded, disputed, charged-back and pending orders, to the customer and to staff, the paid ones refundable', async ({
  page,
  realShop,
  adminToken,
  browser,
  baseURL,
}) => {
  const [refunded, disputed, chargedBack, pending] = [2, 5, 8, -1].map((index) => realShop.bookings.at(index));
  if (!refunded || !disputed || !chargedBack || !pending) throw new Error('the realistic shop has no booking history');
  const labels = [
    [refunded, 'Erstattet'],
    [disputed, 'Zahlung angefochten'],
    [chargedBack, 'Rückbuchung'],
    [pending, 'Zahlung wird bearbeitet'],
  ] as const;
  await signIn(page, realShop.customer.accessToken);
  await page.goto('/profilepage');
  const bookingRow = (bookingNumber: string) =>
    profileBookings(page).getByRole('row').filter({ hasText: bookingNumber });
  for (const [order, label] of labels) await expect(bookingRow(order.bookingNumber)).toContainText(label);
  await expectNoAccessibilityViolations(page);

  for (const [order, label] of labels) {
    const { row, close } = await staffOverview(browser, baseURL, adminToken, order.bookingNumber);
    await expect(row).toContainText(label);
    await expect(row).toContainText('Hans-Jürgen Müller-Lüdenscheidt');
    // Neither refunded again nor cancelled: only its invoices can be downloaded.
    await expect(row.getByRole('button', { name: /Erstatten|Stornieren/ })).toHaveCount(0);
    if (order === disputed) {
      await expect(row).toContainText('Grund: Leistung nicht erhalten (product_not_received)');
      await expect(row).toContainText('Stellungnahme beim Zahlungsanbieter bis');
    }
    if (order === chargedBack) {
      await expect(row).toContainText(
        'Grund: Zahlung nicht vom Karteninhaber autorisiert (Betrugsverdacht) (fraudulent)',
      );
      await expect(row.getByRole('button', { name: /Rechnungskorrektur/ })).toBeVisible();
    }
    await close();
  }
  // The agency heard of both at once, the charged-back one with its correcting invoice.
  await waitForMail(AGENCY_EMAIL, `Zahlung angefochten: Bestellung ${disputed.bookingNumber}`);
  const lost = await waitForMail(AGENCY_EMAIL, `Rückbuchung: Bestellung ${chargedBack.bookingNumber}`);
  expect(lost.attachments.map((file) => file.filename)).toEqual([expect.stringMatching(/^Rechnungskorrektur-RE-/)]);
  // Two refunds in the shop take 'Erstatten' from no other order, paid before them or after.
  for (const order of [realShop.bookings[0], realShop.bookings[19]]) {
    const { row, close } = await staffOverview(browser, baseURL, adminToken, order?.bookingNumber ?? '');
    await expect(row).toContainText('Bezahlt');
    await expect(row.getByRole('button', { name: `Bestellung ${order?.bookingNumber} erstatten` })).toBeVisible();
    await close();
  }
});

test('on a desktop the order has room: the payment page beside its order, the profile’s orders a few lines each', async ({
  page,
  realShop,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, realShop.customer.accessToken);
  await page.goto('/payment-options');
  const order = page.getByRole('region', { name: 'Ihre Bestellung' });
  const pay = page.getByRole('group', { name: 'Zahlungsart' });
  await expect(pay).toBeVisible();
  const [orderBox, payBox] = [await order.boundingBox(), await pay.boundingBox()];
  expect(orderBox?.width).toBeGreaterThan(600);
  // Side by side: the way to pay starts right of the order, on its first screen.
  expect(payBox?.x).toBeGreaterThan((orderBox?.x ?? 0) + (orderBox?.width ?? 0));
  expect(payBox?.y).toBeLessThan(900);

  await page.goto('/profilepage');
  const rows = profileBookings(page).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // The realistic history's orders hold one to three items: a few lines each, not twenty-five.
  const lineHeight = await rows
    .nth(1)
    .locator('td')
    .first()
    .evaluate((cell) => Number.parseFloat(getComputedStyle(cell).lineHeight));
  for (const index of [1, 2, 3]) {
    expect((await rows.nth(index).boundingBox())?.height).toBeLessThan(lineHeight * 8);
  }
});

for (const width of [320, 375]) {
  test(`at ${width} px the profile’s e-mail address breaks between its parts, not inside a word`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const customer = await confirmedCustomer(request, {
      firstName: 'Małgorzata',
      lastName: 'Ørsted',
      userEmail: `m.oersted.${randomBytes(3).toString('hex')}@grossformatdruck-wiesbaden.de`,
    });
    await signIn(page, customer.token);
    await page.goto('/profilepage');
    const address = page.locator('.profile__details dd').nth(1);
    await expect(address).toHaveText(customer.userEmail);
    // The address's characters by the line they stand on.
    const lines = await address.evaluate((cell) => {
      const text = cell.textContent ?? '';
      const byTop = new Map<number, string>();
      let offset = 0;
      for (const node of [...cell.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE)) {
        for (let index = 0; index < (node.textContent ?? '').length; index++) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          byTop.set(top, (byTop.get(top) ?? '') + text[offset + index]);
        }
        offset += (node.textContent ?? '').length;
      }
      return [...byTop.values()];
    });
    expect(lines.join('')).toBe(customer.userEmail);
    expect(lines.length).toBeGreaterThan(1);
    // Each break falls before the '@' or after a '-' or '.': "m.oersted.a1b2c3", "@grossformatdruck-", "wiesbaden.de".
    for (const [index, line] of lines.slice(0, -1).entries()) {
      expect(/[-.]$/.test(line) || lines[index + 1]?.startsWith('@'), JSON.stringify(lines)).toBe(true);
    }
  });
}
