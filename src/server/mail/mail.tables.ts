/**
 * The mail queue (queue.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

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
