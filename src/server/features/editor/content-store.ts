/**
 * The content tree in the database (docs/product.md#d38-content-editor), shared by every replica:
 * each file's current bytes and every save before it, with who saved it and when. Saves are one
 * transaction under one advisory lock, so a check and the write after it are one step on every
 * replica. `content/` is the seed: a fresh install imports it, `npm run content:export` writes the
 * database's tree back for a commit.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, desc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import { contentFiles, contentReads, contentRevisions, type Database } from '../../db/schema.ts';
import { hashToken } from '../accounts/secrets.ts';
import { blobSha } from './git-tree.ts';

/** Any number: serialises saves and imports across replicas. */
const CONTENT_LOCK_ID = 482_716_040;
/** A staff-tools cookie lives at most a day; what its editor read is kept as long. */
const READ_KEPT_MS = 24 * 60 * 60 * 1000;

export interface ContentChanges {
  additions: { path: string; contents: Uint8Array }[];
  deletions: string[];
}

/** Each file's path and sha, in path order. */
export const contentShas = (db: Database) =>
  db.select({ path: contentFiles.path, sha: contentFiles.sha }).from(contentFiles).orderBy(asc(contentFiles.path));

export async function contentFile(db: Database, file: string) {
  const [found] = await db.select().from(contentFiles).where(eq(contentFiles.path, file));
  return found;
}

/**
 * Saves the changes as one step: when `expected` names a file whose current sha (undefined: none)
 * is another, nothing is written and that file is answered. A file saved with the bytes it has
 * makes no revision.
 */
export function saveContent(
  db: Database,
  changes: ContentChanges,
  savedBy: string,
  expected?: (file: string) => string | undefined,
): Promise<{ conflict?: string; revisions: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_LOCK_ID})`);
    const current = new Map((await contentShas(tx)).map((file) => [file.path, file.sha]));
    if (expected) {
      const conflict = [...changes.additions.map((file) => file.path), ...changes.deletions].find(
        (file) => current.get(file) !== expected(file),
      );
      if (conflict) return { conflict, revisions: 0 };
    }
    let revisions = 0;
    for (const { path: file, contents } of changes.additions) {
      const sha = blobSha(contents);
      if (current.get(file) === sha) continue;
      const bytes = Buffer.from(contents);
      const [revision] = await tx
        .insert(contentRevisions)
        .values({ path: file, contents: bytes, sha, savedBy })
        .returning({ id: contentRevisions.id });
      const row = { contents: bytes, sha, revisionId: revision?.id ?? 0 };
      await tx
        .insert(contentFiles)
        .values({ path: file, ...row })
        .onConflictDoUpdate({ target: contentFiles.path, set: row });
      revisions += 1;
    }
    for (const file of changes.deletions.filter((deleted) => current.has(deleted))) {
      await tx.insert(contentRevisions).values({ path: file, contents: null, sha: null, savedBy });
      await tx.delete(contentFiles).where(eq(contentFiles.path, file));
      revisions += 1;
    }
    return { revisions };
  });
}

/** Every file below `dir`, by its path inside it ('/'-separated). */
async function filesIn(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter((item) => item.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file).split(path.sep).join('/'), await readFile(file));
  }
  return files;
}

/**
 * Makes the database's tree the folder's (`npm run content:import`, and a fresh install's seed
 * with `onlyIfEmpty`): files that differ become new revisions, files the folder lacks are deleted.
 * Run twice, the second run changes nothing.
 */
export async function importContent(
  db: Database,
  dir: string,
  savedBy: string,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<number> {
  const files = await filesIn(dir);
  if (options.onlyIfEmpty && (await contentShas(db)).length > 0) return 0;
  const existing = (await contentShas(db)).map((file) => file.path);
  const changes: ContentChanges = {
    additions: [...files].map(([file, contents]) => ({ path: file, contents })),
    deletions: existing.filter((file) => !files.has(file)),
  };
  // With `onlyIfEmpty`, of two replicas starting together only the first imports: the second expects no files.
  const outcome = await saveContent(db, changes, savedBy, options.onlyIfEmpty ? () => undefined : undefined);
  return outcome.revisions;
}

/**
 * Writes the database's tree into `dir` (`npm run content:export`, and the snapshot a publish
 * builds from): files whose bytes differ are written, files the database lacks are removed.
 */
export async function exportContent(db: Database, dir: string): Promise<number> {
  const rows = await db.select().from(contentFiles);
  const present = await filesIn(dir);
  let written = 0;
  for (const row of rows) {
    if (present.get(row.path)?.equals(row.contents)) continue;
    await mkdir(path.dirname(path.join(dir, row.path)), { recursive: true });
    await writeFile(path.join(dir, row.path), row.contents);
    written += 1;
  }
  const kept = new Set(rows.map((row) => row.path));
  for (const file of [...present.keys()].filter((file) => !kept.has(file))) {
    await rm(path.join(dir, file), { force: true });
    written += 1;
  }
  return written;
}

/** Remembers the tree an editor's browser was told (each file's sha), for the check of its next save. */
export async function rememberRead(db: Database, sessionId: string, files: Record<string, string>): Promise<void> {
  const row = { sessionHash: hashToken(sessionId), files, readAt: new Date() };
  await db.insert(contentReads).values(row).onConflictDoUpdate({ target: contentReads.sessionHash, set: row });
  await db.delete(contentReads).where(lt(contentReads.readAt, new Date(Date.now() - READ_KEPT_MS)));
}

/** What the editor of this login session was last told, each file's sha. */
export async function lastRead(db: Database, sessionId: string): Promise<Record<string, string>> {
  const [found] = await db
    .select({ files: contentReads.files })
    .from(contentReads)
    .where(eq(contentReads.sessionHash, hashToken(sessionId)));
  return found?.files ?? {};
}

/** A file's revisions, newest first, without their bytes. */
export const revisionsOf = (db: Database, file: string) =>
  db
    .select({
      id: contentRevisions.id,
      path: contentRevisions.path,
      sha: contentRevisions.sha,
      savedBy: contentRevisions.savedBy,
      savedAt: contentRevisions.savedAt,
    })
    .from(contentRevisions)
    .where(eq(contentRevisions.path, file))
    .orderBy(desc(contentRevisions.id));

export async function revisionOf(db: Database, id: number) {
  const [found] = await db.select().from(contentRevisions).where(eq(contentRevisions.id, id));
  return found;
}

/** Every file ever saved, with its newest save (`sha` null: that save removed it), in path order. */
export const filesWithHistory = (db: Database) =>
  db
    .select({
      path: contentRevisions.path,
      sha: contentRevisions.sha,
      savedBy: contentRevisions.savedBy,
      savedAt: contentRevisions.savedAt,
    })
    .from(contentRevisions)
    .where(
      inArray(
        contentRevisions.id,
        db
          .select({ id: max(contentRevisions.id) })
          .from(contentRevisions)
          .groupBy(contentRevisions.path),
      ),
    )
    .orderBy(asc(contentRevisions.path));

/** Saves an earlier revision's bytes (or its deletion) again, as a new revision: history is never rewritten. */
export async function restoreRevision(db: Database, id: number, savedBy: string): Promise<boolean> {
  const revision = await revisionOf(db, id);
  if (!revision) return false;
  const changes: ContentChanges = revision.contents
    ? { additions: [{ path: revision.path, contents: revision.contents }], deletions: [] }
    : { additions: [], deletions: [revision.path] };
  await saveContent(db, changes, savedBy);
  return true;
}
