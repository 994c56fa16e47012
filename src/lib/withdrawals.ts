/**
 * A consumer's withdrawal declaration (docs/product.md#d31-consumer-law): the same rules for the
 * form and POST /withdrawals, and the views of a received one. The period: withdrawal-period.ts.
 */
import * as v from 'valibot';
import { AGENCY_TIME_ZONE } from './dates.ts';
import { present } from './schema-fields.ts';

export const WITHDRAWAL_MESSAGES = {
  nameRequired: 'Bitte geben Sie Ihren Namen an.',
  nameTooLong: 'Der Name darf höchstens 100 Zeichen lang sein.',
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse an: Dorthin schicken wir die Eingangsbestätigung.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse an.',
  orderNumberTooLong: 'Die Bestellnummer darf höchstens 40 Zeichen lang sein.',
  reasonTooLong: 'Der Grund darf höchstens 2.000 Zeichen lang sein.',
} as const;

const m = WITHDRAWAL_MESSAGES;

/** An order number as customers type it ("hwds-7k3m 9q2x") in the form bookings carry it. */
export const normaliseOrderNumber = (typed: string): string => typed.toUpperCase().replace(/\s+/g, '');

const text = (required: string) => v.pipe(v.string(required), v.trim(), v.nonEmpty(required));
const optionalText = (max: number, tooLong: string) =>
  v.optional(v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong)), '');

export const WithdrawalSchema = v.object({
  name: present(v.pipe(text(m.nameRequired), v.maxLength(100, m.nameTooLong))),
  email: present(v.pipe(text(m.emailRequired), v.maxLength(254, m.emailInvalid), v.email(m.emailInvalid))),
  /** Identifies the contract; a declaration without one is received all the same. */
  orderNumber: v.pipe(
    optionalText(40, m.orderNumberTooLong),
    v.transform((typed) => normaliseOrderNumber(typed)),
  ),
  reason: optionalText(2000, m.reasonTooLong),
});
export type WithdrawalDeclaration = v.InferOutput<typeof WithdrawalSchema>;

/** A received declaration, as POST /withdrawals answers it and the confirmation page shows it. */
export const WithdrawalViewSchema = v.pipe(
  v.object({
    id: v.number(),
    /** When it was received (ISO timestamp): the date and time the receipt states. */
    receivedAt: v.string(),
    name: v.string(),
    email: v.string(),
    orderNumber: v.string(),
    reason: v.string(),
  }),
  v.metadata({ ref: 'Withdrawal' }),
);
export type WithdrawalView = v.InferOutput<typeof WithdrawalViewSchema>;

/** A declaration as staff see it. */
export const AdminWithdrawalViewSchema = v.pipe(
  v.object({
    ...WithdrawalViewSchema.entries,
    /** The order it was matched to (its number and its account's address), or null. */
    bookingId: v.nullable(v.number()),
    /** Whether it was sent within the matched order's withdrawal period; null without an order. */
    inPeriod: v.nullable(v.boolean()),
  }),
  v.metadata({ ref: 'AdminWithdrawal' }),
);
export type AdminWithdrawalView = v.InferOutput<typeof AdminWithdrawalViewSchema>;

const receiptTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'medium',
});

/** "26. November 2026 um 14:03:12": when a declaration was received, as the receipt states it. */
export const formatReceiptTime = (timestamp: string): string => `${receiptTime.format(new Date(timestamp))} Uhr`;
