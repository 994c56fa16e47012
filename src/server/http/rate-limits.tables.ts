/**
 * The rate limits' counters (rate-limits.ts).
 */
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
