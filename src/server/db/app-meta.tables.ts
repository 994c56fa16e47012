/**
 * Small facts about the installation.
 */
import { pgTable, text } from 'drizzle-orm/pg-core';

/** Small facts about the installation, e.g. that the catalogue was seeded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
