/**
 * The cart's table: what a customer has chosen and not yet ordered.
 */
import { sql } from 'drizzle-orm';
import { check, date, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, quantity } from '../../db/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { articles } from '../catalogue/catalogue.tables.ts';

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
