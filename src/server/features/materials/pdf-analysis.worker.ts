/**
 * Reads a PDF in a worker thread of its own (file-analysis.ts starts it): its pages' sizes, the
 * images each page draws with their pixels and drawn size, whether it is PDF/X, and whether it
 * carries scripts or attached files. pdf.js (Mozilla's reader, pure JavaScript) interprets the
 * content as a viewer does, so an image drawn through nested forms and transformations gets the
 * size it is printed at; it decodes images while it reads, which costs a large PDF seconds of CPU
 * and memory: here, not in the thread that answers requests, and gone with the thread.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfAnalysis } from '../../../lib/materials.ts';
import type { PdfOutcome } from './file-analysis.ts';

/** Enough to judge a print file; a PDF of a hundred pages is read only as far as these. */
const MAX_PAGES = 20;
const MAX_IMAGES = 200;
const MM_PER_POINT = 25.4 / 72;

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

async function analyse(file: string): Promise<PdfOutcome> {
  const task = getDocument({
    url: pathToFileURL(file),
    // Read only the parts needed, from the file on disk, never the whole file into memory.
    disableStream: true,
    disableAutoFetch: true,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const [scripts, attachments, metadata] = await Promise.all([
      document.getJSActions(),
      document.getAttachments(),
      document.getMetadata(),
    ]);
    if ((scripts && Object.keys(scripts).length > 0) || (attachments && Object.keys(attachments).length > 0)) {
      return { outcome: 'active' };
    }
    // PDF/X names its version in the document information (`GTS_PDFXVersion`) or its XMP metadata.
    const custom = (metadata.info as { Custom?: Map<string, unknown> }).Custom;
    const pdfx = custom?.get('GTS_PDFXVersion') ?? metadata.metadata?.get('pdfxid:gts_pdfxversion') ?? null;
    const analysis: PdfAnalysis = {
      kind: 'pdf',
      pageCount: document.numPages,
      pages: [],
      images: [],
      pdfx: typeof pdfx === 'string' ? pdfx : null,
    };
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number);
      if (Object.keys((await page.getJSActions()) ?? {}).length > 0) return { outcome: 'active' };
      const [x1, y1, x2, y2] = page.view as [number, number, number, number];
      const unit = page.userUnit * MM_PER_POINT;
      const quarterTurn = page.rotate % 180 !== 0;
      const [width, height] = [Math.abs(x2 - x1) * unit, Math.abs(y2 - y1) * unit];
      analysis.pages.push(quarterTurn ? { widthMm: height, heightMm: width } : { widthMm: width, heightMm: height });
      const list = await page.getOperatorList();
      let current: Matrix = [1, 0, 0, 1, 0, 0];
      const saved: Matrix[] = [];
      list.fnArray.forEach((operation, index) => {
        const args = list.argsArray[index] as unknown[];
        if (operation === OPS.save || operation === OPS.paintFormXObjectBegin) saved.push(current);
        if (operation === OPS.restore || operation === OPS.paintFormXObjectEnd) current = saved.pop() ?? current;
        if (operation === OPS.transform) current = multiply(current, args as Matrix);
        if (operation === OPS.paintFormXObjectBegin && Array.isArray(args[0]))
          current = multiply(current, args[0] as Matrix);
        // An image fills the unit square of the current matrix; its sides are the matrix's columns.
        // (Repeated and tiny inline images, which pdf.js groups, are patterns and icons, not photos.)
        if (operation === OPS.paintImageXObject && analysis.images.length < MAX_IMAGES) {
          analysis.images.push({
            page: number,
            width: Number(args[1]),
            height: Number(args[2]),
            drawnWidthMm: Math.hypot(current[0], current[1]) * unit,
            drawnHeightMm: Math.hypot(current[2], current[3]) * unit,
          });
        }
      });
      page.cleanup();
    }
    return { outcome: 'ok', analysis };
  } catch (error) {
    return { outcome: (error as Error).name === 'PasswordException' ? 'encrypted' : 'corrupt' };
  } finally {
    await task.destroy();
  }
}

parentPort?.postMessage(await analyse(workerData as string));
