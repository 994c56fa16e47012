/**
 * The payments' tables: attempts at the providers, verified payments, refunds, disputes and the
 * provider events already handled.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../lib/payments.ts';
import { belongsTo, cents, createdAt, oneOf } from '../../db/columns.ts';
import { bookings } from '../bookings/bookings.tables.ts';

/** What a payment attempt and a payment share: their booking, and the provider's reference and amount. */
const providerPayment = () => ({
  bookingId: belongsTo('booking_id', () => bookings.id),
  provider: text('provider').$type<PaymentProvider>().notNull(),
  /** The provider's id of the session or order. */
  providerRef: text('provider_ref').notNull().unique(),
  amountCents: cents('amount_cents'),
  currency: text('currency').notNull(),
});

/** `pending`: the provider took the payment but has not finished it; `failed`: declined or denied. */
const PAYMENT_ATTEMPT_STATUSES = ['open', 'pending', 'completed', 'failed', 'expired'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** A provider session (Stripe Checkout Session, PayPal order) started for a booking. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    ...providerPayment(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('open'),
    createdAt: createdAt(),
    /** Set while a PayPal capture is under way: no card session may be opened for the booking meanwhile. */
    captureStartedAt: timestamp('capture_started_at', { withTimezone: true }),
    /**
     * How often PayPal declined the order's funding source at a capture: each new approval after a
     * decline is captured under a new request id (docs/product.md#d21-paypal).
     */
    declinedCaptures: integer('declined_captures').notNull().default(0),
  },
  (table) => [
    index('payment_attempts_booking_idx').on(table.bookingId),
    check('payment_attempts_provider_known', oneOf(table.provider, PAYMENT_PROVIDERS)),
    check('payment_attempts_status_known', oneOf(table.status, PAYMENT_ATTEMPT_STATUSES)),
  ],
);

/**
 * `settled`: the payment that made its booking paid. `refund_due`: money a provider took that no
 * booking can take (a second payment of a paid booking, or one whose amount or currency does not
 * fit); staff refund it (docs/product.md#d22-fulfilment). `refunded`: paid back in full
 * (docs/product.md#d33-refunds). `charged_back`: the payer won a dispute; the provider took the
 * money back (docs/product.md#d32-payment-states).
 */
const PAYMENT_STATUSES = ['settled', 'refund_due', 'refunded', 'charged_back'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A verified payment: one per provider reference, and one settled payment per booking. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    ...providerPayment(),
    status: text('status').$type<PaymentStatus>().notNull().default('settled'),
    /** Paid in a provider's test mode (the sandbox, or test keys): no real money moved. */
    testMode: boolean('test_mode').notNull().default(false),
    /** What a refund is made of: Stripe's PaymentIntent, PayPal's capture (unset for payments before refunds existed). */
    providerPaymentId: text('provider_payment_id').unique(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payments_one_settled_per_booking').on(table.bookingId).where(sql`${table.status} = 'settled'`),
    check('payments_status_known', oneOf(table.status, PAYMENT_STATUSES)),
  ],
);

/**
 * `requested`: written before the provider is asked (its idempotency key is the row's id), so a
 * crash between the two is repaired by asking again; `pending`: the provider accepted it and
 * pays it out later; `completed`; `failed` (docs/product.md#d33-refunds).
 */
const REFUND_STATUSES = ['requested', 'pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who started a refund: staff in the booking overview, or someone at the provider (its dashboard). */
const REFUND_ORIGINS = ['staff', 'provider'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

/** A full refund of a payment; at most one that has not failed per payment. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    paymentId: belongsTo('payment_id', () => payments.id),
    /** The provider's id of the refund, once it has one. */
    providerRefundId: text('provider_refund_id').unique(),
    amountCents: cents('amount_cents'),
    status: text('status').$type<RefundStatus>().notNull().default('requested'),
    origin: text('origin').$type<RefundOrigin>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('refunds_one_live_per_payment').on(table.paymentId).where(sql`${table.status} <> 'failed'`),
    check('refunds_status_known', oneOf(table.status, REFUND_STATUSES)),
    check('refunds_origin_known', oneOf(table.origin, REFUND_ORIGINS)),
  ],
);

/** `open` until the provider decides; `won`: the money stays; `lost`: it went back to the payer. */
const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/**
 * A payer's dispute of a payment at its provider (a chargeback, a PayPal claim), as the provider
 * last told it (docs/product.md#d32-payment-states).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: serial('id').primaryKey(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    paymentId: belongsTo('payment_id', () => payments.id),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** Stripe's `dp_…`, PayPal's `PP-D-…`. */
    providerDisputeId: text('provider_dispute_id').notNull().unique(),
    status: text('status').$type<DisputeStatus>().notNull(),
    /** The provider's reason code, e.g. `fraudulent`, `MERCHANDISE_OR_SERVICE_NOT_RECEIVED`. */
    reason: text('reason').notNull(),
    /** Until when the agency may answer at the provider; null when the provider names no date. */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    amountCents: cents('amount_cents'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('disputes_booking_idx').on(table.bookingId),
    check('disputes_status_known', oneOf(table.status, DISPUTE_STATUSES)),
    check('disputes_provider_known', oneOf(table.provider, PAYMENT_PROVIDERS)),
  ],
);

/** Provider events (webhooks) already handled, so a replayed event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<PaymentProvider>().notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
