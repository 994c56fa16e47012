/**
 * The check of print files on arrival (docs/product.md#d36-next-steps) on files made for the case:
 * a 72-dpi PNG and a 300-dpi TIFF, PDFs with a low-resolution image, without bleed and of the
 * wrong page size, files that do not open and files of a type the shop does not take.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileAnalysis } from '../../src/lib/materials.ts';
import { inspectFile } from '../../src/server/features/materials/file-analysis.ts';
import { type Format, preflight, requiredDpi } from '../../src/server/features/materials/preflight.ts';
import { ApiError } from '../../src/server/http/errors.ts';
import { CORRUPT_PNG, LOW_RESOLUTION_BANNER, PRINT_READY_BANNER, pdfFile, rasterFile } from '../support/print-files.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'hwds-preflight-'));
let count = 0;
function onDisk(data: Buffer | string): { file: string; size: number } {
  const file = path.join(folder, `datei-${++count}`);
  writeFileSync(file, data);
  return { file, size: Buffer.byteLength(data) };
}

const PRINT_TYPES = ['pdf', 'tiff', 'jpeg', 'png'] as const;
const RULES = { resolution: { upToA3Dpi: 300, largeFormatDpi: 150 }, bleedMm: 3 };
const BANNER: Format = { widthCm: 100, heightCm: 70 };
const A4: Format = { widthCm: 21, heightCm: 29.7 };

async function analysed(data: Buffer | string): Promise<FileAnalysis> {
  const { file, size } = onDisk(data);
  const { analysis } = await inspectFile(file, size, PRINT_TYPES, true);
  if (!analysis) throw new Error('no analysis');
  return analysis;
}

async function refusal(data: Buffer | string, types: readonly ('pdf' | 'docx' | 'txt' | 'png' | 'jpeg' | 'tiff')[]) {
  const { file, size } = onDisk(data);
  try {
    await inspectFile(file, size, types, true);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the file was taken');
}

describe('raster print files', () => {
  it('tells a 72-dpi PNG on a 100 × 70 cm banner why it is too small, with the numbers', async () => {
    const result = preflight(await analysed(await rasterFile(LOW_RESOLUTION_BANNER)), BANNER, RULES);
    expect(result).toMatchObject({ summary: '2835 × 1984 Pixel, RGB', effectiveDpi: 72, requiredDpi: 150 });
    expect(result.findings[0]).toEqual({
      level: 'warning',
      message:
        '72 dpi bei 100 × 70 cm – nötig sind 150 dpi. Bitte laden Sie eine größere Datei hoch oder bestätigen Sie, dass wir mit dieser drucken sollen.',
    });
    expect(result.findings.at(-1)).toMatchObject({ level: 'note', message: expect.stringContaining('RGB') });
  });

  it('passes a 300-dpi CMYK TIFF at A4, in either orientation, and a 150-dpi banner', async () => {
    const tiff = await analysed(await rasterFile({ width: 2480, height: 3508, type: 'tiff', cmyk: true }));
    for (const format of [A4, { widthCm: 29.7, heightCm: 21 }]) {
      const result = preflight(tiff, format, RULES);
      expect(result.findings.map((finding) => finding.level)).toEqual(['ok', 'ok']);
      expect(result).toMatchObject({ effectiveDpi: 300, requiredDpi: 300, summary: '2480 × 3508 Pixel, CMYK' });
    }
    const banner = preflight(await analysed(await rasterFile(PRINT_READY_BANNER)), BANNER, RULES);
    expect(banner.findings[0]).toEqual({
      level: 'ok',
      message: '150 dpi bei 100 × 70 cm: ausreichend (nötig sind 150 dpi).',
    });
  });

  it('asks 300 dpi up to DIN A3 and 150 dpi above', () => {
    expect(requiredDpi({ widthCm: 29.7, heightCm: 42 }, RULES.resolution)).toBe(300);
    expect(requiredDpi({ widthCm: 42, heightCm: 29.7 }, RULES.resolution)).toBe(300);
    expect(requiredDpi({ widthCm: 30, heightCm: 42 }, RULES.resolution)).toBe(150);
  });

  it('warns when the file must be cropped to the format', async () => {
    const square = await analysed(await rasterFile({ width: 6000, height: 6000, type: 'jpeg' }));
    const result = preflight(square, BANNER, RULES);
    expect(result.findings.map((finding) => finding.level)).toEqual(['ok', 'warning', 'note']);
    expect(result.findings[1]?.message).toContain('anderes Seitenverhältnis (1,00 : 1) als das Endformat (1,43 : 1)');
  });

  it('asks for the format before it judges the resolution', async () => {
    const result = preflight(await analysed(await rasterFile(LOW_RESOLUTION_BANNER)), null, RULES);
    expect(result.findings[0]?.message).toContain('Endformat an');
    expect(result.findings.some((finding) => finding.level === 'warning')).toBe(false);
  });
});

describe('PDF print files', () => {
  it('finds an image of too few pixels for the format, with the numbers', async () => {
    const pdf = await pdfFile({ page: [1006, 706], image: { pixels: [1000, 700], drawn: [1006, 706] } });
    const result = preflight(await analysed(pdf), BANNER, RULES);
    expect(result.summary).toBe('PDF, 1 Seite, 1006 × 706 mm');
    expect(result.findings[0]).toEqual({
      level: 'ok',
      message: 'Seitengröße 1006 × 706 mm: Endformat 100 × 70 cm mit 3 mm Beschnitt.',
    });
    expect(result.findings[1]?.level).toBe('warning');
    expect(result.findings[1]?.message).toMatch(/^Bild 1 auf Seite 1: 25 dpi bei 100 × 70 cm – nötig sind 150 dpi\./);
    expect(result).toMatchObject({ effectiveDpi: 25, requiredDpi: 150 });
  });

  it('finds the wrong page size and a page without bleed', async () => {
    const a4 = await analysed(await pdfFile({ page: [210, 297] }));
    const wrong = preflight(a4, BANNER, RULES);
    expect(wrong.findings[0]).toMatchObject({
      level: 'warning',
      message: expect.stringContaining(
        'Die Seitengröße 210 × 297 mm passt nicht zum Endformat 100 × 70 cm (mit 3 mm Beschnitt: 1006 × 706 mm)',
      ),
    });
    expect(wrong.findings[1]).toMatchObject({ level: 'ok', message: expect.stringContaining('Keine Rasterbilder') });
    const noBleed = preflight(a4, A4, RULES);
    expect(noBleed.findings[0]).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('keinen Beschnitt'),
    });
  });

  it('reads an image at the size it is printed when the page is scaled to the format', async () => {
    // An A4 page for an A1 poster: the 3508-px image is scaled by 2.83 and keeps 106 dpi.
    const pdf = await pdfFile({ page: [210, 297], image: { pixels: [2480, 3508], drawn: [210, 297] } });
    const result = preflight(await analysed(pdf), { widthCm: 59.4, heightCm: 84.1 }, RULES);
    expect(result.effectiveDpi).toBe(106);
  });
});

describe('files the shop does not take', () => {
  it('refuses a file that does not open, by its content whatever its name', async () => {
    expect(await refusal(CORRUPT_PNG, PRINT_TYPES)).toEqual({
      status: 422,
      message: expect.stringContaining('beschädigt oder unvollständig'),
    });
    const jpeg = await rasterFile({ width: 800, height: 600, type: 'jpeg' });
    expect((await refusal(jpeg.subarray(0, jpeg.length / 2), PRINT_TYPES)).status).toBe(422);
    expect((await refusal(Buffer.from('%PDF-1.7\nnichts weiter'), PRINT_TYPES)).status).toBe(422);
  });

  it('refuses SVG, HTML and programs, and a type the slot does not take', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await refusal(svg, ['pdf', 'docx', 'txt'])).toEqual({
      status: 415,
      message:
        'Diese Datei nehmen wir hier nicht an. Erlaubt sind: PDF, DOCX, TXT (erkannt am Inhalt der Datei, nicht am Namen).',
    });
    expect((await refusal('<!DOCTYPE html><html><body>Hallo</body></html>', ['txt'])).status).toBe(415);
    expect((await refusal(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), ['txt'])).status).toBe(415);
    expect((await refusal('Über uns\nWir sind eine Bäckerei.', PRINT_TYPES)).status).toBe(415);
  });

  it('takes plain German text as TXT', async () => {
    const { file, size } = onDisk('Über uns\r\nSeit 1952 backen wir in Wiesbaden-Biebrich.\n');
    expect(await inspectFile(file, size, ['txt'], false)).toEqual({ fileType: 'txt', analysis: null });
  });
});
