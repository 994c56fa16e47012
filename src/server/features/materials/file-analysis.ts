/**
 * The check of a file on arrival (docs/product.md#d36-next-steps): its type by its bytes, whether
 * it opens at all, and for a print file what a print shop needs to know of it: a raster image's
 * pixels and colour space (sharp), a PDF's page sizes and the images it draws with their pixels and
 * drawn size (pdf.js, in a worker thread). What this finds does not depend on the final format;
 * preflight.ts reads it against the format and the print rules, so a changed format needs no
 * second look at the file.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Semaphore } from 'async-mutex';
import sharp from 'sharp';
import {
  FILE_TYPE_NAMES,
  type FileAnalysis,
  type FileType,
  type PdfAnalysis,
  type RasterAnalysis,
  type UncheckedAnalysis,
} from '../../../lib/materials.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { projectRoot } from '../../project-root.ts';
import { fileTypeOf } from './file-types.ts';

/** What the PDF worker answers. */
export type PdfOutcome = { outcome: 'ok'; analysis: PdfAnalysis } | { outcome: 'corrupt' | 'encrypted' | 'active' };

export const FILE_MESSAGES = {
  wrongType: (allowed: readonly FileType[]) =>
    `Diese Datei nehmen wir hier nicht an. Erlaubt ${allowed.length === 1 ? 'ist' : 'sind'}: ${allowed.map((type) => FILE_TYPE_NAMES[type]).join(', ')} (erkannt am Inhalt der Datei, nicht am Namen).`,
  corrupt:
    'Die Datei ist beschädigt oder unvollständig und lässt sich nicht öffnen. Bitte laden Sie sie noch einmal hoch.',
  encrypted: 'Die PDF-Datei ist mit einem Passwort geschützt. Bitte laden Sie sie ohne Passwortschutz hoch.',
  active:
    'Die PDF-Datei enthält Skripte oder angehängte Dateien. Bitte exportieren Sie sie ohne diese (z. B. als PDF/X) und laden Sie sie dann hoch.',
} as const;

/** Raster files larger than this many pixels are refused unread (a 5 × 2 m banner at 150 dpi has 350 million). */
const MAX_PIXELS = 1_000_000_000;

const RASTER_TYPES: readonly FileType[] = ['jpeg', 'png', 'tiff'];

async function analyseRaster(file: string): Promise<RasterAnalysis> {
  const options = { failOn: 'error', limitInputPixels: MAX_PIXELS, sequentialRead: true } as const;
  try {
    const { width, height, space, orientation } = await sharp(file, options).metadata();
    // Decoding it whole (in strips, shrunk on load) finds a file that is cut off or broken inside.
    await sharp(file, options).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    const quarterTurn = (orientation ?? 1) >= 5;
    return {
      kind: 'raster',
      width: quarterTurn ? height : width,
      height: quarterTurn ? width : height,
      colourSpace: space ?? 'srgb',
    };
  } catch {
    throw new ApiError(422, FILE_MESSAGES.corrupt);
  }
}

/** One PDF at a time per process: a large one takes a core and a few hundred MB for seconds. */
const pdfSlot = new Semaphore(1);
/** After this long a PDF counts as unchecked rather than keeping its customer waiting. */
const PDF_TIME_LIMIT_MS = 120_000;

const WORKER = path.join(projectRoot(), 'src/server/features/materials/pdf-analysis.worker.ts');

function analysePdfInWorker(file: string): Promise<PdfOutcome | UncheckedAnalysis> {
  return new Promise((resolve) => {
    // Its own heap, so that a PDF which needs more ends the worker, not the server.
    const worker = new Worker(WORKER, { workerData: file, resourceLimits: { maxOldGenerationSizeMb: 768 } });
    const timer = setTimeout(() => {
      log.warn({ file: path.basename(file) }, 'a PDF took too long to check');
      void worker.terminate();
      resolve({ kind: 'unchecked' });
    }, PDF_TIME_LIMIT_MS);
    worker.once('message', (outcome: PdfOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      log.warn({ err: error }, 'a PDF could not be checked');
      resolve({ kind: 'unchecked' });
    });
  });
}

async function analysePdf(file: string): Promise<PdfAnalysis | UncheckedAnalysis> {
  const result = await pdfSlot.runExclusive(() => analysePdfInWorker(file));
  if ('kind' in result) return result;
  if (result.outcome === 'ok') return result.analysis;
  throw new ApiError(result.outcome === 'active' ? 415 : 422, FILE_MESSAGES[result.outcome]);
}

/**
 * Checks the file at `file` for a slot that takes `types`: 415 for another type, 422 for a file that
 * does not open. With `analyse`, a print file's facts; else just that it opens (images) or is what
 * it claims.
 */
export async function inspectFile(
  file: string,
  size: number,
  types: readonly FileType[],
  analyse: boolean,
): Promise<{ fileType: FileType; analysis: FileAnalysis | null }> {
  const fileType = await fileTypeOf(file, size);
  if (!fileType || !types.includes(fileType)) throw new ApiError(415, FILE_MESSAGES.wrongType(types));
  if (RASTER_TYPES.includes(fileType)) {
    const raster = await analyseRaster(file);
    return { fileType, analysis: analyse ? raster : null };
  }
  if (fileType === 'pdf') {
    const pdf = await analysePdf(file);
    return { fileType, analysis: analyse ? pdf : null };
  }
  return { fileType, analysis: null };
}
