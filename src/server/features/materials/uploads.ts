/**
 * Uploads as customers need them (docs/product.md#d36-next-steps): a file is announced with its
 * size, then sent in parts, each streamed to disk and kept in the blob store, so that a dropped
 * connection costs only the part under way and a 200 MB print file on a slow line never meets a
 * request's time limit. When the last part arrives the file is put together on this machine,
 * checked by its content (file-analysis.ts) and stored; nothing is ever held in memory whole.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { FILE_SLOT_NAMES, formatMegabytes } from '../../../lib/materials.ts';
import type { UploadStartSchema } from '../../../lib/materials-input.ts';
import { printFileRules, websiteModels } from '../../content-files.ts';
import type { ApiDependencies } from '../../context.ts';
import { bookingItems, itemMaterials, materialFiles, materialUploads } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { inspectFile } from './file-analysis.ts';
import { CONTENT_TYPES } from './file-types.ts';
import { emptyMaterials, fileView, type ItemRow, modelOf, type SlotRule, slotsOf } from './items.ts';
import { itemOf, type Order, requireEditable } from './materials.service.ts';
import type { MaterialFileView, UploadView } from './materials.views.ts';

/** The parts the browser sends: small enough for a slow line, large enough to be few. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** How long a part's request holds its upload; renewed while bytes keep coming. */
const CLAIM_MS = 2 * 60 * 1000;
const UPLOAD_ID = /^[a-f0-9]{32}$/;

export const UPLOAD_MESSAGES = {
  notFound: 'Dieser Upload ist nicht (mehr) bekannt. Bitte wählen Sie die Datei noch einmal aus.',
  slot: 'Diese Art von Datei gehört nicht zu dieser Position.',
  tooLarge: (size: number, max: number, print: boolean, email: string) =>
    `Die Datei ist ${formatMegabytes(size)} groß; hier sind höchstens ${formatMegabytes(max)} möglich.${print ? ` Größere Druckdaten schicken Sie uns bitte als Download-Link an ${email}.` : ''}`,
  larger: (size: number) => `Es kam mehr an, als die Datei groß sein sollte (${formatMegabytes(size)}).`,
  full: (max: number, slot: string) => `Hier sind höchstens ${max} ${slot} möglich; es sind schon alle da.`,
  offset: (received: number) =>
    `Dieser Teil passt nicht: Angekommen sind bisher ${received} Bytes. Bitte senden Sie ab dort weiter.`,
  busy: 'Dieser Teil der Datei wird gerade schon übertragen. Bitte versuchen Sie es gleich noch einmal.',
  offsetQuery: 'Bitte geben Sie an, ab welchem Byte dieser Teil beginnt (offset).',
  emptyPart: 'Dieser Teil der Datei ist leer.',
} as const;

const m = UPLOAD_MESSAGES;

type UploadRow = typeof materialUploads.$inferSelect;

const partKey = (uploadId: string, offset: number) => `upload-${uploadId}-${String(offset).padStart(12, '0')}`;

export function uploadView(row: UploadRow): UploadView {
  return {
    id: row.id,
    itemId: row.bookingItemId,
    slot: row.slot,
    fileName: row.fileName,
    size: row.size,
    received: row.received,
    chunkBytes: CHUNK_BYTES,
  };
}

function slotOf(item: ItemRow, slot: UploadRow['slot']): SlotRule {
  const rule = slotsOf(item, modelOf(item, websiteModels()), printFileRules()).find(
    (candidate) => candidate.slot === slot,
  );
  if (!rule) throw new ApiError(400, m.slot, { errors: [{ fieldName: 'slot', message: m.slot }] });
  return rule;
}

const countIn = async (deps: ApiDependencies, itemId: number, slot: UploadRow['slot']) =>
  (
    await deps.db
      .select({ id: materialFiles.id })
      .from(materialFiles)
      .where(and(eq(materialFiles.bookingItemId, itemId), eq(materialFiles.slot, slot)))
  ).length;

