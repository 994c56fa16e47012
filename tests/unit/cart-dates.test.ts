/** The rules of a cart entry's dates (docs/product.md#d5-booking-dates), as form and API use them. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { firstErrors } from '../../src/islands/forms/use-form.ts';
import { cartEntrySchema, CART_ENTRY_MESSAGES as m } from '../../src/lib/cart.ts';
import { addYears, todayInGermany } from '../../src/lib/dates.ts';

const today = todayInGermany();
const errorsOf = (input: Record<string, string>) => {
  const result = v.safeParse(cartEntrySchema('flat'), input);
  return result.success ? {} : firstErrors(result.issues);
};

describe('the dates of a cart entry', () => {
  it('accepts today to today, and an appointment of up to one year', () => {
    expect(errorsOf({ entryDate: today, departureDate: today })).toEqual({});
    expect(errorsOf({ entryDate: today, departureDate: addYears(today, 1) })).toEqual({});
  });

  it.each([
    [
      { entryDate: '', departureDate: '' },
      { entryDate: m.entryDateRequired, departureDate: m.departureDateRequired },
    ],
    [{ entryDate: '', departureDate: today }, { entryDate: m.entryDateRequired }],
    [{ entryDate: today, departureDate: '' }, { departureDate: m.departureDateRequired }],
    [{ entryDate: '2026-02-30', departureDate: today }, { entryDate: m.entryDateRequired }],
    [{ entryDate: addYears(today, 3), departureDate: addYears(today, 3) }, { entryDate: m.entryDateTooFar }],
    [{ entryDate: addYears(today, 1), departureDate: today }, { departureDate: m.departureBeforeEntry }],
    [{ entryDate: today, departureDate: addYears(addYears(today, 1), 1) }, { departureDate: m.departureTooFar }],
  ])('reports %j as %j, whatever state the other field is in', (input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });
});
