/**
 * The database schema (Drizzle, PostgreSQL dialect: PGlite embedded or a PostgreSQL server).
 * Money is integer cents. Rules that must hold whatever the code does live here as constraints.
 * Migrations are generated from this file: `npm run db:generate`. Words the API answers with
 * (roles, booking statuses, payment providers, units…) come from the contracts and src/lib, the
 * browser's sources too (docs/product.md#d26-code-layout); states only the server sees are defined here.
 */
import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  type PgDatabase,
  type PgQueryResultHKT,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BillingAddress } from '../../lib/billing-address.ts';
import { CANCELLATION_KINDS, type CancellationKind } from '../../lib/cancellations.ts';
import type { InvoiceKind } from '../../lib/invoices.ts';
import { INVOICE_KINDS } from '../../lib/invoices.ts';
import {
  FILE_SLOTS,
  FILE_TYPES,
  type FileSlot,
  type FileType,
  type ItemMaterials,
  PROGRESS_STEPS,
  type ProgressStep,
} from '../../lib/materials.ts';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../lib/payments.ts';
import { PRODUCT_KINDS, type ProductKind } from '../../lib/product-kinds.ts';
import { UNITS, type Unit } from '../../lib/units.ts';
import { ROLE_NAMES, type RoleName } from '../features/accounts/accounts.views.ts';
import { BOOKING_STATUSES, type BookingStatus } from '../features/bookings/bookings.views.ts';
import type { InvoiceDocument } from '../features/invoices/invoice-document.ts';
import type { FileAnalysis } from '../features/materials/file-analysis.ts';
import type * as tables from './schema.ts';

/** The database handle every service takes: PGlite or PostgreSQL behind the same Drizzle API. */
export type Database = PgDatabase<PgQueryResultHKT, typeof tables>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
const belongsTo = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

/** `column in ('a', 'b')` for a CHECK constraint, from the list the code uses. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: belongsTo('user_id', () => users.id),
    name: text('name').$type<RoleName>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.name] }),
    check('user_roles_name_known', oneOf(table.name, ROLE_NAMES)),
  ],
);

/**
 * A login: access tokens name it (claim `sid`) and die with it; the refresh token rotates. Only the
 * SHA-256 of the session id is stored, as of every token (docs/product.md#h3-token-lifetimes).
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Refresh tokens a session has rotated away from. One coming back means it was copied: the
 * session (the token family) ends (docs/product.md#h3-token-lifetimes).
 */
export const retiredRefreshTokens = pgTable('retired_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionIdHash: text('session_id_hash')
    .notNull()
    .references(() => sessions.idHash, { onDelete: 'cascade', onUpdate: 'cascade' }),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

const ONE_TIME_TOKEN_PURPOSES = ['confirm_email', 'reset_password'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** E-mail confirmation codes and password reset tokens: stored hashed, expiring, single use. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('one_time_tokens_user_idx').on(table.userId, table.purpose),
    check('one_time_tokens_purpose_known', oneOf(table.purpose, ONE_TIME_TOKEN_PURPOSES)),
  ],
);

export const categories = pgTable('departaments', {
  id: serial('id').primaryKey(),
  number: text('number').notNull().unique(),
  type: text('type').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});

/**
 * The catalogue's revision: triggers of the database move it on every changed row of categories,
 * articles and images, whoever changes them, so a server may keep the catalogue it has read until
 * it moves (docs/product.md#h10-delivery-and-caching). It only grows (never below the clock in µs,
 * so not even a restore brings back a revision a server has seen). One row.
 */
