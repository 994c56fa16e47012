/**
 * The bookings' tables: an order and its items, with prices frozen when it was ordered.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BillingAddress } from '../../../lib/billing-address.ts';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../lib/payments.ts';
import { PRODUCT_KINDS, type ProductKind } from '../../../lib/product-kinds.ts';
import { UNITS, type Unit } from '../../../lib/units.ts';
import { belongsTo, cents, createdAt, oneOf, quantity } from '../../db/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { articles } from '../catalogue/catalogue.tables.ts';
import { BOOKING_STATUSES, type BookingStatus } from './bookings.views.ts';

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
