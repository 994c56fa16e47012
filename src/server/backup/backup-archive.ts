/**
 * The backup file: one gzipped tar holding a manifest, the embedded database's folder (itself a
 * tar, as PGlite dumps it), the generated token secret when there is one, and every upload. Uploads
 * are streamed in and out, one at a time: a customer's print file may have 200 MB.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';
import * as v from 'valibot';

export const ARCHIVE_NAMES = {
  manifest: 'hwds-backup.json',
  database: 'database.tar',
  jwtSecret: 'jwt-secret',
  uploadsPrefix: 'uploads/',
} as const;

export const ManifestSchema = v.object({
  format: v.literal('hwds-backup'),
  version: v.literal(1),
  createdAt: v.string(),
  /** Number of uploaded files in the archive, to notice a truncated one. */
  uploads: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export type Manifest = v.InferOutput<typeof ManifestSchema>;

/** An entry to write: bytes at hand, or a stream of `bytes` bytes. */
export type ArchiveEntry = { name: string; data: Uint8Array } | { name: string; bytes: number; stream: Readable };

/** An entry read: its bytes must be read to their end (or the reading stopped) before the next entry comes. */
export interface ReadEntry {
  name: string;
  stream: AsyncIterable<Uint8Array>;
}

/** Writes the entries to a new file (never replacing one), readable by its owner only; no half file stays. */
export async function writeArchive(file: string, entries: AsyncIterable<ArchiveEntry>): Promise<void> {
  const tar = pack();
  const written = pipelineAsync(tar, createGzip(), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  try {
    for await (const entry of entries) {
      const added =
        'data' in entry
          ? new Promise<void>((resolve, reject) =>
              tar.entry(
                { name: entry.name, size: entry.data.byteLength, mode: 0o600 },
                Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength),
                (error) => (error ? reject(error) : resolve()),
              ),
            )
          : pipelineAsync(entry.stream, tar.entry({ name: entry.name, size: entry.bytes, mode: 0o600 }));
      // A failing disk ends the pipeline; the entry's callback would then never come.
      await Promise.race([added, written]);
    }
    tar.finalize();
    await written;
  } catch (error) {
    tar.destroy();
    await written.catch(() => {}); // ends with the destroyed stream
    // A name that was taken (EEXIST) belongs to another backup: only a file of this call goes.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
    throw error;
  }
}

/** The entries of an archive, one at a time, each as a stream. */
export async function* readArchive(file: string): AsyncGenerator<ReadEntry> {
  const entries = extract();
  pipeline(createReadStream(file), createGunzip(), entries, () => {
    // Errors reach the loop below: the pipeline destroys `entries` with them.
  });
  for await (const entry of entries) {
    yield { name: entry.header.name, stream: entry as AsyncIterable<Uint8Array> };
  }
}