export const catalogueRevision = pgTable(
  'catalogue_revision',
  {
    id: integer('id').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (table) => [check('catalogue_revision_one_row', sql`${table.id} = 1`)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: belongsTo('departament_id', () => categories.id),
    number: text('number').notNull(),
    type: text('type').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** What the price is for (docs/product.md#d34-units-and-quantities). */
    unit: text('unit').$type<Unit>().notNull().default('flat'),
    /** What is sold: website, maintenance, print or service (docs/product.md#d36-next-steps). */
    kind: text('kind').$type<ProductKind>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('articles_number_per_departament').on(table.categoryId, table.number),
    check('articles_price_not_negative', sql`${table.priceCents} >= 0`),
    check('articles_unit_known', oneOf(table.unit, UNITS)),
    check('articles_kind_known', oneOf(table.kind, PRODUCT_KINDS)),
    check('articles_maintenance_by_month', sql`(${table.kind} = 'maintenance') = (${table.unit} = 'month')`),
  ],
);

/** An uploaded image belongs to exactly one category or one article. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('departament_id').references(() => categories.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('images_departament_idx').on(table.categoryId),
    index('images_article_idx').on(table.articleId),
    check('images_one_owner', sql`num_nonnulls(${table.categoryId}, ${table.articleId}) = 1`),
  ],
);

/** The catalogue as a tree, so that a category with its articles and images is read in one query. */
export const categoryRelations = relations(categories, ({ many }) => ({
  articles: many(articles),
  images: many(images),
}));

export const articleRelations = relations(articles, ({ one, many }) => ({
  category: one(categories, { fields: [articles.categoryId], references: [categories.id] }),
  images: many(images),
}));

export const imageRelations = relations(images, ({ one }) => ({
  category: one(categories, { fields: [images.categoryId], references: [categories.id] }),
  article: one(articles, { fields: [images.articleId], references: [articles.id] }),
}));

/** How many of the article's unit (12 months, 2,25 m²): a decimal with two places, exact as invoices need it. */
const quantity = () => numeric('quantity', { precision: 9, scale: 2, mode: 'number' }).notNull().default(1);

export const cartEntries = pgTable(
  'cart_entries',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    articleId: belongsTo('article_id', () => articles.id),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    quantity: quantity(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('cart_entries_no_duplicates').on(table.userId, table.articleId, table.entryDate, table.departureDate),
    check('cart_entries_dates_in_order', sql`${table.departureDate} >= ${table.entryDate}`),
    check('cart_entries_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** Sums of cents: 50 entries of up to 1 million euros exceed an integer column. */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** An order: the cart at the moment it was ordered, with prices frozen in its items. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    bookingNumber: text('booking_number').notNull().unique(),
    status: text('status').$type<BookingStatus>().notNull(),
    totalCents: cents('total_cents'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How it was paid, once it is paid. */
    paymentMethod: text('payment_method').$type<PaymentProvider>(),
    /**
     * When the customer asked for a start within the withdrawal period and acknowledged what it
     * means (docs/product.md#d31-consumer-law); null when no appointment starts that early.
     */
    earlyStartConsentAt: timestamp('early_start_consent_at', { withTimezone: true }),
    /** The billing address the order was paid with, copied when its payment started (docs/product.md#d37-invoices). */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
  },
  (table) => [
    index('bookings_user_idx').on(table.userId),
    index('bookings_created_idx').on(table.createdAt),
    check('bookings_status_known', oneOf(table.status, BOOKING_STATUSES)),
    check('bookings_total_not_negative', sql`${table.totalCents} >= 0`),
    check('bookings_payment_method_known', oneOf(table.paymentMethod, PAYMENT_PROVIDERS)),
  ],
);

export const bookingItems = pgTable(
  'booking_items',
  {
    id: serial('id').primaryKey(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    /** Kept as a reference while the article exists; the copy below is what was ordered. */
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    categoryId: integer('departament_id').notNull(),
    articleNumber: text('article_number').notNull(),
    articleType: text('article_type').notNull(),
    /** The price of one unit. */
    priceCents: integer('price_cents').notNull(),
    unit: text('unit').$type<Unit>().notNull().default('flat'),
    /** The article's kind when it was ordered: what the customer does next (docs/product.md#d36-next-steps). */
    kind: text('kind').$type<ProductKind>().notNull(),
    quantity: quantity(),
    /** The yearly discount of a 12-month maintenance term taken off the line (docs/product.md#d35-maintenance-terms). */
    discountCents: cents('discount_cents').default(0),
    /** What the line costs: price × quantity, less the discount. */
    lineCents: cents('line_cents'),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    /** When the reminder to renew the maintenance term was queued: once per term, whatever the senders. */
    renewalRemindedAt: timestamp('renewal_reminded_at', { withTimezone: true }),
  },
  (table) => [
    index('booking_items_booking_idx').on(table.bookingId),
    index('booking_items_renewal_due_idx')
      .on(table.departureDate)
      .where(sql`${table.unit} = 'month' and ${table.renewalRemindedAt} is null`),
    check('booking_items_unit_known', oneOf(table.unit, UNITS)),
    check('booking_items_kind_known', oneOf(table.kind, PRODUCT_KINDS)),
    check('booking_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/**
 * Asks for a password reset link, as typed, known address or not: the answer only queues the
 * request, so it takes the same time for every address; the mail sender turns known ones into a
 * link and a mail (docs/product.md#d14-account-security).
 */
export const passwordResetRequests = pgTable('password_reset_requests', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  createdAt: createdAt(),
});

/** A customer's billing address: the one the next order's invoice names (docs/product.md#d37-invoices). */
export const billingAddresses = pgTable('billing_addresses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  company: text('company').notNull(),
  street: text('street').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  vatId: text('vat_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last invoice number of each calendar year. Taking the next one updates the year's row, which
 * holds it locked until the transaction that marks the order paid commits or rolls back: numbers
 * are consecutive, without gaps or duplicates, on any number of replicas (docs/product.md#d37-invoices).
 */
export const invoiceSequences = pgTable('invoice_sequences', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Issued invoices and correcting invoices, kept for good (§ 14b UStG asks for eight years at least):
 * nothing deletes them, and an order with an invoice cannot be deleted. `document` is everything
 * the invoice says, fixed when it was issued; its PDF is made from it once and stored.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /** Set while a process makes the PDF; another may take over once it has passed. */
    pdfClaimedUntil: timestamp('pdf_claimed_until', { withTimezone: true }),
    /** When the PDF was stored: from then on it is only read. */
    pdfStoredAt: timestamp('pdf_stored_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invoices_one_per_kind_and_booking').on(table.bookingId, table.kind),
    check('invoices_kind_known', oneOf(table.kind, INVOICE_KINDS)),
  ],
);

/** Counters for rate limits, shared by every API replica through the database. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Small facts about the installation, e.g. that the catalogue was seeded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

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

/**
 * Mails waiting to be sent, written in the same transaction as the change that causes them; a
 * sender claims due rows, sends them and marks them sent.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender that took the row holds it until then; after that another may retry it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The invoice whose PDF the mail carries, attached when it is sent. */
    invoiceNumber: text('invoice_number'),
  },
  (table) => [index('mail_queue_due_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);

/**
 * State of the payment providers' emulators (the sandbox), kept in the database so that every
 * replica serves the same sessions and orders: one JSON document per kind and id.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
);

/** What every consumer's declaration keeps (docs/product.md#d31-consumer-law): sender, order, time of receipt. */
const declaration = () => ({
  id: serial('id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** As the sender gave it (normalised), possibly empty. */
  orderNumber: text('order_number').notNull(),
  /** The booking of that number whose account has the sender's address, if any. */
  bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
});

/**
 * Withdrawal declarations of consumers (docs/product.md#d31-consumer-law), each kept as it was
 * received, whether or not it names an order of its sender: a declaration is never refused. The
 * booking it was matched to (booking number and the account's e-mail address) counts as withdrawn
 * from the first one's time.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    ...declaration(),
    reason: text('reason').notNull(),
  },
  (table) => [
    index('withdrawals_booking_idx').on(table.bookingId),
    index('withdrawals_received_idx').on(table.receivedAt),
  ],
);

/**
 * Cancellations through the cancellation button (§ 312k BGB, docs/product.md#d35-maintenance-terms),
 * each kept as it was received, like a withdrawal. A matched booking with a maintenance term ends
 * on `contract_ends_on`, the day the receipt stated.
 */
export const cancellations = pgTable(
  'cancellations',
  {
    ...declaration(),
    kind: text('kind').$type<CancellationKind>().notNull(),
    /** The important reason of an extraordinary cancellation; empty for an ordinary one. */
    reason: text('reason').notNull(),
    /** The day the sender wished the contract to end; null: the earliest possible. */
    endDate: date('end_date', { mode: 'string' }),
    contractEndsOn: date('contract_ends_on', { mode: 'string' }),
  },
  (table) => [
    index('cancellations_booking_idx').on(table.bookingId),
    index('cancellations_received_idx').on(table.receivedAt),
    check('cancellations_kind_known', oneOf(table.kind, CANCELLATION_KINDS)),
  ],
);

/**
 * Where a paid order stands after the payment (docs/product.md#d36-next-steps): one row per order,
 * made in the transaction that marks it paid. Staff move it on; the customer's hand-over moves it
 * to 'materials_complete'. The schedule reminds once (`reminded_at`) and deletes the files after
 * the retention period (`files_removed_at`).
 */
export const orderProgress = pgTable(
  'order_progress',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    step: text('step').$type<ProgressStep>().notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    siteUrl: text('site_url').notNull().default(''),
    startedOn: date('started_on', { mode: 'string' }),
    /** What staff asked for when they sent the order back to 'materials_missing'. */
    note: text('note').notNull().default(''),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the reminder about missing materials was queued: once per order. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the schedule first saw the order take no materials any more (refunded, withdrawn, …). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    filesRemovedAt: timestamp('files_removed_at', { withTimezone: true }),
  },
  (table) => [check('order_progress_step_known', oneOf(table.step, PROGRESS_STEPS))],
);

/** What the customer typed for one ordered item (its kind's fields), as the last save left it. */
export const itemMaterials = pgTable(
  'item_materials',
  {
    bookingItemId: integer('booking_item_id')
      .primaryKey()
      .references(() => bookingItems.id, { onDelete: 'cascade' }),
    bookingId: belongsTo('booking_id', () => bookings.id),
    data: jsonb('data').$type<ItemMaterials>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('item_materials_booking_idx').on(table.bookingId)],
);

/**
 * A customer's file of an ordered item, stored in the blob store under `blob_key` (server-made);
 * a print file keeps what its check on arrival found (`analysis`) and whether the customer accepted
 * its warnings for the format they gave (`accepted_for`).
 */
export const materialFiles = pgTable(
  'material_files',
  {
    id: serial('id').primaryKey(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    bookingItemId: belongsTo('booking_item_id', () => bookingItems.id),
    slot: text('slot').$type<FileSlot>().notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').$type<FileType>().notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    blobKey: text('blob_key').notNull().unique(),
    analysis: jsonb('analysis').$type<FileAnalysis>(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The final format ("100x70") the customer accepted the warnings for. */
    acceptedFor: text('accepted_for'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('material_files_booking_idx').on(table.bookingId),
    index('material_files_item_idx').on(table.bookingItemId, table.slot),
    check('material_files_slot_known', oneOf(table.slot, FILE_SLOTS)),
    check('material_files_type_known', oneOf(table.fileType, FILE_TYPES)),
  ],
);

/**
 * An upload under way, sent in parts (resumable): the parts received are blobs `upload-{id}-{offset}`
 * until the last one arrives and the file is checked and stored. `busy_until` claims the upload for
 * the request sending a part, so two sending the same part never both count it.
 */
export const materialUploads = pgTable(
  'material_uploads',
  {
    id: text('id').primaryKey(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    bookingItemId: belongsTo('booking_item_id', () => bookingItems.id),
    slot: text('slot').$type<FileSlot>().notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    /** The stored file, once the last part arrived. */
    fileId: integer('file_id').references(() => materialFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('material_uploads_booking_idx').on(table.bookingId),
    check('material_uploads_slot_known', oneOf(table.slot, FILE_SLOTS)),
    check('material_uploads_received_in_size', sql`${table.received} between 0 and ${table.size}`),
  ],
);
