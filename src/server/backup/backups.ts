/**
 * Backups of the embedded database with the uploads (docs/operations.md, "Backups"). PGlite admits one
 * process, so a running server makes the backup itself when `npm run backup` asks it
 * (backup-socket.ts); without a server the command opens the database. Either way the database
 * is dumped in a transaction of its own while uploads and deletions of files wait, so the archive
 * holds every file a row of it names. Restoring keeps a backup of what it replaces.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import * as v from 'valibot';
import { jwtSecretFile } from '../features/accounts/secrets.ts';
import { imageContentType } from '../features/images/image-store.ts';
import { type BlobStore, type PausableBlobStore, pausableWrites } from '../storage/blob-store.ts';
import {
  ARCHIVE_NAMES,
  type ArchiveEntry,
  type Manifest,
  ManifestSchema,
  readArchive,
  writeArchive,
} from './backup-archive.ts';

/** A problem the person running a backup command can act on: printed as one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const backupsDir = (dataDir: string): string => path.join(dataDir, 'backups');
export const databaseDir = (dataDir: string): string => path.join(dataDir, 'db');

/** The backups folder, for its owner only: archives hold password hashes and the token secret. */
export async function ensureBackupsDir(dataDir: string): Promise<string> {
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o700);
  return dir;
}

export interface BackupSource {
  client: PGlite;
  blobs: PausableBlobStore;
  dataDir: string;
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The database folder as a tar, taken while no other transaction runs (PGlite has one connection). */
async function dumpDatabase(client: PGlite): Promise<Uint8Array> {
  const tarball = await client.transaction(async (tx) => {
    await tx.exec('checkpoint'); // so that a restore has little write-ahead log to replay
    return client.dumpDataDir('none');
  });
  return new Uint8Array(await tarball.arrayBuffer());
}

/** Writes `DATA_DIR/backups/{label}-{time}.tar.gz` and resolves with its path. */
export async function createBackup({ client, blobs, dataDir }: BackupSource, label = 'hwds-backup'): Promise<string> {
  const dir = await ensureBackupsDir(dataDir);
  const createdAt = new Date().toISOString();
  const file = path.join(dir, `${label}-${createdAt.replace(/[:.]/g, '-')}.tar.gz`);
  await blobs.whileWritesPaused(async () => {
    const database = await dumpDatabase(client);
    const keys = await blobs.list('');
    const secret = await readIfPresent(jwtSecretFile(dataDir));
    const manifest: Manifest = { format: 'hwds-backup', version: 1, createdAt, uploads: keys.length };
    async function* entries(): AsyncGenerator<ArchiveEntry> {
      yield { name: ARCHIVE_NAMES.manifest, data: Buffer.from(JSON.stringify(manifest, null, 2)) };
      yield { name: ARCHIVE_NAMES.database, data: database };
      if (secret) yield { name: ARCHIVE_NAMES.jwtSecret, data: secret };
      for (const key of keys) {
        const blob = await blobs.open(key);
        if (blob) yield { name: `${ARCHIVE_NAMES.uploadsPrefix}${key}`, bytes: blob.bytes, stream: blob.stream };
      }
    }
    await writeArchive(file, entries());
  });
  return file;
}

/** The type a restored file is stored with: images and invoices by their names; customers' files keep theirs in the database. */
const contentTypeOf = (key: string): string =>
  /\.(jpg|png|webp)$/.test(key)
    ? imageContentType(key)
    : key.endsWith('.pdf')
      ? 'application/pdf'
      : 'application/octet-stream';

interface UnpackedBackup {
  manifest: Manifest;
  databaseTar: string;
  jwtSecret: Buffer | undefined;
  uploadsDir: string;
  uploads: string[];
}

/** Unpacks an archive into `staging`, refusing anything that is not a complete HWDS backup. */
async function unpack(file: string, staging: string): Promise<UnpackedBackup> {
  const notABackup = (reason: string) => new BackupError(`${file} is not an HWDS backup: ${reason}.`);
  const uploadsDir = path.join(staging, 'uploads');
  await mkdir(uploadsDir);
  const uploads: string[] = [];
  let manifest: Manifest | undefined;
  let databaseTar: string | undefined;
  let jwtSecret: Buffer | undefined;
  try {
    for await (const { name, stream } of readArchive(file)) {
      if (name === ARCHIVE_NAMES.manifest) {
        const parsed = v.safeParse(ManifestSchema, JSON.parse((await buffer(stream)).toString('utf8')));
        if (!parsed.success) throw notABackup('unknown manifest');
        manifest = parsed.output;
      } else if (name === ARCHIVE_NAMES.database) {
        databaseTar = path.join(staging, ARCHIVE_NAMES.database);
        await pipeline(stream, createWriteStream(databaseTar));
      } else if (name === ARCHIVE_NAMES.jwtSecret) {
        jwtSecret = await buffer(stream);
      } else if (name.startsWith(ARCHIVE_NAMES.uploadsPrefix)) {
        const key = name.slice(ARCHIVE_NAMES.uploadsPrefix.length);
        if (path.basename(key) !== key || key.startsWith('.')) throw notABackup(`unexpected file ${name}`);
        await pipeline(stream, createWriteStream(path.join(uploadsDir, key)));
        uploads.push(key);
      } else {
        throw notABackup(`unexpected file ${name}`);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw notABackup(error instanceof Error ? error.message : String(error));
  }
  if (!manifest || !databaseTar) throw notABackup('the manifest or the database is missing');
  if (manifest.uploads !== uploads.length) {
    throw notABackup(`${uploads.length} of ${manifest.uploads} uploaded files found (truncated?)`);
  }
  return { manifest, databaseTar, jwtSecret, uploadsDir, uploads };
}

export interface RestoreResult {
  manifest: Manifest;
  /** The backup made of the data the restore replaced, if there was any. */
  previous: string | undefined;
}

/**
 * Replaces the embedded database, the uploads and the generated secret with those of `file`.
 * The caller holds the database's lock (no server runs).
 */
export async function restoreBackup(file: string, dataDir: string, blobs: BlobStore): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const staging = await mkdtemp(path.join(await ensureBackupsDir(dataDir), '.restore-'));
  try {
    const backup = await unpack(file, staging);
    const dbDir = databaseDir(dataDir);
    let previous: string | undefined;
    if (existsSync(dbDir)) {
      const current = await PGlite.create(dbDir);
      try {
        previous = await createBackup({ client: current, blobs: pausableWrites(blobs), dataDir }, 'before-restore');
      } finally {
        await current.close();
      }
    }

    // Load into a fresh folder first: a dump that does not load leaves the current database alone.
    const incoming = `${dbDir}.restoring-${randomBytes(4).toString('hex')}`;
    try {
      const loaded = await PGlite.create(incoming, { loadDataDir: await openAsBlob(backup.databaseTar) });
      await loaded.close();
    } catch (error) {
      await rm(incoming, { recursive: true, force: true });
      throw new BackupError(`The database in ${file} does not load: ${error instanceof Error ? error.message : error}`);
    }
    await rm(dbDir, { recursive: true, force: true });
    await rename(incoming, dbDir);

    const wanted = new Set(backup.uploads);
    await blobs.delete((await blobs.list('')).filter((key) => !wanted.has(key)));
    for (const key of backup.uploads) await blobs.putFile(key, path.join(backup.uploadsDir, key), contentTypeOf(key));
    if (backup.jwtSecret) await writeFile(jwtSecretFile(dataDir), backup.jwtSecret, { mode: 0o600 });
    return { manifest: backup.manifest, previous };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
