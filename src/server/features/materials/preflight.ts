/**
 * A print file read against its position's final format and the print rules of
 * content/pricing.yaml (docs/product.md#d36-next-steps), in German with the numbers: for a raster
 * image its effective resolution at the format; for a PDF its page size against the format plus
 * bleed and the effective resolution of each image it draws; the colour space as a note. What the
 * file holds was found once on arrival (file-analysis.ts); this runs whenever the order is read,
 * so a changed format or rule shows at once.
 */

import type { FileAnalysis, PdfAnalysis, RasterAnalysis } from '../../../lib/materials.ts';
import { formatFormat } from '../../../lib/materials.ts';
import type { PrintMaterials } from '../../../lib/materials-input.ts';
import type { PrintResolution } from '../../../lib/next-steps.ts';
import type { Finding } from './materials.views.ts';

export interface PrintRules {
  resolution: PrintResolution;
  bleedMm: number;
}

export interface Format {
  widthCm: number;
  heightCm: number;
}

export interface Preflight {
  summary: string;
  findings: Finding[];
  effectiveDpi: number | null;
  requiredDpi: number | null;
}

/** DIN A3 in cm: formats up to it are seen from close by and need the higher resolution. */
const A3 = { short: 29.7, long: 42 };
/** A page may differ from the wanted size by this much (PDF sizes are in points, rounded by every program). */
const SIZE_TOLERANCE_MM = 1;
/** Images drawn smaller than this (icons, rules, patterns) do not decide a print's sharpness. */
const SMALLEST_IMAGE_MM = 5;
/** Aspect ratios this close count as the same. */
const ASPECT_TOLERANCE = 0.02;

export const formatOf = (data: PrintMaterials): Format | null =>
  data.widthCm && data.heightCm ? { widthCm: data.widthCm, heightCm: data.heightCm } : null;

/** "100x70": what an acceptance of a file's warnings was given for. */
export const formatKey = (format: Format | null): string | null =>
  format ? `${format.widthCm}x${format.heightCm}` : null;

export function requiredDpi(format: Format, { upToA3Dpi, largeFormatDpi }: PrintResolution): number {
  const [short, long] = [format.widthCm, format.heightCm].sort((a, b) => a - b) as [number, number];
  return short <= A3.short + 0.05 && long <= A3.long + 0.05 ? upToA3Dpi : largeFormatDpi;
}

const whole = (value: number) => String(Math.round(value));
const millimetres = (width: number, height: number) => `${whole(width)} × ${whole(height)} mm`;

const RESOLUTION_ADVICE =
  'Bitte laden Sie eine größere Datei hoch oder bestätigen Sie, dass wir mit dieser drucken sollen.';

const tooLow = (dpi: number, format: Format, required: number) =>
  `${whole(dpi)} dpi bei ${formatFormat(format.widthCm, format.heightCm)} – nötig sind ${required} dpi. ${RESOLUTION_ADVICE}`;

const enough = (dpi: number, format: Format, required: number) =>
  `${whole(dpi)} dpi bei ${formatFormat(format.widthCm, format.heightCm)}: ausreichend (nötig sind ${required} dpi).`;

/** Dots per inch of `pixels` spread over `mm`. */
const dpiOf = (pixels: number, mm: number) => pixels / (mm / 25.4);

const COLOUR_NOTES: Record<string, Finding> = {
  cmyk: { level: 'ok', message: 'Farbraum CMYK: so, wie wir drucken.' },
  'b-w': { level: 'note', message: 'Graustufen: Die Datei wird schwarz-weiß gedruckt.' },
  grey16: { level: 'note', message: 'Graustufen: Die Datei wird schwarz-weiß gedruckt.' },
};
const RGB_NOTE: Finding = {
  level: 'note',
  message:
    'Farbraum RGB: Wir rechnen die Farben für den Druck in CMYK um; sehr leuchtende Farben wirken gedruckt etwas matter.',
};

