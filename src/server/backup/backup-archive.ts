/**
 * The backup file: one gzipped tar holding a manifest, the embedded database's folder (itself a
 * tar, as PGlite dumps it), the generated token secret when there is one, and every upload.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { buffer } from 'node:stream/consumers';
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

export interface ArchiveEntry {
  name: string;
  data: Uint8Array;
}

/** Writes the entries to a new file (never replacing one), readable by its owner only; no half file stays. */
export async function writeArchive(file: string, entries: AsyncIterable<ArchiveEntry>): Promise<void> {
  const tar = pack();
  const written = pipelineAsync(tar, createGzip(), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  try {
    for await (const { name, data } of entries) {
      const added = new Promise<void>((resolve, reject) =>
        tar.entry(
          { name, size: data.byteLength, mode: 0o600 },
          Buffer.from(data.buffer, data.byteOffset, data.byteLength),
          (error) => (error ? reject(error) : resolve()),
        ),
      );
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

/** The entries of an archive, one at a time, each read whole. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const entries = extract();
  pipeline(createReadStream(file), createGunzip(), entries, () => {
    // Errors reach the loop below: the pipeline destroys `entries` with them.
  });
  for await (const entry of entries) {
    yield { name: entry.header.name, data: await buffer(entry) };
  }
}
