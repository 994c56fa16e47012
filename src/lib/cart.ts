/**
 * The dates of a cart entry, shared by the booking form and POST /cart/article/{id}
 * (docs/product.md#d5-booking-dates, #h4-cart-limits).
 */
import * as v from 'valibot';
import { addYears, isIsoDate, todayInGermany } from './dates.ts';
import { present } from './schema-fields.ts';

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

export const CartEntryDatesSchema = v.pipe(
  v.object({
    entryDate: present(
      v.pipe(
        isoDate(m.entryDateRequired),
        v.check((date) => date >= todayInGermany(), m.entryDateInPast),
        v.check((date) => date <= addYears(todayInGermany(), 2), m.entryDateTooFar),
      ),
    ),
    departureDate: present(isoDate(m.departureDateRequired)),
  }),
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
/** When a booked appointment starts and ends (ISO dates). */
export type CartEntryDates = v.InferOutput<typeof CartEntryDatesSchema>;