function rasterPreflight(raster: RasterAnalysis, format: Format | null, rules: PrintRules): Preflight {
  const space =
    raster.colourSpace === 'cmyk' ? 'CMYK' : ['b-w', 'grey16'].includes(raster.colourSpace) ? 'Graustufen' : 'RGB';
  const summary = `${whole(raster.width)} × ${whole(raster.height)} Pixel, ${space}`;
  const colour = COLOUR_NOTES[raster.colourSpace] ?? RGB_NOTE;
  if (!format) return { summary, findings: [colour], effectiveDpi: null, requiredDpi: null };
  const required = requiredDpi(format, rules.resolution);
  const [pixelsShort, pixelsLong] = [raster.width, raster.height].sort((a, b) => a - b) as [number, number];
  const [formatShort, formatLong] = [format.widthCm, format.heightCm].sort((a, b) => a - b) as [number, number];
  // Placed in the orientation that fits, filling the format: the scarcer side decides.
  const effective = Math.min(dpiOf(pixelsShort, formatShort * 10), dpiOf(pixelsLong, formatLong * 10));
  const findings: Finding[] = [
    Math.round(effective) >= required
      ? { level: 'ok', message: enough(effective, format, required) }
      : { level: 'warning', message: tooLow(effective, format, required) },
  ];
  const [fileRatio, formatRatio] = [pixelsLong / pixelsShort, formatLong / formatShort];
  if (Math.abs(fileRatio / formatRatio - 1) > ASPECT_TOLERANCE) {
    findings.push({
      level: 'warning',
      message: `Die Datei hat ein anderes Seitenverhältnis (${fileRatio.toFixed(2).replace('.', ',')} : 1) als das Endformat (${formatRatio.toFixed(2).replace('.', ',')} : 1): Beim Druck wird ein Teil abgeschnitten. Bitte laden Sie eine passende Datei hoch oder bestätigen Sie, dass wir so drucken sollen.`,
    });
  }
  findings.push(colour);
  return { summary, findings, effectiveDpi: Math.round(effective), requiredDpi: required };
}

const sameSize = (a: [number, number], b: [number, number]) => {
  const [a1, a2] = [...a].sort((x, y) => x - y) as [number, number];
  const [b1, b2] = [...b].sort((x, y) => x - y) as [number, number];
  return Math.abs(a1 - b1) <= SIZE_TOLERANCE_MM && Math.abs(a2 - b2) <= SIZE_TOLERANCE_MM;
};

