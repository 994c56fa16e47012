/** Booking form and POST /cart/article/{id} (SPEC §5 Booking, DESIGN D5). */
import * as v from 'valibot';
import { addYears, isIsoDate, todayInGermany } from '../dates.ts';
import { present } from './fields.ts';

export const BOOKING_MESSAGES = {
  entryDateRequired: 'Startdatum des Begriffs!',
  departureDateRequired: 'Enddatum des Begriffs!',
  entryDateInPast: 'Das Startdatum darf nicht in der Vergangenheit liegen.',
  entryDateTooFar: 'Das Startdatum darf höchstens zwei Jahre in der Zukunft liegen.',
  departureBeforeEntry: 'Das Enddatum darf nicht vor dem Startdatum liegen.',
  departureTooFar: 'Ein Termin darf höchstens ein Jahr dauern.',
} as const;

const m = BOOKING_MESSAGES;

const isoDate = (required: string) => v.pipe(v.string(required), v.trim(), v.check(isIsoDate, required));

export const BookingSchema = v.pipe(
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
      (input) => input.departureDate >= input.entryDate,
      m.departureBeforeEntry,
    ),
    ['departureDate'],
  ),
  v.forward(
    v.partialCheck(
      [['entryDate'], ['departureDate']],
      (input) => input.departureDate <= addYears(input.entryDate, 1),
      m.departureTooFar,
    ),
    ['departureDate'],
  ),
);
export type Booking = v.InferOutput<typeof BookingSchema>;
