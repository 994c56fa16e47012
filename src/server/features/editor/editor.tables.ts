/**
 * The editor's tables (docs/product.md#d38-content-editor): the content tree every replica edits,
 * each save kept as a revision, and the releases every replica serves.
 */
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Bytes as PostgreSQL's bytea: a content file exactly as the editor saved it. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The content tree the editor edits, shared by every replica: each file's current bytes, named by
 * Git's blob hash as Keystatic names versions. `content/` in the repository is only the seed a
 * fresh install imports.
 */
export const contentFiles = pgTable('content_files', {
  path: text('path').primaryKey(),
  contents: bytes('contents').notNull(),
  sha: text('sha').notNull(),
  revisionId: integer('revision_id').notNull(),
});

/** Every save of a file, kept: who saved which bytes when; `contents` null for a deletion. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    contents: bytes('contents'),
    sha: text('sha'),
    savedBy: text('saved_by').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_revisions_path_idx').on(table.path, table.id)],
);

/**
 * What each editor's browser last read of the tree (each file's sha), per login session (the
 * SHA-256 of its id): a save is checked against it on whichever replica it reaches.
 */
export const contentReads = pgTable('content_reads', {
  sessionHash: text('session_hash').primaryKey(),
  files: jsonb('files').$type<Record<string, string>>().notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every published release: its build, content snapshot included, lies in the blob store as
 * `release-{id}.tar.gz`, so any replica can serve it; the archive's SHA-256 is kept here, so a
 * replica runs only what a replica stored (the bucket is trusted less than the database).
 */
export const releases = pgTable('releases', {
  id: text('id').primaryKey(),
  archiveSha256: text('archive_sha256').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  publishedBy: text('published_by').notNull(),
  /** The content files that changed against the release served before. */
  files: jsonb('files').$type<string[]>().notNull(),
});

/**
 * The one row every replica follows: the release all of them serve (null: each its own build of
 * the seed), and the publish under way, claimed by one replica at a time.
 */
export const liveRelease = pgTable(
  'live_release',
  {
    id: integer('id').primaryKey(),
    releaseId: text('release_id').references(() => releases.id),
    switchedAt: timestamp('switched_at', { withTimezone: true }),
    /** Renewed every few seconds while the build runs: a claim not renewed is a replica that stopped. */
    publishingSince: timestamp('publishing_since', { withTimezone: true }),
    /** Whose claim it is: only its owner ends it. */
    publishingBy: text('publishing_by'),
  },
  (table) => [check('live_release_one_row', sql`${table.id} = 1`)],
);
