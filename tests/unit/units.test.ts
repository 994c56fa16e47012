/** Units and line prices (docs/product.md#d34-units-and-quantities): the arithmetic in whole cents. */
import { describe, expect, it } from 'vitest';
import { lastDayOfTerm } from '../../src/lib/dates.ts';
import {
  formatQuantity,
  formatQuantityNumber,
  formatQuantityTimesPrice,
  type LineFacts,
  linePrice,
  parseQuantityInput,
  QUANTITY_MESSAGES,
} from '../../src/lib/units.ts';

const line: LineFacts = {
  quantity: 1,
  unit: 'flat',
  price: 0,
  discount: 0,
  entryDate: '2027-01-11',
  departureDate: '2027-01-11',
};

describe('a line price', () => {
  it('is price × quantity in cents, rounded half up', () => {
    expect(linePrice(2490, 'sqm', 2.25, 15)).toEqual({ cents: 5603, discountCents: 0 }); // 56,025 → 56,03 €
    expect(linePrice(3950, 'sqm', 1.01, 15)).toEqual({ cents: 3990, discountCents: 0 }); // 39,895 → 39,90 €
    expect(linePrice(6500, 'hour', 1.5, 15)).toEqual({ cents: 9750, discountCents: 0 });
    expect(linePrice(100_000_000, 'piece', 1000, 15).cents).toBe(100_000_000_000);
  });

  it('takes the yearly discount off a 12-month maintenance term only', () => {
    expect(linePrice(3000, 'month', 6, 15)).toEqual({ cents: 18_000, discountCents: 0 });
    expect(linePrice(3000, 'month', 12, 15)).toEqual({ cents: 30_600, discountCents: 5400 });
    expect(linePrice(3333, 'month', 12, 15)).toEqual({ cents: 33_997, discountCents: 5999 }); // 15 % of 399,96 € = 59,994 → 59,99 €
  });
});

describe('a maintenance term', () => {
  it('ends the day before the same day 6 or 12 months later, or at the end of a shorter month', () => {
    expect(lastDayOfTerm('2027-01-01', 6)).toBe('2027-06-30');
    expect(lastDayOfTerm('2027-01-01', 12)).toBe('2027-12-31');
    expect(lastDayOfTerm('2026-08-31', 6)).toBe('2027-02-28');
    expect(lastDayOfTerm('2027-08-31', 6)).toBe('2028-02-29');
  });
});

describe('a quantity', () => {
  it('reads as people type it and as the cart shows it', () => {
    expect([
      parseQuantityInput('2,25'),
      parseQuantityInput(' 12 '),
      parseQuantityInput('2.5'),
      parseQuantityInput('2,'),
    ]).toEqual([2.25, 12, 2.5, Number.NaN]);
    expect([
      formatQuantity(12, 'month'),
      formatQuantity(2.25, 'sqm'),
      formatQuantity(1, 'hour'),
      formatQuantity(3, 'piece'),
    ]).toEqual(['12 Monate', '2,25 m²', '1 Stunde', '3 Stück']);
  });

  it('reads in German form in text, and as typed in a field (docs/product.md#d24-german-ui)', () => {
    expect(formatQuantity(1000, 'sqm')).toBe('1.000 m²');
    expect(formatQuantityTimesPrice({ ...line, quantity: 1000, unit: 'sqm', price: 70 })).toBe(
      '1.000 m² × 70,00\u00a0€ pro m²',
    );
    expect(formatQuantityNumber(1000)).toBe('1000'); // a field reads "1.000" back as 1
    expect(QUANTITY_MESSAGES.tooLarge).toBe('Die Menge darf höchstens 1.000 betragen.');
  });

  it('names the yearly discount wherever a line is listed', () => {
    expect(formatQuantityTimesPrice({ ...line, quantity: 12, unit: 'month', price: 60, discount: 108 })).toBe(
      '12 Monate × 60,00\u00a0€ pro Monat, abzüglich 108,00\u00a0€ Rabatt für die Jahreszahlung',
    );
  });
});
