/**
 * The withdrawal function as consumers meet it (docs/product.md#d31-consumer-law): 'Vertrag
 * widerrufen' in every footer, a declaration without an account in two steps, the page and the
 * mail with the date and time; prefilled for a logged-in customer and marked for staff.
 */
import type { AdminWithdrawalView } from '../../src/lib/withdrawals.ts';
import { addToCart, payCartByCard } from '../support/realistic-shop.ts';
import { confirmedCustomer, signIn, waitForMail } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';

const RECEIPT_SUBJECT = 'Eingangsbestätigung Ihres Widerrufs';
const RECEIVED_AT = /Eingegangen am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2}:\d{2} Uhr/u;

test('every page’s footer leads to the withdrawal function, the cancellation button, the notice and the terms', async ({
  page,
  realShop,
}) => {
  for (const path of ['/', '/preise', `/departaments/${realShop.catalogue.twoPhotos.id}`, '/cart']) {
    await page.goto(path);
    const legal = page.getByRole('navigation', { name: 'Rechtliches' });
    await expect(legal.getByRole('link', { name: 'Vertrag widerrufen' }), path).toHaveAttribute('href', '/widerruf');
    await expect(legal.getByRole('link', { name: 'Verträge hier kündigen' }), path).toHaveAttribute(
      'href',
      '/kuendigung',
    );
    await expect(legal.getByRole('link', { name: 'Widerrufsbelehrung' }), path).toHaveAttribute(
      'href',
      '/widerrufsbelehrung',
    );
    await expect(legal.getByRole('link', { name: 'AGB' }), path).toHaveAttribute('href', '/agb');
  }
});

test('a stranger withdraws in two steps and gets the receipt with date and time, on the page and by mail', async ({
  page,
}) => {
  const email = `widerruf-${Date.now()}@example.de`;
  await page.goto('/preise');
  await page.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Vertrag widerrufen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vertrag widerrufen');
  await shellReady(page);
  const form = page.locator('form');
  await expect(form.getByRole('button', { name: 'Weiter' })).toBeEnabled();

  await form.getByRole('button', { name: 'Weiter' }).click();
  await expect(form.getByLabel('Ihr Name')).toHaveAccessibleDescription('Bitte geben Sie Ihren Namen an.');
  await expect(form.getByLabel('E-Mail-Adresse für die Eingangsbestätigung')).toHaveAccessibleDescription(
    'Bitte geben Sie Ihre E-Mail-Adresse an: Dorthin schicken wir die Eingangsbestätigung.',
  );

  await form.getByLabel('Ihr Name').fill('😀😀😀');
  await expect(form.getByLabel('Ihr Name')).toHaveAccessibleDescription(
    'Bitte geben Sie Ihren Namen in Buchstaben an (Leerzeichen, Punkt, Bindestrich und Apostroph sind erlaubt).',
  );
  await form.getByLabel('Ihr Name').fill('Jürgen Weißmüller');
  await form.getByLabel('E-Mail-Adresse für die Eingangsbestätigung').fill(email);
  await form.getByLabel('Bestellnummer (z. B. HWDS-7K3M9Q2X), falls zur Hand').fill('hwds-abcd2345');
  await form.getByLabel('Grund (freiwillig)').fill('Das Angebot passt doch nicht zu meinem Laden.');
  await form.getByRole('button', { name: 'Weiter' }).click();

  const review = page.getByRole('heading', { name: 'Bitte prüfen Sie Ihre Erklärung' });
  await expect(review).toBeFocused();
  await expect(page.locator('main')).toContainText(
    'Hiermit widerrufe ich den von mir abgeschlossenen Vertrag zur Bestellung HWDS-ABCD2345.',
  );
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

  await expect(page.getByRole('heading', { name: 'Ihr Widerruf ist eingegangen' })).toBeFocused();
  await expect(page.locator('main')).toContainText(RECEIVED_AT);
  await expect(page.locator('main')).toContainText(
    `Eine Eingangsbestätigung mit Datum und Uhrzeit schicken wir an ${email} (an dieselbe Adresse höchstens drei am Tag).`,
  );
  const receipt = await waitForMail(email, RECEIPT_SUBJECT);
  expect(receipt.text).toMatch(RECEIVED_AT);
  // Sent without logging in to that address: the reason is kept for staff, not repeated to the address.
  expect(receipt.text).toContain('Grund: angegeben; hier nicht wiederholt, da die Erklärung ohne Anmeldung einging');
  await expectNoAccessibilityViolations(page);
});

test('a logged-in customer finds the form filled in and the order marked for staff', async ({
  page,
  request,
  send,
  realShop,
  adminToken,
}) => {
  const account = await confirmedCustomer(request, { firstName: 'Lieselotte', lastName: 'Großkopf-Öztürk' });
  const token = account.token;
  await addToCart(send, token, realShop.catalogue.twoPhotos.articles.slice(0, 1));
  const order = await payCartByCard(send, token);
  await signIn(page, token);

  await page.goto(`/widerruf?bestellung=${order.bookingNumber}`);
  const form = page.locator('form');
  await expect(form.getByLabel('Ihr Name')).toHaveValue('Lieselotte Großkopf-Öztürk');
  await expect(form.getByLabel('E-Mail-Adresse für die Eingangsbestätigung')).toHaveValue(account.userEmail);
  await expect(form.getByLabel('Bestellnummer (z. B. HWDS-7K3M9Q2X), falls zur Hand')).toHaveValue(order.bookingNumber);
  await form.getByLabel('Grund (freiwillig)').fill('Wir bleiben bei www.alte-agentur.example.');
  await form.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Widerruf ist eingegangen' })).toBeVisible();
  // Logged in to that very address: the receipt repeats the declaration as typed.
  const receipt = await waitForMail(account.userEmail, RECEIPT_SUBJECT);
  expect(receipt.text).toContain('Grund: Wir bleiben bei www.alte-agentur.example.');

  const listed = (await (
    await request.get('/api/admin/withdrawals', { headers: { Authorization: `Bearer ${adminToken}` } })
  ).json()) as AdminWithdrawalView[];
  expect(listed.find((declaration) => declaration.orderNumber === order.bookingNumber)).toMatchObject({
    bookingId: order.id,
    inPeriod: true,
  });
});
