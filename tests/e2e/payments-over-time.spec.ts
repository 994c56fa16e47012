/**
 * Payments over time in the browser (docs/product.md#d21-paypal, #d32-payment-states): a customer
 * opens PayPal's window, closes it, and comes back after the sandbox clock moved four hours on,
 * when PayPal has deleted the order; the PayPal button opens a new order at once and pays. The
 * clock is the e2e server's, which every spec shares, so this spec runs in a project of its own
 * after all the others (playwright.config.ts).
 */
import { mailsTo } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { addToCartAndOpenPayment, requestEarlyStart, signedInCustomer } from './support/payment-page.ts';

const FOUR_HOURS = 4 * 60 * 60;

test('a customer who closed PayPal’s window pays at once when coming back four hours later', async ({
  page,
  request,
}) => {
  const customer = await signedInCustomer(page, request, 'Gisela');
  await addToCartAndOpenPayment(page);
  await page.getByLabel('PayPal').check();
  const paypalButton = page.getByRole('button', { name: 'Zahlungspflichtig mit PayPal bezahlen' });
  await paypalButton.click();
  const dialog = page.getByRole('dialog', { name: 'PayPal – Testzahlung' });
  const orderNumber = dialog.getByText(/^PayPal-Vorgangsnummer: /);
  const left = await orderNumber.textContent();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await page.waitForURL('/cancel');

  const moved = await request.post('/api/sandbox/test/clock', { data: { advanceSeconds: FOUR_HOURS } });
  expect(moved.status()).toBe(200);
  const { now } = (await moved.json()) as { now: string };
  expect(Date.parse(now) - Date.now()).toBeGreaterThan((FOUR_HOURS - 60) * 1000);

  // Back at the payment page: PayPal's window opens with a new order, no error in between.
  await page.goto('/payment-options');
  await expect(page.getByText('Gesamtbetrag: 2.500,00 €')).toBeVisible();
  await requestEarlyStart(page);
  await page.getByLabel('PayPal').check();
  await paypalButton.click();
  await expect(dialog).toBeVisible();
  await expect(orderNumber).not.toHaveText(left ?? '');
  await dialog.getByRole('button', { name: 'Zahlung genehmigen' }).click();
  await page.waitForURL(/\/success\?.*method=paypal/);
  await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich!' })).toBeVisible();
  await expect
    .poll(() => mailsTo(customer.userEmail).filter((mail) => mail.subject.startsWith('Ihre Bestellung')).length)
    .toBe(1);
});
