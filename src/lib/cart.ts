/**
 * What a cart entry books: its dates and its quantity, shared by the add-to-cart form and
 * POST /cart/article/{id} (docs/product.md#d5-booking-dates, #h4-cart-limits,
 * #d34-units-and-quantities).
 */
import * as v from 'valibot';
import { addYears, isIsoDate, lastDayOfTerm, todayInGermany } from './dates.ts';
import { present } from './schema-fields.ts';
import { defaultQuantity, quantityOf, typedQuantityOf, type Unit } from './units.ts';

export const CART_ENTRY_MESSAGES = {
  entryDateRequired: 'Bitte wählen Sie ein Startdatum.',
  departureDateRequired: 'Bitte wählen Sie ein Enddatum.',
  entryDateInPast: 'Das Startdatum darf nicht in der Vergangenheit liegen.',
  entryDateTooFar: 'Das Startdatum darf höchstens zwei Jahre in der Zukunft liegen.',
  departureBeforeEntry: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  departureTooFar: 'Ein Termin darf höchstens ein Jahr dauern.',
} as const;

const m = CART_ENTRY_MESSAGES;

const isoDate = (required: string) =>
  v.pipe(v.string(required), v.trim(), v.check(isIsoDate, required), v.metadata({ format: 'date' }));

/** A rule between the two dates; it speaks only when both are real dates (their own rules report the rest). */
const bothDates =
  (rule: (entryDate: string, departureDate: string) => boolean) =>
  ({ entryDate, departureDate }: { entryDate: string; departureDate: string }) =>
    !isIsoDate(entryDate) || !isIsoDate(departureDate) || rule(entryDate, departureDate);

const entryDate = present(
  v.pipe(
    isoDate(m.entryDateRequired),
    v.check((date) => date >= todayInGermany(), m.entryDateInPast),
    v.check((date) => date <= addYears(todayInGermany(), 2), m.entryDateTooFar),
  ),
);

type QuantitySchema = v.GenericSchema<unknown, number>;

const departureDate = present(isoDate(m.departureDateRequired));

/** Both dates and the rules between them, with the quantity `quantity` allows. */
const datesInOrder = (quantity: QuantitySchema) =>
  v.pipe(
    v.object({ entryDate, departureDate, quantity }),
    v.forward(
      v.partialCheck(
        [['entryDate'], ['departureDate']],
        bothDates((entry, departure) => departure >= entry),
        m.departureBeforeEntry,
      ),
      ['departureDate'],
    ),
    v.forward(
      v.partialCheck(
        [['entryDate'], ['departureDate']],
        bothDates((entry, departure) => departure <= addYears(entry, 1)),
        m.departureTooFar,
      ),
      ['departureDate'],
    ),
  );

/** What a cart entry books (the API's quantity is a number; the form's a typed text). */
export interface CartEntryInput {
  entryDate: string;
  /** Left out for a maintenance term: it ends with the term (`departureOf`). */
  departureDate?: string;
  quantity: number;
}

/** A maintenance term only starts on a date; it ends by itself, so an end date sent for it is ignored. */
const forUnit = (unit: Unit, quantity: QuantitySchema): v.GenericSchema<unknown, CartEntryInput> =>
  unit === 'month' ? v.object({ entryDate, quantity }) : datesInOrder(quantity);

/**
 * POST /cart/article/{id} for an article sold by `unit`: the dates and the quantity (left out:
 * one, or the shortest term, as the earlier client books).
 */
export const cartEntrySchema = (unit: Unit) => forUnit(unit, v.optional(quantityOf(unit), defaultQuantity(unit)));

/** The add-to-cart form of an article sold by `unit`: the same rules, the quantity as typed ("2,25"). */
export const cartEntryFormSchema = (unit: Unit) => forUnit(unit, typedQuantityOf(unit));

/** The last day an entry books: its end date, or the end of its maintenance term. */
export const departureOf = (unit: Unit, { entryDate, departureDate, quantity }: CartEntryInput): string =>
  unit === 'month' || departureDate === undefined ? lastDayOfTerm(entryDate, quantity) : departureDate;
