/**
 * The consumers' declarations: withdrawals and cancellations (docs/product.md#d31-consumer-law).
 */
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CANCELLATION_KINDS, type CancellationKind } from '../../../lib/cancellations.ts';
import { oneOf } from '../../db/columns.ts';
import { bookings } from '../bookings/bookings.tables.ts';

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
