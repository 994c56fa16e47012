/**
 * What an article is sold by (docs/product.md#d34-units-and-quantities): its unit, the quantity a
 * cart entry books of it, how both read, and what a line costs. The same rules for the booking
 * form, the cart and the API.
 */
import * as v from 'valibot';
import { formatAppointment } from './dates.ts';
import { formatEuros, multiplyCents } from './money.ts';
import { onFirstUse } from './on-first-use.ts';

/** Pauschal, per month (maintenance), per piece, per square metre, per hour. */
export const UNITS = ['flat', 'month', 'piece', 'sqm', 'hour'] as const;
export type Unit = (typeof UNITS)[number];

/** The units as staff choose them. */
export const UNIT_NAMES: Record<Unit, string> = {
  flat: 'pauschal',
  month: 'pro Monat',
  piece: 'pro Stück',
  sqm: 'pro m²',
  hour: 'pro Stunde',
};

/** "1.200,00 € pauschal", "30,00 € pro Monat", "24,90 € pro m²". */
export const formatUnitPrice = (euros: number, unit: Unit): string => `${formatEuros(euros)} ${UNIT_NAMES[unit]}`;

/** The terms a maintenance contract can run, in months; paid in advance (docs/product.md#d35-maintenance-terms). */
export const TERMS = [6, 12] as const;

/** The most of anything one cart entry books. */
export const MAX_QUANTITY = 1000;

/** What a booking without a quantity books: one, or the shortest term. */
export const defaultQuantity = (unit: Unit): number => (unit === 'month' ? TERMS[0] : 1);

// No thousands separator in a field: a quantity shown there must read back as itself ("1.000"
// would be 1). In text a person reads, German grouping: "1.000 m²".
const fieldNumber = onFirstUse(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2, useGrouping: false }));
const textNumber = onFirstUse(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }));

/** "2,25", "1000": a quantity as a form field shows it. */
export const formatQuantityNumber = (quantity: number): string => fieldNumber().format(quantity);

/** "12 Monate", "2,25 m²", "1.000 Stück", "1,5 Stunden", "1 Paket". */
export function formatQuantity(quantity: number, unit: Unit): string {
  const amount = textNumber().format(quantity);
  const one = quantity === 1;
  const words: Record<Unit, string> = {
    flat: one ? 'Paket' : 'Pakete',
    month: one ? 'Monat' : 'Monate',
    piece: 'Stück',
    sqm: 'm²',
    hour: one ? 'Stunde' : 'Stunden',
  };
  return `${amount} ${words[unit]}`;
}

export const QUANTITY_MESSAGES = {
  notANumber: 'Bitte geben Sie die Menge als Zahl an.',
  notPositive: 'Die Menge muss größer als 0 sein.',
  // Grouped by hand: a formatter made at import costs every page that loads this module.
  tooLarge: `Die Menge darf höchstens ${String(MAX_QUANTITY).replace(/\B(?=(\d{3})+$)/g, '.')} betragen.`,
  wholeNumber: 'Bitte geben Sie eine ganze Zahl an.',
  term: 'Wartung buchen Sie für 6 oder 12 Monate.',
  decimals: 'Die Menge darf höchstens zwei Nachkommastellen haben.',
  // Print and design are billed from one m² or one hour: so an item's 'ab' price on /preise is
  // still the least an order of it costs (docs/product.md#d24-german-ui).
  sqmBelowOne: 'Druck berechnen wir ab 1 m².',
  hourBelowOne: 'Wir berechnen mindestens eine Stunde.',
} as const;

const m = QUANTITY_MESSAGES;

const hasTwoDecimalsAtMost = (quantity: number) => Math.abs(quantity * 100 - Math.round(quantity * 100)) < 1e-6;

/** The first rule `quantity` breaks for `unit`, or undefined when it may be booked. */
export function quantityProblem(unit: Unit, quantity: number): string | undefined {
  if (!Number.isFinite(quantity)) return m.notANumber;
  if (quantity <= 0) return m.notPositive;
  if (quantity > MAX_QUANTITY) return m.tooLarge;
  if (unit === 'month') return (TERMS as readonly number[]).includes(quantity) ? undefined : m.term;
  if (unit === 'flat' || unit === 'piece') return Number.isInteger(quantity) ? undefined : m.wholeNumber;
  if (!hasTwoDecimalsAtMost(quantity)) return m.decimals;
  if (quantity < 1) return unit === 'sqm' ? m.sqmBelowOne : m.hourBelowOne;
  return undefined;
}

