/**
 * What every replica shares of the releases (docs/product.md#d38-content-editor): their records
 * and the live pointer in the database, their folders as archives in the blob store. A publish is
 * claimed in the database, so one replica builds it whichever replica the editor reached; every
 * replica reads the pointer each second and serves what it names, fetching the archive first when
 * this machine lacks it. Restoring an earlier release moves the pointer back.
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { makePrivate } from '../../data-dir.ts';
import { type Database, liveRelease, releases } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ReleaseRecord } from './editor.views.ts';

/** A claim not renewed for this long belongs to a replica that stopped while building: the next publish may go. */
const CLAIM_LIMIT_SECONDS = 60;
/** How often the replica that builds renews its claim. */
export const CLAIM_RENEWAL_MS = 10_000;

/** A publish (or restore) this replica claimed: its owner's token, and the database's time of the claim. */
export interface Claim {
  token: string;
  at: Date;
}

/** Keys are flat names (the disk store keeps them in one folder). */
const archiveKey = (id: string) => `release-${id}.tar.gz`;
const ARCHIVE_KEY = /^release-(.+)\.tar\.gz$/;

/**
 * An archive nobody recorded, from a claim this much older than the newest release's, is one a
 * replica stored and then stopped before recording: no publish still stores it.
 */
const UNRECORDED_AFTER_MS = 60 * 60_000;

/** A release id is the database's time of its claim, written to be a file name. */
const timeOf = (id: string) => Date.parse(id.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z'));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Runs `tar` with `input` on its standard input; resolves with its standard output. */
const tar = (args: string[], input?: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`tar: ${errors}`))));
    child.stdin.end(input);
  });

const toRecord = (row: typeof releases.$inferSelect): ReleaseRecord => ({
  id: row.id,
  publishedAt: row.publishedAt.toISOString(),
  publishedBy: row.publishedBy,
  files: row.files,
});

export type ReleaseShelf = ReturnType<typeof releaseShelf>;

export function releaseShelf(db: Database, blobs: BlobStore, releasesDir: string) {
  return {
    /**
     * Claims the one publish of all replicas: undefined while another is under way. Its time is the
     * database's, one clock for every replica, which names and orders the releases.
     */
    async claim(): Promise<Claim | undefined> {
      const stale = sql`now() - make_interval(secs => ${CLAIM_LIMIT_SECONDS})`;
      const token = randomUUID();
      const [claimed] = await db
        .update(liveRelease)
        .set({ publishingSince: sql`now()`, publishingBy: token })
        .where(or(isNull(liveRelease.publishingSince), lt(liveRelease.publishingSince, stale)))
        .returning({ at: liveRelease.publishingSince });
      return claimed?.at ? { token, at: claimed.at } : undefined;
    },

    /** Keeps this replica's claim while its build runs. */
    async renew(claim: Claim): Promise<void> {
      await db
        .update(liveRelease)
        .set({ publishingSince: sql`now()` })
        .where(eq(liveRelease.publishingBy, claim.token));
    },

    /** Ends this replica's claim; a claim another replica took meanwhile stays. */
    async unclaim(claim: Claim): Promise<void> {
      await db
        .update(liveRelease)
        .set({ publishingSince: null, publishingBy: null })
        .where(eq(liveRelease.publishingBy, claim.token));
    },

    async publishing(): Promise<boolean> {
      const [row] = await db.select({ since: liveRelease.publishingSince }).from(liveRelease);
      return Boolean(row?.since);
    },

    /** Stores the release folder `{releasesDir}/{id}` as its archive, then its record. */
    async store(record: ReleaseRecord): Promise<void> {
      const archive = await tar(['-C', releasesDir, '-czf', '-', record.id]);
      await blobs.put(archiveKey(record.id), archive, 'application/gzip');
      await db
        .insert(releases)
        .values({ ...record, publishedAt: new Date(record.publishedAt), archiveSha256: sha256(archive) });
    },

    /** Makes release `id` the one every replica serves. */
    async makeLive(id: string): Promise<void> {
      await db.update(liveRelease).set({ releaseId: id, switchedAt: sql`now()` });
    },

    async live(): Promise<string | null> {
      const [row] = await db.select({ id: liveRelease.releaseId }).from(liveRelease);
      return row?.id ?? null;
    },

    async record(id: string): Promise<ReleaseRecord | undefined> {
      const [row] = await db.select().from(releases).where(eq(releases.id, id));
      return row && toRecord(row);
    },

    /** Newest first. */
    async records(): Promise<ReleaseRecord[]> {
      return (await db.select().from(releases).orderBy(desc(releases.id))).map(toRecord);
    },

    /** Makes sure this machine holds release `id` in `{releasesDir}/{id}`: unpacks its archive if not. */
    async fetch(id: string): Promise<void> {
      const dir = path.join(releasesDir, id);
      if (existsSync(path.join(dir, 'site/server/entry.mjs'))) return;
      const archive = await blobs.get(archiveKey(id));
      if (!archive) throw new Error(`release ${id}: no archive in the blob store`);
      // The release's server code runs here: only the archive a replica stored, never one put in its place.
      const [stored] = await db.select({ sha: releases.archiveSha256 }).from(releases).where(eq(releases.id, id));
      if (stored?.sha !== sha256(archive))
        throw new Error(`release ${id}: the archive in the blob store is not the one stored`);
      await mkdir(releasesDir, { recursive: true, mode: 0o700 });
      const unpacked = await mkdtemp(path.join(releasesDir, `${id}.fetching-`));
      try {
        await tar(['-C', unpacked, '-xzf', '-'], archive);
        makePrivate(unpacked);
        await rm(dir, { recursive: true, force: true });
        await rename(path.join(unpacked, id), dir);
      } finally {
        await rm(unpacked, { recursive: true, force: true });
      }
    },

    /**
     * Forgets every release but the `keep` newest and the live one, records and archives, and the
     * archives of publishes that stopped before their record (an hour older than the newest).
     */
    async prune(keep: number): Promise<void> {
      const live = await this.live();
      const kept = (await db.select({ id: releases.id }).from(releases).orderBy(desc(releases.id)).limit(keep)).map(
        (row) => row.id,
      );
      const ids = [...kept, ...(live ? [live] : [])];
      const old = (await db.select({ id: releases.id }).from(releases).where(notInArray(releases.id, ids))).map(
        (row) => row.id,
      );
      if (old.length > 0) await db.delete(releases).where(inArray(releases.id, old));
      const recorded = new Set((await db.select({ id: releases.id }).from(releases)).map((row) => row.id));
      const newest = kept[0] === undefined ? Number.NaN : timeOf(kept[0]);
      const unrecorded = (await blobs.list('release-')).flatMap((key) => {
        const id = ARCHIVE_KEY.exec(key)?.[1];
        const stopped = id && !recorded.has(id) && !old.includes(id) && timeOf(id) < newest - UNRECORDED_AFTER_MS;
        return stopped ? [id] : [];
      });
      const gone = [...old, ...unrecorded];
      if (gone.length > 0) await blobs.delete(gone.map(archiveKey));
    },
  };
}
