/**
 * The api project's global setup: one database migrated and seeded as the server's is at
 * start-up, made once per run, which every test file copies instead of repeating initdb,
 * migrations and seed (openTestDatabase in test-api.ts). On PGlite a dump of its data folder
 * (a fresh in-memory PGlite spends seconds in initdb alone); on PostgreSQL a template database
 * that `create database … template` copies.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/database.ts';
import { seedCatalogue } from '../../../src/server/db/seed.ts';

/** Where the migrated and seeded database is: a PGlite data folder dump, or a PostgreSQL database name. */
export type DatabaseTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** Runs `statement` on the PostgreSQL server of `serverUrl`, outside any database of the tests. */
export async function onPostgresServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `hwds_template_${randomBytes(6).toString('hex')}`;
    await onPostgresServer(serverUrl, `create database ${name}`);
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
    await seedCatalogue(handle.db);
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return () => onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const handle = await openDatabase({ kind: 'memory' });
  if (handle.kind !== 'pglite') throw new Error('an in-memory database is PGlite');
  await seedCatalogue(handle.db);
  const dump = await handle.client.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'hwds-db-template-'));
  const dumpFile = path.join(dir, 'pgdata.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
  return async () => rmSync(dir, { recursive: true, force: true });
}
