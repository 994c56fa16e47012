/**
 * Units and quantities, as a customer meets them (docs/product.md#d34-units-and-quantities,
 * #d35-maintenance-terms, #d36-next-steps): print by the m² and a year of maintenance booked,
 * a quantity changed in the cart, paid, seen in the profile and the mail with a print order's
 * next steps; a consulting hour with its own.
 */
import type { Page } from '@playwright/test';
import { todayInGermany } from '../../src/lib/dates.ts';
import { confirmedCustomer, signIn, waitForMail } from './support/accounts.ts';
import { expectNoAccessibilityViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { wakeBookingForm } from './support/slow-phone.ts';

function inDays(days: number): string {
  const date = new Date(`${todayInGermany()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const BANNER = 'Banner aus PVC-Plane, 510 g/m², mit Ösen alle 50 cm';
const MAINTENANCE = 'Wartung Ihrer Messe-Website mit Ausstellerverzeichnis';
const CONSULTING = 'Beratungsstunde zu Bildsprache und Motivauswahl, per Video';

async function articleCard(page: Page, name: string) {
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.scrollIntoViewIfNeeded();
  await wakeBookingForm(card);
  return card;
}

test('print by the m² and a year of maintenance: booked, changed in the cart, paid, and a print order’s next steps', async ({
  page,
  request,
  realShop,
}) => {
  const customer = await confirmedCustomer(request);
  await signIn(page, customer.token);
  await page.goto(`/departaments/${realShop.catalogue.fivePhotos.id}`);

  const banner = await articleCard(page, BANNER);
  await expect(banner).toContainText('24,90 € pro m²');
  await banner.getByLabel('Startdatum').fill(inDays(20));
  await banner.getByLabel('Enddatum').fill(inDays(21));
  await banner.getByLabel('Fläche in m²').fill('2,255');
  await banner.getByRole('button', { name: 'Buchen' }).click();
  await expect(banner.getByLabel('Fläche in m²')).toHaveAccessibleDescription(
    'Die Menge darf höchstens zwei Nachkommastellen haben.',
  );
  await banner.getByLabel('Fläche in m²').fill('2,25');
  await banner.getByRole('button', { name: 'Buchen' }).click();
  await expect(banner.getByRole('status')).toContainText('Termin erfolgreich gebucht!');

  const maintenance = await articleCard(page, MAINTENANCE);
  await expect(maintenance).toContainText('30,00 € pro Monat');
  await expect(maintenance.getByLabel('Enddatum')).toHaveCount(0); // a term ends by itself
  await maintenance.getByLabel('Startdatum').fill(inDays(30));
  await maintenance.getByLabel('Laufzeit').selectOption('12');
  await maintenance.getByRole('button', { name: 'Buchen' }).click();
  await expect(maintenance.getByRole('status')).toContainText('Termin erfolgreich gebucht!');

  await page.goto('/cart');
  const bannerEntry = page.getByRole('listitem').filter({ hasText: BANNER });
  await expect(bannerEntry).toContainText('2,25 m² × 24,90 € pro m²');
  await expect(bannerEntry).toContainText('56,03 €'); // 2,25 × 24,90 € = 56,025 €, rounded half up
  const maintenanceEntry = page.getByRole('listitem').filter({ hasText: MAINTENANCE });
  const discounted = '12 Monate × 30,00 € pro Monat, abzüglich 54,00 € Rabatt für die Jahreszahlung';
  await expect(maintenanceEntry).toContainText(discounted);
  await expect(maintenanceEntry).toContainText('306,00 €');
  await expectNoAccessibilityViolations(page);
  await bannerEntry.getByLabel('Fläche in m²').fill('3');
  await bannerEntry.getByRole('button', { name: /^Menge ändern/ }).click();
  await expect(bannerEntry).toContainText('74,70 €');
  await expect(page.getByText('Gesamtkosten: 380,70 €')).toBeVisible();

  await page.getByRole('link', { name: 'Bestellen' }).click();
  await page.waitForURL('/payment-options');
  await expect(page.getByText('Gesamtbetrag: 380,70 €')).toBeVisible();
  // The binding step (§ 312j BGB) says what the cart said, the discount included.
  await expect(page.getByRole('row').filter({ hasText: MAINTENANCE })).toContainText(discounted);
  await page.getByLabel('Kreditkarte (Stripe)').check();
  await page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
  await page.waitForURL(/\/api\/sandbox\/stripe\/checkout\//);
  await expect(page.getByText(`${MAINTENANCE} (Artikel`)).toContainText(discounted);
  await page.getByRole('button', { name: '380,70 € bezahlen' }).click();
  await page.waitForURL(/\/success\?/);

  const nextSteps = page.getByRole('region', { name: 'So geht es weiter' });
  await expect(nextSteps).toContainText(
    'mindestens 300 dpi bis DIN A3 und 150 dpi bei größeren Formaten, jeweils im Endformat, und 3 mm Beschnitt an jeder Seite',
  );
  await expect(nextSteps).toContainText('Ihre Wartung: Sie beginnt am gebuchten Starttag.');
  await expect(nextSteps).not.toContainText('dem gewählten Modell'); // no website was ordered
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'Bestellinformationen' }).click();
  await page.waitForURL('/checkout');
  await expect(page.getByRole('region', { name: 'So geht es weiter' })).toContainText('als JPG, TIFF, PNG, PDF');
  const order = page.getByRole('table', { name: 'Ihre Bestellungen' }).getByRole('row').nth(1);
  await expect(order).toContainText(`${BANNER}: 3 m² × 24,90 € pro m²`);
  await expect(order).toContainText(`${MAINTENANCE}: ${discounted}, Laufzeit 12 Monate`);
  const bookingNumber = ((await order.getByRole('cell').nth(3).textContent()) ?? '').trim();

  const mail = await waitForMail(customer.userEmail, `Ihre Bestellung ${bookingNumber} bei HWDS`);
  const text = mail.text.replace(/\s+/g, ' '); // amounts are written with a no-break space before '€'
  expect(text).toContain('3 m² × 24,90 € pro m²');
  expect(text).toContain(discounted);
  expect(text).toContain(
    'mindestens 300 dpi bis DIN A3 und 150 dpi bei größeren Formaten, jeweils im Endformat, und 3 mm Beschnitt',
  );
  expect(text).not.toContain('dem gewählten Modell');
});

test('a consulting hour: no print rules in its small print or its next steps, which follow the article’s kind', async ({
  page,
  request,
  realShop,
}) => {
  const customer = await confirmedCustomer(request);
  await signIn(page, customer.token);
  await page.goto(`/departaments/${realShop.catalogue.fivePhotos.id}`);
  await expect(page.locator('.fine-print')).toContainText('Wartung buchen Sie für 6 oder 12 Monate');
  await page.goto(`/departaments/${realShop.catalogue.twoPhotos.id}`);
  await expect(page.locator('.fine-print')).toContainText('Jeder Eintrag kostet den Preis mal die gebuchte Menge');
  await expect(page.locator('.fine-print')).not.toContainText('Wartung');

  const consulting = await articleCard(page, CONSULTING);
  await expect(consulting).toContainText('95,00 € pro Stunde');
  await consulting.getByLabel('Startdatum').fill(inDays(20));
  await consulting.getByLabel('Enddatum').fill(inDays(20));
  await consulting.getByLabel('Stunden').fill('1,5');
  await consulting.getByRole('button', { name: 'Buchen' }).click();
  await expect(consulting.getByRole('status')).toContainText('Termin erfolgreich gebucht!');
  await page.goto('/payment-options');
  await expect(page.getByText('Gesamtbetrag: 142,50 €')).toBeVisible();
  await page.getByLabel('Kreditkarte (Stripe)').check();
  await page.getByRole('button', { name: 'Jetzt zahlungspflichtig bezahlen' }).click();
  await page.getByRole('button', { name: '142,50 € bezahlen' }).click();
  await page.waitForURL(/\/success\?/);
  const nextSteps = page.getByRole('region', { name: 'So geht es weiter' });
  await expect(nextSteps).toContainText('Ihre Beratung oder Dienstleistung: Wir melden uns vor dem gebuchten Termin');
  await expect(nextSteps).not.toContainText('dpi');
  await expect(nextSteps).not.toContainText('Druckdaten');
});
