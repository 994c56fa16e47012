/**
 * The database schema (Drizzle, PostgreSQL dialect: PGlite embedded or a PostgreSQL server): each
 * feature keeps its tables beside its routes and service (`<feature>.tables.ts`), and this file
 * lists them for Drizzle and the migrations (`npm run db:generate`). Money is integer cents; rules
 * that must hold whatever the code does are constraints. Words the API answers with (roles,
 * booking statuses, payment providers, units…) come from the contracts and src/lib, the browser's
 * sources too (docs/product.md#d26-code-layout); states only the server sees are defined with their tables.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as tables from './schema.ts';

/** The database handle every service takes: PGlite or PostgreSQL behind the same Drizzle API. */
export type Database = PgDatabase<PgQueryResultHKT, typeof tables>;

export * from '../features/accounts/accounts.tables.ts';
export * from '../features/bookings/bookings.tables.ts';
export * from '../features/cart/cart.tables.ts';
export * from '../features/catalogue/catalogue.tables.ts';
export * from '../features/declarations/declarations.tables.ts';
export * from '../features/editor/editor.tables.ts';
export * from '../features/invoices/invoices.tables.ts';
export * from '../features/materials/materials.tables.ts';
export * from '../features/payments/payments.tables.ts';
export * from '../http/rate-limits.tables.ts';
export * from '../mail/mail.tables.ts';
export * from '../payment-sandbox/sandbox.tables.ts';
export * from './app-meta.tables.ts';