/** A quantity of `unit` in the API: a number, checked by `quantityProblem`. */
export const quantityOf = (unit: Unit) =>
  v.pipe(
    v.number(m.notANumber),
    v.rawCheck(({ dataset, addIssue }) => {
      const problem = dataset.typed ? quantityProblem(unit, dataset.value) : undefined;
      if (problem) addIssue({ message: problem });
    }),
  );

/** A quantity in whole hundredths (2,25 m² → 225), so a price times it stays in integers. */
const toHundredths = (quantity: number): number => Math.round(quantity * 100);

/** A quantity as a person types it: "2,25", "2.25", "12"; NaN for anything else (the rules then report it). */
export function parseQuantityInput(text: string): number {
  const value = text.trim().replace(/\s/g, '');
  return /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : Number.NaN;
}

/** A quantity of `unit` in a form: the text as typed, then the API's rules. */
export const typedQuantityOf = (unit: Unit) => v.pipe(v.string(), v.transform(parseQuantityInput), quantityOf(unit));

/** What one line of a cart or an order costs: price × quantity, less the yearly discount of a 12-month term. */
export interface LinePrice {
  cents: number;
  /** Taken off for a 12-month maintenance term, as /preise promises; 0 otherwise. */
  discountCents: number;
}

/**
 * Price × quantity in cents, rounded half up; a maintenance term of 12 months, paid yearly, gets
 * the yearly discount (`yearlyDiscountPercent`, content/pricing.yaml), rounded the same way.
 */
export function linePrice(priceCents: number, unit: Unit, quantity: number, yearlyDiscountPercent: number): LinePrice {
  const full = multiplyCents(priceCents, toHundredths(quantity));
  const yearly = unit === 'month' && quantity === TERMS[1];
  const discountCents = yearly ? multiplyCents(full, yearlyDiscountPercent) : 0;
  return { cents: full - discountCents, discountCents };
}

/** What a line of a cart or an order reads in every place that lists one. */
export interface LineFacts {
  quantity: number;
  unit: Unit;
  /** Euros for one unit. */
  price: number;
  /** Euros taken off for a 12-month term (the yearly discount); 0 otherwise. */
  discount: number;
  entryDate: string;
  departureDate: string;
}

/**
 * "2,25 m² × 24,90 € pro m²", "1 Paket × 1.200,00 € pauschal", "12 Monate × 60,00 € pro Monat,
 * abzüglich 108,00 € Rabatt für die Jahreszahlung": the discount wherever the line is, so the
 * line price always follows from what it says (docs/product.md#d35-maintenance-terms).
 */
export const formatQuantityTimesPrice = ({ quantity, unit, price, discount }: LineFacts): string =>
  `${formatQuantity(quantity, unit)} × ${formatUnitPrice(price, unit)}${
    discount > 0 ? `, abzüglich ${formatEuros(discount)} Rabatt für die Jahreszahlung` : ''
  }`;

/** A maintenance term: "Laufzeit 6 Monate, 01.01.2027 – 30.06.2027"; anything else: "Termin 11.01.2027 – 15.01.2027". */
export const formatPeriod = ({ quantity, unit, entryDate, departureDate }: LineFacts): string =>
  unit === 'month'
    ? `Laufzeit ${formatQuantity(quantity, unit)}, ${formatAppointment(entryDate, departureDate)}`
    : `Termin ${formatAppointment(entryDate, departureDate)}`;

/** One booked line as lists show it: "Banner: 2,25 m² × 24,90 € pro m², Termin 11.01.2027 – 15.01.2027: 56,03 €". */
export const formatLine = (type: string, facts: LineFacts & { linePrice: number }): string =>
  `${type}: ${formatQuantityTimesPrice(facts)}, ${formatPeriod(facts)}: ${formatEuros(facts.linePrice)}`;
