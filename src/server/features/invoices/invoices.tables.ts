/**
 * The invoices' tables: the billing address the next invoice names, the numbers, the issued invoices.
 */
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { INVOICE_KINDS, type InvoiceDocument, type InvoiceKind } from '../../../lib/invoices.ts';
import { oneOf } from '../../db/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { bookings } from '../bookings/bookings.tables.ts';

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