function pdfPreflight(pdf: PdfAnalysis, format: Format | null, rules: PrintRules): Preflight {
  const first = pdf.pages[0] ?? { widthMm: 0, heightMm: 0 };
  const page: [number, number] = [first.widthMm, first.heightMm];
  const summary = `PDF, ${pdf.pageCount} ${pdf.pageCount === 1 ? 'Seite' : 'Seiten'}, ${millimetres(...page)}`;
  const colour: Finding = pdf.pdfx
    ? { level: 'ok', message: `${pdf.pdfx}: Farbraum und Druckbedingung sind in der Datei festgelegt.` }
    : {
        level: 'note',
        message:
          'Kein PDF/X: Farben in RGB rechnen wir für den Druck in CMYK um; sehr leuchtende Farben wirken gedruckt etwas matter.',
      };
  if (!format) return { summary, findings: [colour], effectiveDpi: null, requiredDpi: null };
  const findings: Finding[] = [];
  const bleed = rules.bleedMm;
  const trim: [number, number] = [format.widthCm * 10, format.heightCm * 10];
  const withBleed: [number, number] = [trim[0] + 2 * bleed, trim[1] + 2 * bleed];
  const formatText = formatFormat(format.widthCm, format.heightCm);
  // The page's trimmed size: how its content is scaled to the format (1 when the page fits).
  let pageTrim: [number, number] = page;
  if (sameSize(page, withBleed)) {
    findings.push({
      level: 'ok',
      message: `Seitengröße ${millimetres(...page)}: Endformat ${formatText} mit ${bleed} mm Beschnitt.`,
    });
    pageTrim = [page[0] - 2 * bleed, page[1] - 2 * bleed];
  } else if (sameSize(page, trim)) {
    findings.push({
      level: 'warning',
      message: `Die Seite hat das Endformat ${formatText}, aber keinen Beschnitt: Nötig sind ${bleed} mm an jeder Seite (${millimetres(...withBleed)}). Ohne Beschnitt kann am Rand ein weißer Streifen bleiben. Bitte laden Sie eine Datei mit Beschnitt hoch oder bestätigen Sie, dass wir mit dieser drucken sollen.`,
    });
  } else {
    findings.push({
      level: 'warning',
      message: `Die Seitengröße ${millimetres(...page)} passt nicht zum Endformat ${formatText} (mit ${bleed} mm Beschnitt: ${millimetres(...withBleed)}). Wir müssten die Datei verkleinern oder vergrößern. Bitte laden Sie eine Datei im Endformat hoch oder bestätigen Sie, dass wir sie so anpassen sollen.`,
    });
  }
  const otherSize = pdf.pages.findIndex((other) => !sameSize([other.widthMm, other.heightMm], page));
  if (otherSize > 0) {
    const other = pdf.pages[otherSize] as { widthMm: number; heightMm: number };
    findings.push({
      level: 'warning',
      message: `Seite ${otherSize + 1} hat eine andere Größe (${millimetres(other.widthMm, other.heightMm)}) als Seite 1. Bitte prüfen Sie die Datei.`,
    });
  }
  const scale = Math.max(...trim) / Math.max(...pageTrim);
  const required = requiredDpi(format, rules.resolution);
  const images = pdf.images
    .filter((image) => Math.min(image.drawnWidthMm, image.drawnHeightMm) >= SMALLEST_IMAGE_MM)
    .map((image, index) => ({
      index,
      page: image.page,
      dpi: Math.min(dpiOf(image.width, image.drawnWidthMm * scale), dpiOf(image.height, image.drawnHeightMm * scale)),
    }));
  const lowest = images.reduce<(typeof images)[number] | undefined>(
    (low, image) => (!low || image.dpi < low.dpi ? image : low),
    undefined,
  );
  if (!lowest) {
    findings.push({
      level: 'ok',
      message: 'Keine Rasterbilder: Schrift und Vektorgrafik drucken in jeder Größe scharf.',
    });
  } else if (Math.round(lowest.dpi) < required) {
    const others = images.filter((image) => image !== lowest && Math.round(image.dpi) < required).length;
    findings.push({
      level: 'warning',
      message: `Bild ${lowest.index + 1} auf Seite ${lowest.page}: ${tooLow(lowest.dpi, format, required)}${others > 0 ? ` Weitere ${others} ${others === 1 ? 'Bild liegt' : 'Bilder liegen'} ebenfalls darunter.` : ''}`,
    });
  } else {
    findings.push({
      level: 'ok',
      message: `${images.length === 1 ? 'Das Bild hat' : `Alle ${images.length} Bilder haben`} mindestens ${required} dpi bei ${formatText} (das schwächste ${whole(lowest.dpi)} dpi).`,
    });
  }
  findings.push(colour);
  return { summary, findings, effectiveDpi: lowest ? Math.round(lowest.dpi) : null, requiredDpi: required };
}

const UNCHECKED: Preflight = {
  summary: 'PDF',
  findings: [
    {
      level: 'note',
      message: 'Diese Datei konnten wir nicht automatisch prüfen. Wir sehen sie uns an, bevor wir drucken.',
    },
  ],
  effectiveDpi: null,
  requiredDpi: null,
};

const NO_FORMAT: Finding = {
  level: 'note',
  message: 'Geben Sie bitte das Endformat an; dann prüfen wir die Auflösung und die Seitengröße.',
};

/** The file's check read against `format` (null: not given yet) and the print rules. */
export function preflight(analysis: FileAnalysis, format: Format | null, rules: PrintRules): Preflight {
  const read =
    analysis.kind === 'raster'
      ? rasterPreflight(analysis, format, rules)
      : analysis.kind === 'pdf'
        ? pdfPreflight(analysis, format, rules)
        : UNCHECKED;
  return format ? read : { ...read, findings: [NO_FORMAT, ...read.findings] };
}
