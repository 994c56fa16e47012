/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite in a folder (or in
 * memory for tests). Migrations run before anyone gets the handle; the catalogue seed is the
 * caller's step (seed.ts), so opening a database never reads content files.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { log } from '../log.ts';
import { projectRoot } from '../project-root.ts';
import { lockDatabaseDir } from './lock.ts';
import type { Database } from './schema.ts';
import * as schema from './schema.ts';

export type DatabaseHandle = { db: Database; close(): Promise<void> } & (
  | { kind: 'postgres' }
  /** `client` for what only the embedded database does, such as dumping its folder for a backup. */
  | { kind: 'pglite'; client: PGlite }
);

export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string } | { kind: 'memory' };

const migrationsFolder = path.join(projectRoot(), 'src/server/db/migrations');

/** Any number to serialise migrations across API replicas sharing one PostgreSQL database. */
const MIGRATION_LOCK_ID = 482_716_001;

/**
 * A PostgreSQL that does not answer (a failover, a network fault) costs a request this long
 * before it gets its 503, not the driver's unlimited wait (docs/product.md#operations); one that
 * is down refuses at once. TCP keep-alive finds connections the network lost while idle.
 */
const CONNECT_LIMIT_MS = 3_000;

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const connection = { connectionString: url, connectionTimeoutMillis: CONNECT_LIMIT_MS, keepAlive: true };
  // Migrate on one dedicated connection holding an advisory lock, so replicas starting together
  // do not run the same migration twice.
  const migrator = new pg.Client(connection);
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({ ...connection, max: 10 });
  // An idle connection the server closes (restart, failover, admin command) must not end the
  // process: the pool drops it and opens a new one for the next query, once the server is back.
  pool.on('error', (error) => log.warn({ err: error }, 'PostgreSQL connection lost'));
  return { db: drizzlePostgres(pool, { schema }), kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dir: string | undefined): Promise<DatabaseHandle> {
  let release = () => {};
  if (dir) {
    mkdirSync(path.dirname(dir), { recursive: true });
    release = lockDatabaseDir(dir);
  }
  try {
    const client = new PGlite(dir);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      client,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  switch (location.kind) {
    case 'postgres':
      return openPostgres(location.url);
    case 'pglite':
      return openPglite(location.dir);
    case 'memory':
      return openPglite(undefined);
  }
}
