/**
 * The invoice's typeface: the site's Figtree, embedded (PDF/A allows no font that is not). Fontsource
 * ships it in halves, Latin and Latin Extended; a text is drawn in runs, each in the half that has
 * its letters, so that "Wiśniewska-Dvořák" prints as typed (docs/product.md#d37-invoices; what the
 * forms accept is src/lib/invoice-characters.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from '@cantoo/pdf-lib';

const require = createRequire(import.meta.url);
const HALVES = ['latin', 'latin-ext'] as const;
const fontFile = (half: (typeof HALVES)[number], weight: number) =>
  readFileSync(require.resolve(`@fontsource/figtree/files/figtree-${half}-${weight}-normal.woff`));
const FILES = {
  regular: HALVES.map((half) => fontFile(half, 400)),
  bold: HALVES.map((half) => fontFile(half, 700)),
};

/** Stands for a character neither half has (an address stored before the forms refused it). */
const MISSING = '\uFFFD';

/** One weight of the typeface, both halves, measured and drawn alike. */
export class Face {
  readonly #halves: { font: PDFFont; has: Set<number> }[];

  constructor(fonts: PDFFont[]) {
    this.#halves = fonts.map((font) => ({ font, has: new Set(font.getCharacterSet()) }));
  }

  covers(character: string): boolean {
    const code = character.codePointAt(0) ?? -1;
    return this.#halves.some((half) => half.has.has(code));
  }

  /** `text` in runs of one half each. */
  #runs(text: string): { font: PDFFont; text: string }[] {
    const runs: { font: PDFFont; text: string }[] = [];
    for (const typed of text) {
      const code = typed.codePointAt(0) ?? -1;
      const half = this.#halves.find((candidate) => candidate.has.has(code));
      const character = half ? typed : MISSING;
      const font = (half ?? this.#halves[0])?.font;
      if (!font) throw new Error('a face without fonts');
      const last = runs.at(-1);
      if (last?.font === font) last.text += character;
      else runs.push({ font, text: character });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.#runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: Color }): void {
    let x = at.x;
    for (const run of this.#runs(text)) {
      page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
      x += run.font.widthOfTextAtSize(run.text, at.size);
    }
  }
}

export interface Typeface {
  regular: Face;
  bold: Face;
}

/** Embeds both weights into `pdf`, each half as a subset of the glyphs it draws. */
export async function embedTypeface(pdf: PDFDocument): Promise<Typeface> {
  pdf.registerFontkit(fontkit);
  const embed = (files: Buffer[]) => Promise.all(files.map((file) => pdf.embedFont(file, { subset: true })));
  return { regular: new Face(await embed(FILES.regular)), bold: new Face(await embed(FILES.bold)) };
}
