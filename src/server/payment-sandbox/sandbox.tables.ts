/**
 * The payment sandbox's state, shared by replicas like the rest of the database.
 */
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

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
