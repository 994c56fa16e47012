/**
 * Money: integer cents in the database, euros as numbers in the API, German format on screen
 * (docs/product.md#d4-money). Shared by the server and the browser.
 */
import { onFirstUse } from './on-first-use.ts';

/** The largest amount anything in the shop may cost: 1 million euros. */
const MAX_EUROS = 1_000_000;

/**
 * The most one order may cost: what a payment provider takes in one payment (Stripe's limit for
 * EUR, 999.999,99 €). A cart that would cost more cannot be ordered (docs/product.md#h4-cart-limits).
 */
export const MAX_BOOKING_CENTS = 99_999_999;

export const BOOKING_TOO_LARGE_MESSAGE =
  'Diese Bestellung übersteigt den Höchstbetrag einer Online-Zahlung (999.999,99 €). Bitte entfernen Sie Einträge aus dem Warenkorb oder schreiben Sie uns.';

/** True for a non-negative euro amount with at most two decimals, up to MAX_EUROS. */
export function isEuroAmount(value: number): boolean {
  return (
    Number.isFinite(value) && value >= 0 && value <= MAX_EUROS && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
  );
}

export function eurosToCents(euros: number): number {
  if (!isEuroAmount(euros)) throw new RangeError(`Not a euro amount: ${euros}`);
  return Math.round(euros * 100);
}

export const centsToEuros = (cents: number): number => cents / 100;

/**
 * `cents` × `hundredths` / 100 in whole cents, rounded half up: a price times a quantity of up
 * to two decimals (24,90 € × 2,25 = 56,03 €), or a percentage of an amount. Integers throughout,
 * so no binary fraction decides a cent. For amounts and factors that are not negative.
 */
export const multiplyCents = (cents: number, hundredths: number): number => Math.floor((cents * hundredths + 50) / 100);

/**
 * A euro amount as a person types it in a German form: "1.200,50", "1200,5", "1200" or "1200.50";
 * NaN for anything else (the form's rules then report it).
 */
export function parseEuroInput(text: string): number {
  const value = text.trim().replace(/\s|€/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value) || /^\d+(,\d{1,2})?$/.test(value)) {
    return Number(value.replace(/\./g, '').replace(',', '.'));
  }
  return /^\d+(\.\d{1,2})?$/.test(value) ? Number(value) : Number.NaN;
}

const withCents = onFirstUse(() => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }));
const wholeEuros = onFirstUse(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }));

/** "1.200,00 €"; anything that is not a finite number shows as "0,00 €" (the spec's 0.00 rule). */
export function formatEuros(euros: unknown): string {
  return withCents().format(typeof euros === 'number' && Number.isFinite(euros) ? euros : 0);
}

/** "50 €": amounts in the price ranges and their notes, without cents. */
export const formatWholeEuros = (euros: number): string => `${wholeEuros().format(euros)} €`;

/** "30–60 €", "ab 200 €": ranges on the price pages, without cents. */
export function formatEuroRange(from: number, to?: number): string {
  return to === undefined ? `ab ${formatWholeEuros(from)}` : `${wholeEuros().format(from)}–${formatWholeEuros(to)}`;
}

/** How prices are taxed, as content/site.yaml says: VAT included, or the small-business rule of § 19 UStG. */
export type VatSetting = { mode: 'included'; ratePercent: number } | { mode: 'smallBusiness' };

/** The price note the PAngV requires wherever prices are listed (pages, cart, confirmation mail). */
export function vatNote(vat: VatSetting): string {
  return vat.mode === 'included'
    ? `Alle Preise in Euro inklusive ${vat.ratePercent.toLocaleString('de-DE')} % Umsatzsteuer.`
    : 'Alle Preise in Euro. Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.';
}
