/**
 * What an uploaded file is, told by its bytes, never by its name or the type the browser claims
 * (docs/product.md#d36-next-steps): PDF, JPEG, PNG and TIFF by their signatures, DOCX as a ZIP with
 * a Word document and no macros, TXT as UTF-8 text without markup. Anything else (SVG, HTML,
 * programs, other archives) is no type the shop takes.
 */
import { open } from 'node:fs/promises';
import type { FileType } from '../../../lib/materials.ts';

const SIGNATURES: [FileType, number[]][] = [
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['tiff', [0x49, 0x49, 0x2a, 0x00]],
  ['tiff', [0x4d, 0x4d, 0x00, 0x2a]],
];

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
/** The end of a ZIP's central directory is within its last 64 KB and 22 bytes. */
const ZIP_TAIL = 65_557;
/** A DOCX names its parts in a directory of a few KB; a larger one is no text document. */
const MAX_ZIP_DIRECTORY = 1024 * 1024;
/** Text is read whole to check it: text files are small (the text slot takes 20 MB). */
const MAX_TEXT_BYTES = 20 * 1024 * 1024;

const startsWith = (data: Uint8Array, signature: number[]) => signature.every((byte, index) => data[index] === byte);

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The names in a ZIP's central directory, or undefined when it has none that can be read. */
async function zipEntryNames(file: string, size: number): Promise<string[] | undefined> {
  const tailStart = Math.max(0, size - ZIP_TAIL);
  const tail = await readAt(file, tailStart, size - tailStart);
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > tail.length) return undefined;
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize > MAX_ZIP_DIRECTORY || directoryOffset + directorySize > size) return undefined;
  const directory = await readAt(file, directoryOffset, directorySize);
  const names: string[] = [];
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50; ) {
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** A Word document (Office Open XML) without macros or ActiveX controls: what DOCX means here. */
const isWordDocument = (names: string[]) =>
  names.includes('[Content_Types].xml') &&
  names.includes('word/document.xml') &&
  !names.some((name) => /vbaProject\.bin$|vbaData\.xml$|^word\/activeX\//i.test(name));

/** Markup that a browser or viewer would run or render, whatever the name says. */
const MARKUP = /^\s*<(\?xml|svg|!doctype|html|script)/i;

function isPlainText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // Tab, line feed, form feed and carriage return are text; other control characters are not.
  return !/(?![\t\n\f\r])\p{Cc}/u.test(text) && !MARKUP.test(text.replace(/^\uFEFF/, ''));
}

/** The type of the file at `file` (`size` bytes), or undefined when it is none the shop takes. */
export async function fileTypeOf(file: string, size: number): Promise<FileType | undefined> {
  const head = await readAt(file, 0, 1024);
  const signed = SIGNATURES.find(([, signature]) => startsWith(head, signature));
  if (signed) return signed[0];
  // A PDF may have a few bytes before its header (ISO 32000-1, 7.5.2 tolerates them in readers).
  if (head.indexOf('%PDF-') >= 0) return 'pdf';
  if (startsWith(head, ZIP_SIGNATURE)) {
    const names = await zipEntryNames(file, size);
    return names && isWordDocument(names) ? 'docx' : undefined;
  }
  if (size <= MAX_TEXT_BYTES && isPlainText(await readAt(file, 0, size))) return 'txt';
  return undefined;
}

/** The type a file is served with: its own, so that nothing is guessed (served as an attachment anyway). */
export const CONTENT_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tiff: 'image/tiff',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};
