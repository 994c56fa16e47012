/**
 * Column helpers the tables share: creation time, a reference that is deleted with its row, a CHECK
 * from a list of words, quantities and sums of money.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

/** `column in ('a', 'b')` for a CHECK constraint, from the list the code uses. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

/** How many of the article's unit (12 months, 2,25 m²): a decimal with two places, exact as invoices need it. */
export const quantity = () => numeric('quantity', { precision: 9, scale: 2, mode: 'number' }).notNull().default(1);

/** Sums of cents: 50 entries of up to 1 million euros exceed an integer column. */
export const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();
