/**
 * The content tree in the database (docs/product.md#d38-content-editor): Keystatic's browser app
 * reads from it the tree its local mode reads from a folder; the seed imports and exports byte for
 * byte, and twice changes nothing; every save is a revision with who and when; a save through one
 * API instance is what another reads, and an editor who read before it is refused there (409).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import editorConfig from '../../src/editor/keystatic.config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { contentFiles } from '../../src/server/db/schema.ts';
import {
  contentFile,
  exportContent,
  importContent,
  revisionsOf,
} from '../../src/server/features/editor/content-store.ts';
import { keystaticApi } from '../../src/server/features/editor/keystatic-api.ts';
import { databaseUrl } from './support/database-template.ts';
import { openTestDatabase } from './support/test-api.ts';

let database: DatabaseHandle;
/** A second API instance's handle: its own connections to the same PostgreSQL database (PGlite admits one process: the same handle). */
let other: DatabaseHandle | undefined;
const folders: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await importContent(database.db, 'content', 'content/');
  if (database.kind === 'postgres') {
    const [row] = await database.db.select({ name: sql<string>`current_database()` }).from(contentFiles).limit(1);
    other = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(process.env.DATABASE_URL as string, row?.name ?? ''),
    });
  }
});

afterAll(async () => {
  await other?.close();
  await database.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hwds-content-'));
  folders.push(dir);
  return dir;
};

/** Every file below `dir` with its bytes. */
const filesIn = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file)];
      }),
  );

const HEADERS = { 'no-cors': '1' };
const editor = (name: string) => ({ sessionId: `sitzung-${name}`, email: `${name}@example.de` });
const HOTEL = 'landing/hotel.md';

describe('the tree', () => {
  it("is the tree Keystatic's local mode reads from the seed folder, entry for entry", async () => {
    const local = makeGenericAPIRouteHandler({ config: editorConfig, localBaseDirectory: 'content' });
    const fromFolder = await local({
      method: 'GET',
      url: 'http://localhost/api/keystatic/tree',
      headers: new Headers(HEADERS),
      json: async () => ({}),
    });
    const api = keystaticApi(database.db);
    const response = await api(new Request('http://localhost/api/keystatic/tree', { headers: HEADERS }), editor('a'));
    const byPath = (entries: { path: string }[]) => [...entries].sort((a, b) => a.path.localeCompare(b.path));
    const expected = byPath(JSON.parse(String(fromFolder.body)));
    expect(expected.length).toBeGreaterThan(40);
    expect(byPath(await response.json())).toEqual(expected);
  });
});

describe('export and import', () => {
  it('round-trip the seed byte for byte, and run again change nothing', async () => {
    const exported = tempDir();
    expect(await exportContent(database.db, exported)).toBe(Object.keys(filesIn('content')).length);
    expect(filesIn(exported)).toEqual(filesIn('content'));
    expect(await exportContent(database.db, exported)).toBe(0);
    expect(await importContent(database.db, 'content', 'content:import')).toBe(0);

    // A folder with one file changed, one added and one gone: the database follows it, and back.
    writeFileSync(path.join(exported, 'industries.yaml'), '- Gastronomie und Hotellerie\n');
    writeFileSync(path.join(exported, 'landing/konditorei.md'), '---\ntitle: Konditorei Müller\n---\n');
    rmSync(path.join(exported, 'landing/pizzeria.md'));
    expect(await importContent(database.db, exported, 'content:import')).toBe(3);
    expect(await importContent(database.db, exported, 'content:import')).toBe(0);
    const again = tempDir();
    await exportContent(database.db, again);
    expect(filesIn(again)).toEqual(filesIn(exported));
    expect(await importContent(database.db, 'content', 'content:import')).toBe(3);
    expect((await revisionsOf(database.db, 'landing/pizzeria.md')).map((revision) => revision.sha === null)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('imports the seed only into an empty tree (a replica starting later keeps the editors’ work)', async () => {
    expect(await importContent(database.db, tempDir(), 'content/', { onlyIfEmpty: true })).toBe(0);
    expect(await contentFile(database.db, HOTEL)).toBeDefined();
  });
});

const save = (db: DatabaseHandle['db'], who: string, text: string) =>
  keystaticApi(db)(
    new Request('http://localhost/api/keystatic/update', {
      method: 'POST',
      headers: { ...HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        additions: [{ path: HOTEL, contents: Buffer.from(text).toString('base64url') }],
        deletions: [],
      }),
    }),
    editor(who),
  );

const readTree = async (db: DatabaseHandle['db'], who: string) => {
  const response = await keystaticApi(db)(
    new Request('http://localhost/api/keystatic/tree', { headers: HEADERS }),
    editor(who),
  );
  return (await response.json()) as { path: string; sha: string }[];
};

describe('two API instances on one database', () => {
  it('read what the other saved, refuse a save over it, and keep every revision with who and when', async () => {
    const second = other?.db ?? database.db;
    await readTree(database.db, 'anna');
    await readTree(second, 'bernd');
    const original = (await contentFile(database.db, HOTEL))?.contents.toString('utf8') ?? '';
    const annas = original.replace('Wer ein Zimmer sucht', 'Wer ein Zimmer am Müritzufer sucht');
    const before = new Date();
    expect((await save(database.db, 'anna', annas)).status).toBe(200);

    // The other instance answers Anna's file, and refuses Bernd's save over it.
    const sha = (await readTree(second, 'carla')).find((entry) => entry.path === HOTEL)?.sha ?? '';
    const blob = await keystaticApi(second)(
      new Request(`http://localhost/api/keystatic/blob/${sha}/${HOTEL}`, { headers: HEADERS }),
      editor('carla'),
    );
    expect(await blob.text()).toBe(annas);
    const bernds = await save(second, 'bernd', original.replace('title: Website für Ihr Hotel', 'title: Ihr Hotel'));
    expect(bernds.status).toBe(409);

    const [latest, seed] = await revisionsOf(second, HOTEL);
    expect(latest).toMatchObject({ savedBy: 'anna@example.de', sha });
    expect(latest?.savedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(seed?.savedBy).toBe('content/');
  });
});