export async function startUpload(
  deps: ApiDependencies,
  order: Order,
  input: v.InferOutput<typeof UploadStartSchema>,
): Promise<UploadView> {
  const item = itemOf(order, input.itemId);
  requireEditable(order, deps.company.email);
  const rule = slotOf(item, input.slot);
  if (input.size > rule.maxBytes) {
    throw new ApiError(413, m.tooLarge(input.size, rule.maxBytes, input.slot === 'print', deps.company.email));
  }
  // A slot of one file takes a new one in place of the old; others only while there is room.
  if (rule.maxFiles > 1 && (await countIn(deps, item.id, input.slot)) >= rule.maxFiles) {
    throw new ApiError(409, m.full(rule.maxFiles, FILE_SLOT_NAMES[input.slot]));
  }
  const [row] = await deps.db
    .insert(materialUploads)
    .values({
      id: randomBytes(16).toString('hex'),
      bookingId: order.booking.id,
      bookingItemId: item.id,
      slot: input.slot,
      fileName: input.fileName,
      size: input.size,
    })
    .returning();
  if (!row) throw new Error('insert returned no upload');
  return uploadView(row);
}

export async function findUpload(deps: ApiDependencies, order: Order, uploadId: string): Promise<UploadRow> {
  const [row] = UPLOAD_ID.test(uploadId)
    ? await deps.db
        .select()
        .from(materialUploads)
        .where(and(eq(materialUploads.id, uploadId), eq(materialUploads.bookingId, order.booking.id)))
    : [];
  if (!row) throw new ApiError(404, m.notFound);
  return row;
}

/** Writes the request's body to `file`, refusing (413) what goes beyond `max` bytes; returns how many came. */
async function spool(body: ReadableStream<Uint8Array>, file: string, max: number, size: number): Promise<number> {
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > max ? new ApiError(413, m.larger(size)) : null, chunk);
    },
  });
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  await pipeline(source, counted, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  return bytes;
}

