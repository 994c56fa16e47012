/**
 * The cancellation button as consumers meet it (§ 312k BGB, docs/product.md#d35-maintenance-terms):
 * 'Verträge hier kündigen' in every footer (withdrawal.spec.ts checks the footers), the
 * confirmation page without an account and 'Jetzt kündigen', the page and the mail with the date
 * and time and when the contract ends; prefilled for a logged-in customer, marked on the order.
 */
import type { AdminCancellationView } from '../../src/lib/cancellations.ts';
import { formatGermanDate } from '../../src/lib/dates.ts';
import { addToCart, payCartByCard } from '../support/realistic-shop.ts';
import { confirmedCustomer, signIn, waitForMail } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, shellReady, test } from './support/fixtures.ts';

const CONFIRMATION_SUBJECT = 'Bestätigung Ihrer Kündigung';
const RECEIVED_AT = /Eingegangen am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2}:\d{2} Uhr/u;

test('a stranger cancels extraordinarily on the confirmation page and keeps the confirmation, on the page and by mail', async ({
  page,
}) => {
  const email = `kuendigung-${Date.now()}@example.de`;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/preise');
  await page
    .getByRole('navigation', { name: 'Rechtliches' })
    .getByRole('link', { name: 'Verträge hier kündigen' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verträge hier kündigen');
  await shellReady(page);
  const form = page.locator('form');
  const submit = form.getByRole('button', { name: 'Jetzt kündigen' });
  await expect(submit).toBeEnabled();

  await form.getByLabel('Art der Kündigung').selectOption('extraordinary');
  await submit.click();
  const reason = form.getByLabel('Wichtiger Grund für die außerordentliche Kündigung');
  await expect(reason).toHaveAccessibleDescription(
    'Bitte nennen Sie den wichtigen Grund für die außerordentliche Kündigung.',
  );
  await expect(form.getByLabel('Ihr Name')).toHaveAccessibleDescription('Bitte geben Sie Ihren Namen an.');
  await expectNoAccessibilityViolations(page);

  await reason.fill('Unser Ladengeschäft schließt zum Monatsende; die Website wird abgeschaltet.');
  await form.getByLabel('Ihr Name').fill('Jürgen Weißmüller');
  await form.getByLabel('E-Mail-Adresse für die Bestätigung').fill(email);
  await form.getByLabel('Bestellnummer des Vertrags (z. B. HWDS-7K3M9Q2X), falls zur Hand').fill('hwds-abcd2345');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAccessibilityViolations(page);
  await submit.click();

  await expect(page.getByRole('heading', { name: 'Ihre Kündigung ist eingegangen' })).toBeFocused();
  const main = page.locator('main');
  await expect(main).toContainText(RECEIVED_AT);
  await expect(main).toContainText('abgegeben über die Schaltfläche „Jetzt kündigen“');
  await expect(main).toContainText('Hiermit kündige ich den Vertrag zur Bestellung HWDS-ABCD2345.');
  await expect(main).toContainText('zum frühestmöglichen Zeitpunkt');
  await expect(page.getByRole('button', { name: 'Bestätigung drucken oder als PDF speichern' })).toBeVisible();
  const mail = await waitForMail(email, CONFIRMATION_SUBJECT);
  expect(mail.text).toMatch(RECEIVED_AT);
  expect(mail.text).toContain('Art der Kündigung: Außerordentliche Kündigung aus wichtigem Grund');
  expect(mail.text).toContain('Ihr Vertrag endet mit dem Eingang dieser Kündigung.');
  await expectNoAccessibilityViolations(page);
});

test('a customer cancels maintenance from the profile, finds the form filled in, and the order shows it', async ({
  page,
  request,
  send,
  realShop,
  adminToken,
}) => {
  const account = await confirmedCustomer(request, { firstName: 'Lieselotte', lastName: 'Großkopf-Öztürk' });
  const token = account.token;
  const maintenance = realShop.catalogue.fivePhotos.articles.filter((article) => article.unit === 'month');
  await addToCart(send, token, maintenance);
  const order = await payCartByCard(send, token);
  const termEnd = formatGermanDate(order.items[0]?.departureDate ?? '');
  await signIn(page, token);

  await page.goto('/profilepage');
  await page.getByRole('link', { name: `Wartung kündigen (Bestellung ${order.bookingNumber})` }).click();
  const form = page.locator('form');
  await expect(form.getByLabel('Ihr Name')).toHaveValue('Lieselotte Großkopf-Öztürk');
  await expect(form.getByLabel('E-Mail-Adresse für die Bestätigung')).toHaveValue(account.userEmail);
  await expect(form.getByLabel('Bestellnummer des Vertrags (z. B. HWDS-7K3M9Q2X), falls zur Hand')).toHaveValue(
    order.bookingNumber,
  );
  await expect(form.getByLabel('Art der Kündigung')).toHaveValue('ordinary');
  await form.getByRole('button', { name: 'Jetzt kündigen' }).click();
  await expect(page.getByRole('heading', { name: 'Ihre Kündigung ist eingegangen' })).toBeVisible();
  const mail = await waitForMail(account.userEmail, CONFIRMATION_SUBJECT);
  expect(mail.text).toContain(
    `Ihr Vertrag zur Bestellung ${order.bookingNumber} endet durch Ihre Kündigung am ${termEnd}, dem letzten Tag der gebuchten Laufzeit`,
  );

  await page.goto('/profilepage');
  await expect(page.locator('main')).toContainText(/Kündigung eingegangen am \d{2}\.\d{2}\.\d{4}/);
  const listed = (await (
    await request.get('/api/admin/cancellations', { headers: { Authorization: `Bearer ${adminToken}` } })
  ).json()) as AdminCancellationView[];
  expect(listed.find((cancellation) => cancellation.orderNumber === order.bookingNumber)).toMatchObject({
    bookingId: order.id,
    kind: 'ordinary',
  });
});
