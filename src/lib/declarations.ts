/**
 * What every consumer's declaration shares (docs/product.md#d31-consumer-law,
 * #d35-maintenance-terms): who sends it (name, e-mail for the receipt), the order it names, the
 * time it was received. A withdrawal (withdrawals.ts) and a cancellation (cancellations.ts) add
 * their own content; both are sent without an account and confirmed at once on a durable medium.
 */
import * as v from 'valibot';
import { AGENCY_TIME_ZONE } from './dates.ts';
import { onFirstUse } from './on-first-use.ts';
import { present } from './schema-fields.ts';

export const DECLARATION_MESSAGES = {
  nameRequired: 'Bitte geben Sie Ihren Namen an.',
  nameTooLong: 'Der Name darf höchstens 100 Zeichen lang sein.',
  nameLetters:
    'Bitte geben Sie Ihren Namen in Buchstaben an (Leerzeichen, Punkt, Bindestrich und Apostroph sind erlaubt).',
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse an: Dorthin schicken wir die Eingangsbestätigung.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  bookingNumberTooLong: 'Die Bestellnummer darf höchstens 40 Zeichen lang sein.',
  reasonTooLong: 'Der Grund darf höchstens 2.000 Zeichen lang sein.',
} as const;

const m = DECLARATION_MESSAGES;

/** A booking number as customers type it ("hwds-7k3m 9q2x") in the form bookings carry it. */
export const normaliseBookingNumber = (typed: string): string => typed.toUpperCase().replace(/\s+/g, '');

const text = (required: string) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required));

/** A free text that may stay empty. */
export const optionalText = (max: number, tooLong: string) =>
  v.optional(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong)), '');

/** A reason in the sender's words: up to 2,000 characters. */
export const reasonText = () => optionalText(2000, m.reasonTooLong);

/**
 * A person's name in any alphabet ("Dr. Zoë O’Brien-Şahin", "Анна Иванова"): words of letters
 * joined by spaces, dots, hyphens and apostrophes; no digits, symbols or emoji.
 */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ .'’-]+[\p{L}\p{M}]+)*\.?$/u;

/** The sender and the order, as every declaration's schema starts. */
export const declarantEntries = {
  name: present(v.pipe(text(m.nameRequired), v.maxLength(100, m.nameTooLong), v.regex(PERSON_NAME, m.nameLetters))),
  email: present(v.pipe(text(m.emailRequired), v.maxLength(254, m.emailInvalid), v.email(m.emailInvalid))),
  /** Identifies the contract; a declaration without one is received all the same. */
  orderNumber: v.pipe(
    optionalText(40, m.bookingNumberTooLong),
    v.transform((typed) => normaliseBookingNumber(typed)),
  ),
};

/** A received declaration as its sender sees it: what every view starts with. */
export const declarationViewEntries = {
  id: v.number(),
  /** When it was received (ISO timestamp): the date and time the receipt states. */
  receivedAt: v.string(),
  name: v.string(),
  email: v.string(),
  orderNumber: v.string(),
};

/** What staff see beyond the sender's view. */
export const adminDeclarationEntries = {
  /** The order it was matched to (its number and its account's address), or null. */
  bookingId: v.nullable(v.number()),
};

const receiptTime = onFirstUse(
  () => new Intl.DateTimeFormat('de-DE', { timeZone: AGENCY_TIME_ZONE, dateStyle: 'long', timeStyle: 'medium' }),
);

/** "26. November 2026 um 14:03:12 Uhr": when a declaration was received, as the receipt states it. */
export const formatReceiptTime = (timestamp: string): string => `${receiptTime().format(new Date(timestamp))} Uhr`;

/** The query parameter with which the profile's and the confirmation mail's links fill in the order. */
export const BOOKING_NUMBER_PARAMETER = 'bestellung';
