/**
 * Print files as customers send them, made on the fly and small (flat colours compress to a few KB
 * whatever their pixels): raster images of a given size, type and colour space, and PDFs of a page
 * size that draw an image of given pixels at a given size (docs/product.md#d36-next-steps).
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';

const POINTS_PER_MM = 72 / 25.4;

export interface RasterSpec {
  width: number;
  height: number;
  type: 'png' | 'tiff' | 'jpeg';
  cmyk?: boolean;
  /** The resolution the file states (it says nothing about the print; the pixels do). */
  density?: number;
}

export async function rasterFile({ width, height, type, cmyk = false, density = 72 }: RasterSpec): Promise<Buffer> {
  const colour = { width: 64, height: 64, channels: 3 as const, background: { r: 40, g: 110, b: 190 } };
  let image = cmyk
    ? // Converted while small, then enlarged in CMYK: converting millions of pixels takes seconds.
      sharp(await sharp({ create: colour }).toColourspace('cmyk').tiff().toBuffer())
        .pipelineColourspace('cmyk')
        .resize(width, height, { kernel: 'nearest', fit: 'fill' })
        .toColourspace('cmyk')
    : sharp({ create: { ...colour, width, height } });
  image = image.withDensity(density);
  if (type === 'png') return image.png({ compressionLevel: 9 }).toBuffer();
  if (type === 'tiff') return image.tiff({ compression: 'lzw' }).toBuffer();
  return image.jpeg({ quality: 80 }).toBuffer();
}

export interface PdfSpec {
  /** The page in mm. */
  page: [number, number];
  /** An image of these pixels drawn at `drawn` mm; none for a PDF of text only. */
  image?: { pixels: [number, number]; drawn: [number, number] };
}

export async function pdfFile({ page, image }: PdfSpec): Promise<Buffer> {
  const document = await PDFDocument.create();
  const sheet = document.addPage([page[0] * POINTS_PER_MM, page[1] * POINTS_PER_MM]);
  sheet.drawText('Sommerfest 2027', { x: 20, y: 20, size: 24 });
  if (image) {
    const [width, height] = image.pixels;
    const jpeg = await rasterFile({ width, height, type: 'jpeg' });
    const embedded = await document.embedJpg(jpeg);
    sheet.drawImage(embedded, {
      x: 0,
      y: 0,
      width: image.drawn[0] * POINTS_PER_MM,
      height: image.drawn[1] * POINTS_PER_MM,
    });
  }
  return Buffer.from(await document.save());
}

/** A PNG's signature and header, then nothing that decodes: a file broken in transfer. */
export const CORRUPT_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR kaputt, abgebrochen beim Hochladen'),
]);

/** A banner of 100 × 70 cm as a screen image: 2835 × 1984 px, 72 dpi at that size. */
export const LOW_RESOLUTION_BANNER: RasterSpec = { width: 2835, height: 1984, type: 'png' };

/** The same banner at 150 dpi: 5906 × 4134 px. */
export const PRINT_READY_BANNER: RasterSpec = { width: 5906, height: 4134, type: 'tiff', cmyk: true };