/** Claims the upload at `offset` for this request: 409 when another request holds it or the offset is not where it stands. */
async function claim(deps: ApiDependencies, upload: UploadRow, offset: number): Promise<void> {
  if (offset !== upload.received) throw new ApiError(409, m.offset(upload.received));
  const [claimed] = await deps.db
    .update(materialUploads)
    .set({ busyUntil: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
    .where(
      and(
        eq(materialUploads.id, upload.id),
        eq(materialUploads.received, offset),
        isNull(materialUploads.fileId),
        or(isNull(materialUploads.busyUntil), lt(materialUploads.busyUntil, sql`now()`)),
      ),
    )
    .returning({ id: materialUploads.id });
  if (!claimed) throw new ApiError(409, m.busy);
}

const release = (deps: ApiDependencies, uploadId: string) =>
  deps.db.update(materialUploads).set({ busyUntil: null }).where(eq(materialUploads.id, uploadId));

/** Removes an upload that ended (stored, refused or abandoned) with its parts. */
export async function dropUpload(deps: ApiDependencies, uploadId: string, keepRow = false): Promise<void> {
  const parts = await deps.materials.blobs.list(`upload-${uploadId}-`);
  await deps.materials.blobs.delete(parts);
  if (!keepRow) await deps.db.delete(materialUploads).where(eq(materialUploads.id, uploadId));
}

export type PartResult = { upload: UploadView } | { file: MaterialFileView };

/**
 * Takes the part of `upload` that starts at `offset`. A part that completes the file stores it
 * (the answer is the file with its check); any other is kept until the rest arrives. The last part
 * sent again after the file was stored answers the file once more.
 */
export async function receivePart(
  deps: ApiDependencies,
  order: Order,
  upload: UploadRow,
  offset: number,
  body: ReadableStream<Uint8Array> | null,
): Promise<PartResult> {
  if (upload.fileId !== null) return { file: await storedFile(deps, upload.fileId) };
  requireEditable(order, deps.company.email);
  await claim(deps, upload, offset);
  const part = path.join(deps.materials.workDir, `${upload.id}-${offset}.part`);
  // A part on a slow line may take longer than the claim: it is renewed while bytes keep coming.
  const renewal = setInterval(() => {
    void deps.db
      .update(materialUploads)
      .set({ busyUntil: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
      .where(eq(materialUploads.id, upload.id))
      .catch(() => {});
  }, CLAIM_MS / 4);
  try {
    const bytes = body ? await spool(body, part, upload.size - offset, upload.size) : 0;
    if (bytes === 0) throw new ApiError(400, m.emptyPart);
    if (offset + bytes < upload.size) {
      await deps.materials.blobs.putFile(partKey(upload.id, offset), part, 'application/octet-stream');
      const [row] = await deps.db
        .update(materialUploads)
        .set({ received: offset + bytes, busyUntil: null })
        .where(and(eq(materialUploads.id, upload.id), eq(materialUploads.received, offset)))
        .returning();
      return { upload: uploadView(row ?? upload) };
    }
    return { file: await finish(deps, order, upload, part, offset) };
  } catch (error) {
    // Refused for what the file is: the upload is over. Anything else (a dropped line): send the part again.
    if (error instanceof ApiError && [415, 422].includes(error.statusCode)) await dropUpload(deps, upload.id);
    else await release(deps, upload.id);
    throw error;
  } finally {
    clearInterval(renewal);
    await rm(part, { force: true });
  }
}

async function storedFile(deps: ApiDependencies, fileId: number): Promise<MaterialFileView> {
  const [file] = await deps.db.select().from(materialFiles).where(eq(materialFiles.id, fileId));
  if (!file) throw new ApiError(404, m.notFound);
  const [stored] = await deps.db
    .select()
    .from(itemMaterials)
    .where(eq(itemMaterials.bookingItemId, file.bookingItemId));
  return fileView(file, stored?.data ?? emptyMaterials({ kind: 'print' }), printFileRules());
}

/** The parts received before, in order, then the last one: the whole file on this machine. */
async function assemble(deps: ApiDependencies, upload: UploadRow, last: string, whole: string): Promise<void> {
  const keys = (await deps.materials.blobs.list(`upload-${upload.id}-`)).sort();
  const output = createWriteStream(whole, { flags: 'wx', mode: 0o600 });
  for (const key of keys) {
    const part = await deps.materials.blobs.open(key);
    if (!part) throw new Error(`part ${key} of upload ${upload.id} is missing`);
    await pipeline(part.stream, output, { end: false });
  }
  await pipeline(createReadStream(last), output);
}

/** Checks the whole file, stores it and records it; a slot of one file lets go of the one before. */
async function finish(
  deps: ApiDependencies,
  order: Order,
  upload: UploadRow,
  last: string,
  lastOffset: number,
): Promise<MaterialFileView> {
  const item = itemOf(order, upload.bookingItemId);
  const rule = slotOf(item, upload.slot);
  const whole = lastOffset === 0 ? last : path.join(deps.materials.workDir, `${upload.id}.whole`);
  const blobKey = `material-${randomBytes(16).toString('hex')}`;
  try {
    if (whole !== last) await assemble(deps, upload, last, whole);
    const { fileType, analysis } = await inspectFile(whole, upload.size, rule.types, upload.slot === 'print');
    await deps.materials.blobs.putFile(blobKey, whole, CONTENT_TYPES[fileType]);
    const replaced = await deps.db.transaction(async (tx) => {
      // One file at a time per item: the last photo of a model's twenty cannot be taken twice.
      await tx.select({ id: bookingItems.id }).from(bookingItems).where(eq(bookingItems.id, item.id)).for('update');
      const before = await tx
        .select()
        .from(materialFiles)
        .where(and(eq(materialFiles.bookingItemId, item.id), eq(materialFiles.slot, upload.slot)))
        .orderBy(asc(materialFiles.id));
      if (rule.maxFiles > 1 && before.length >= rule.maxFiles) {
        throw new ApiError(409, m.full(rule.maxFiles, FILE_SLOT_NAMES[upload.slot]));
      }
      const [file] = await tx
        .insert(materialFiles)
        .values({
          bookingId: order.booking.id,
          bookingItemId: item.id,
          slot: upload.slot,
          fileName: upload.fileName,
          fileType,
          bytes: upload.size,
          blobKey,
          analysis,
        })
        .returning({ id: materialFiles.id });
      if (!file) throw new Error('insert returned no file');
      const gone = rule.maxFiles === 1 ? before : [];
      for (const old of gone) await tx.delete(materialFiles).where(eq(materialFiles.id, old.id));
      await tx
        .update(materialUploads)
        .set({ received: upload.size, fileId: file.id, busyUntil: null })
        .where(eq(materialUploads.id, upload.id));
      return { fileId: file.id, keys: gone.map((old) => old.blobKey) };
    });
    await deps.materials.blobs.delete(replaced.keys);
    await dropUpload(deps, upload.id, true);
    return storedFile(deps, replaced.fileId);
  } catch (error) {
    await deps.materials.blobs.delete([blobKey]).catch((failure: unknown) => log.warn({ err: failure }, 'blob left'));
    if (error instanceof ApiError && error.statusCode === 409) await dropUpload(deps, upload.id);
    throw error;
  } finally {
    if (whole !== last) await rm(whole, { force: true });
  }
}

/** The offset a part starts at, from the query (`?offset=`). */
export const OffsetSchema = v.object({
  offset: v.pipe(v.string(m.offsetQuery), v.regex(/^\d{1,15}$/, m.offsetQuery), v.transform(Number)),
});
