/**
 * The payment page as a customer reaches it, for the payment specs: a customer signed in through
 * the API, website model 2 booked on the payment category, the billing address given or stored,
 * and the early start asked for (docs/product.md#payments).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { todayInGermany } from '../../../src/lib/dates.ts';
import { EARLY_START_CONSENT } from '../../../src/lib/withdrawal-period.ts';
import { confirmedCustomer, signIn } from './accounts.ts';
import { expectNoAccessibilityViolations } from './axe.ts';
import { expect } from './fixtures.ts';
import { wakeBookingForm } from './slow-phone.ts';

/** The date `days` from today in Germany, as YYYY-MM-DD. */
export function inDays(days: number): string {
  const date = new Date(`${todayInGermany()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A logged-in customer of the API (faster than the registration form, where that is not the point). */
export async function signedInCustomer(page: Page, request: APIRequestContext, firstName: string) {
  const account = await confirmedCustomer(request, { firstName, lastName: 'Schöneberg-Weißenfels' });
  await signIn(page, account.token);
  return account;
}

/**
 * Books website model 2 on the payment category (12) and goes on from the cart to the payment
 * page; a customer who registered through the form gives the billing address there (`ask`), one
 * made through the API has it already.
 */
export async function addToCartAndOpenPayment(page: Page, billingAddress: 'ask' | 'stored' = 'stored') {
  await page.goto('/departaments/12');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Moderne Informationsseite' }) });
  await card.scrollIntoViewIfNeeded();
  await wakeBookingForm(card);
  await card.getByLabel('Startdatum').fill(inDays(14));
  await card.getByLabel('Enddatum').fill(inDays(14));
  await card.getByRole('button', { name: 'Buchen' }).click();
  await expect(card.getByRole('status')).toContainText('Termin erfolgreich gebucht!');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Bestellen' }).click();
  await page.waitForURL('/payment-options');
  await expect(page.getByText('Gesamtbetrag: 2.500,00 €')).toBeVisible();
  if (billingAddress === 'ask') await giveBillingAddress(page);
  // The model starts in 14 days, within the withdrawal period.
  await requestEarlyStart(page);
}

/** A new customer's first order asks for the billing address before the payment methods (docs/product.md#d37-invoices). */
async function giveBillingAddress(page: Page) {
  const billing = page.getByRole('region', { name: 'Rechnungsadresse' });
  await expect(page.getByRole('group', { name: 'Zahlungsart' })).toBeHidden();
  await billing.getByLabel('Name', { exact: true }).fill('Paula Weiß 😀');
  await billing.getByLabel('Firma (optional)').fill('Weiß & Söhne Großformatdruck GmbH');
  await billing.getByLabel('Straße und Hausnummer').fill('Kaiser-Friedrich-Ring 7');
  await billing.getByLabel('PLZ').fill('6518');
  await billing.getByLabel('Ort').fill('Wiesbaden');
  await expect(billing.getByLabel('Land')).toHaveValue('DE');
  await billing.getByLabel('USt-IdNr. (optional)').fill('de 136 695 976');
  await billing.getByRole('button', { name: 'Rechnungsadresse speichern' }).click();
  await expect(billing.getByText('Eine deutsche Postleitzahl hat fünf Ziffern.')).toBeVisible();
  // What the invoice cannot print is named, with what it can.
  await expect(billing.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    /^Das Zeichen „😀“ kann die Rechnung nicht drucken\./,
  );
  await expect(billing.getByLabel('Name', { exact: true })).toBeFocused();
  await expectNoAccessibilityViolations(page);
  await billing.getByLabel('Name', { exact: true }).fill('Paula Weiß-Dvořák');
  await billing.getByLabel('PLZ').fill('65185');
  await billing.getByRole('button', { name: 'Rechnungsadresse speichern' }).click();
  await expect(billing.getByText('Die Rechnungsadresse ist gespeichert.')).toBeVisible();
  await expect(billing).toContainText('Weiß & Söhne Großformatdruck GmbH');
  await expect(billing).toContainText('USt-IdNr. DE136695976');
  await expect(billing.getByRole('button', { name: 'Ändern Rechnungsadresse' })).toBeFocused();
  // 'Ändern' opens the form with the stored address; 'Abbrechen' keeps it as it was.
  await billing.getByRole('button', { name: 'Ändern Rechnungsadresse' }).click();
  await expect(billing.getByLabel('Straße und Hausnummer')).toHaveValue('Kaiser-Friedrich-Ring 7');
  await billing.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(billing).toContainText('65185 Wiesbaden');
}

/** An appointment within the withdrawal period: the customer asks for the early start (docs/product.md#d31-consumer-law). */
export const requestEarlyStart = (page: Page) => page.getByRole('checkbox', { name: EARLY_START_CONSENT }).check();
