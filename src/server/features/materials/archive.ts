/**
 * All of an order's materials as one ZIP for staff (docs/product.md#d36-next-steps): a folder per
 * ordered item with its files, and `Unterlagen.txt` with everything typed and every print file's
 * check. Streamed as it is written, each file read from the blob store when its turn comes, stored
 * without compression (print files are compressed already), ZIP64 where a file or the whole needs it.
 */
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { FILE_SLOT_NAMES, formatFormat, TEXT_LIST_NAMES } from '../../../lib/materials.ts';
import { PRODUCT_KIND_NAMES } from '../../../lib/product-kinds.ts';
import { PROGRESS_STEP_NAMES } from '../../../lib/progress-steps.ts';
import { formatQuantity } from '../../../lib/units.ts';
import type { ApiDependencies } from '../../context.ts';
import { log } from '../../log.ts';
import type { FileRow } from './items.ts';
import { itemViewsOf, type Order } from './materials.service.ts';
import type { MaterialItemView } from './materials.views.ts';

/** A name safe in every file system: no path separators or characters Windows refuses, at most 60 characters. */
const safeName = (name: string) =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 60) || 'Datei';

function typedLines(item: MaterialItemView): string[] {
  const { data } = item;
  switch (data.kind) {
    case 'website':
      return [
        `Name der Website: ${data.siteName || '–'}`,
        `Gewünschte Adresse: ${data.desiredAddress || '–'}`,
        ...(['pages', 'services', 'cards'] as const).flatMap((list) =>
          data[list].flatMap((entry, index) => [
            '',
            `${TEXT_LIST_NAMES[list].one} ${index + 1}: ${entry.title}`,
            ...(entry.text ? [entry.text] : []),
          ]),
        ),
      ];
    case 'print':
      return [
        `Endformat: ${data.widthCm && data.heightCm ? formatFormat(data.widthCm, data.heightCm) : '–'}`,
        ...(data.noFile ? ['Keine Datei für diese Position.'] : []),
        ...(data.note ? [`Hinweis: ${data.note}`] : []),
      ];
    case 'maintenance':
      return [
        `Adresse der Website: ${data.siteAddress || '–'}`,
        `System: ${data.system || '–'}`,
        `Ansprechperson: ${data.contactName || '–'}, Telefon ${data.contactPhone || '–'}`,
        ...(data.callTimes ? [`Erreichbar: ${data.callTimes}`] : []),
      ];
    case 'service':
      return data.note ? [`Hinweis: ${data.note}`] : [];
  }
}

function summary(order: Order, items: MaterialItemView[]): string {
  const lines = [
    `Bestellung ${order.booking.bookingNumber}`,
    `Kunde: ${order.customer.email}`,
    `Stand: ${PROGRESS_STEP_NAMES[order.progress.step]}`,
    '',
    ...items.flatMap((item, index) => [
      `${String(index + 1).padStart(2, '0')} ${item.type} (${PRODUCT_KIND_NAMES[item.kind]}, ${formatQuantity(item.quantity, item.unit)})`,
      ...(item.model ? [`Modell ${item.model.number}: ${item.model.name}`] : []),
      ...typedLines(item),
      ...item.files.flatMap((file) => [
        `Datei (${FILE_SLOT_NAMES[file.slot]}): ${file.fileName}`,
        ...(file.preflight
          ? [
              `  ${file.preflight.summary}`,
              ...file.preflight.findings.map(
                (finding) => `  ${finding.level === 'warning' ? '!' : '-'} ${finding.message}`,
              ),
              ...(file.preflight.acceptedAt
                ? [`  Vom Kunden so zum Druck freigegeben am ${file.preflight.acceptedAt}.`]
                : []),
            ]
          : []),
      ]),
      ...(item.missing.length > 0 ? [`Es fehlt noch: ${item.missing.join(', ')}.`] : []),
      '',
    ]),
  ];
  // CRLF: the file opens alike in every editor.
  return `${lines.join('\r\n')}\r\n`;
}

export interface Archive {
  stream: Readable;
  /** Known beforehand (nothing is compressed), so the download shows its progress. */
  bytes: number;
  fileName: string;
}

/** The order's ZIP; its files are read one after the other while it is sent. */
export async function materialsArchive(deps: ApiDependencies, order: Order, files: FileRow[]): Promise<Archive> {
  const items = await itemViewsOf(deps.db, order);
  const zip = new ZipFile();
  const mtime = new Date();
  zip.addBuffer(Buffer.from(summary(order, items), 'utf8'), 'Unterlagen.txt', { mtime, compress: false });
  const taken = new Set<string>();
  items.forEach((item, index) => {
    const folder = `${String(index + 1).padStart(2, '0')} ${safeName(item.type)}`;
    for (const file of files.filter((candidate) => candidate.bookingItemId === item.id)) {
      let name = `${folder}/${FILE_SLOT_NAMES[file.slot]}/${safeName(file.fileName)}`;
      for (let copy = 2; taken.has(name); copy++)
        name = `${folder}/${FILE_SLOT_NAMES[file.slot]}/${copy} ${safeName(file.fileName)}`;
      taken.add(name);
      zip.addReadStreamLazy(name, { size: file.bytes, mtime, compress: false }, (done) => {
        deps.materials.blobs.open(file.blobKey).then(
          (blob) => (blob ? done(null, blob.stream) : done(new Error(`file ${file.id} is missing`), new PassThrough())),
          (error: unknown) => done(error, new PassThrough()),
        );
      });
    }
  });
  // yazl tells the total when every size is known (@types/yazl leaves the argument out); -1 otherwise.
  type End = (this: ZipFile, options: undefined, totalSize: (bytes: number) => void) => void;
  const bytes = await new Promise<number>((resolve) => (zip.end as unknown as End).call(zip, undefined, resolve));
  const stream = new PassThrough();
  zip.outputStream.on('error', (error) => {
    log.error({ err: error }, 'the materials ZIP broke off');
    stream.destroy(error);
  });
  zip.outputStream.pipe(stream);
  return { stream, bytes, fileName: `Unterlagen-${order.booking.bookingNumber}.zip` };
}
