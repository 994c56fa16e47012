/**
 * What a customer hands over after paying, per ordered item and its kind ('Unterlagen',
 * docs/product.md#d36-next-steps): the words, the limits and what a print file's check found. The
 * input rules are in materials-input.ts, which the materials page loads only when it saves.
 */

/**
 * What a file is for: a website's texts, logo and photos, a print position's print file, and what
 * a consulting appointment or a design job should see beforehand (briefing).
 */
export const FILE_SLOTS = ['text', 'logo', 'photo', 'print', 'briefing'] as const;
export type FileSlot = (typeof FILE_SLOTS)[number];

export const FILE_SLOT_NAMES: Record<FileSlot, string> = {
  text: 'Texte',
  logo: 'Logo',
  photo: 'Fotos',
  print: 'Druckdatei',
  briefing: 'Unterlagen zum Termin',
};

/** The file types taken anywhere, told by their bytes, never by their name (docs/product.md#d36-next-steps). */
export const FILE_TYPES = ['pdf', 'jpeg', 'png', 'tiff', 'docx', 'txt'] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const FILE_TYPE_NAMES: Record<FileType, string> = {
  pdf: 'PDF',
  jpeg: 'JPG',
  png: 'PNG',
  tiff: 'TIFF',
  docx: 'DOCX',
  txt: 'TXT',
};

/** What the browser's file picker offers for a type. */
export const FILE_TYPE_PICKS: Record<FileType, string> = {
  pdf: '.pdf,application/pdf',
  jpeg: '.jpg,.jpeg,image/jpeg',
  png: '.png,image/png',
  tiff: '.tif,.tiff,image/tiff',
  docx: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: '.txt,text/plain',
};

const MB = 1024 * 1024;

/**
 * Per slot: the types it takes, the largest file and how many files. A website model's photo limit
 * replaces the photo count where the model has one (content/models.yaml); print takes the formats
 * of content/pricing.yaml.
 */
export const SLOT_RULES: Record<FileSlot, { types: readonly FileType[]; maxBytes: number; maxFiles: number }> = {
  text: { types: ['pdf', 'docx', 'txt'], maxBytes: 20 * MB, maxFiles: 20 },
  logo: { types: ['png', 'jpeg', 'pdf'], maxBytes: 50 * MB, maxFiles: 1 },
  photo: { types: ['jpeg', 'png'], maxBytes: 25 * MB, maxFiles: 100 },
  print: { types: ['pdf', 'tiff', 'jpeg', 'png'], maxBytes: 200 * MB, maxFiles: 1 },
  briefing: { types: ['pdf', 'docx', 'txt', 'jpeg', 'png'], maxBytes: 25 * MB, maxFiles: 10 },
};

/** The largest file anywhere: a print file. */
export const MAX_FILE_BYTES = SLOT_RULES.print.maxBytes;

/** "200 MB", "25 MB", "1,5 MB". */
export const formatMegabytes = (bytes: number): string =>
  `${String(Math.round((bytes / MB) * 10) / 10).replace('.', ',')} MB`;

/** A file's size as a list shows it: "1,5 MB", or below a megabyte "84 KB" (where "0 MB" would say nothing). */
export const formatFileSize = (bytes: number): string =>
  bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : formatMegabytes(bytes);

/** "PDF, DOCX oder TXT, höchstens 20 MB": what a file field takes, said beside it. */
export const formatSlotRule = (types: readonly FileType[], maxBytes: number): string => {
  const names = types.map((type) => FILE_TYPE_NAMES[type]);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} oder ${names.at(-1)}` : (names[0] ?? '');
  return `${listed}, höchstens ${formatMegabytes(maxBytes)}`;
};

/** A website's typed texts: its pages, its services, or a shop's product and service cards. */
export const TEXT_LISTS = ['pages', 'services', 'cards'] as const;
export type TextList = (typeof TEXT_LISTS)[number];

export const TEXT_LIST_NAMES: Record<TextList, { title: string; one: string }> = {
  pages: { title: 'Seiten', one: 'Seite' },
  services: { title: 'Leistungen', one: 'Leistung' },
  cards: { title: 'Produkt- oder Leistungskarten', one: 'Karte' },
};

/** Longest typed text of an entry: a page is longer than a card. Longer texts come as a file. */
export const TEXT_LENGTHS: Record<TextList, number> = { pages: 5000, services: 1000, cards: 1000 };

/** How many entries a list and how many photos a model takes where content/models.yaml names no limit (model 5). */
export const UNLIMITED_MODEL = { entries: 20, photos: SLOT_RULES.photo.maxFiles } as const;

/** "100 × 70 cm", "29,7 × 42 cm". */
export const formatFormat = (widthCm: number, heightCm: number): string =>
  `${String(widthCm).replace('.', ',')} × ${String(heightCm).replace('.', ',')} cm`;

/** "0,70 m²": an area in square metres, two decimals as an order's quantity. */
export const formatSquareMetres = (widthCm: number, heightCm: number): string =>
  `${((widthCm * heightCm) / 10_000).toFixed(2).replace('.', ',')} m²`;

/** What a print file's check on arrival found (docs/product.md#d36-next-steps). */
export interface RasterAnalysis {
  kind: 'raster';
  width: number;
  height: number;
  /** libvips' interpretation: `srgb`, `cmyk`, `b-w`, `rgb16`, `grey16`, … */
  colourSpace: string;
}

export interface PdfImage {
  page: number;
  /** Pixels. */
  width: number;
  height: number;
  /** Millimetres on the page. */
  drawnWidthMm: number;
  drawnHeightMm: number;
}

export interface PdfAnalysis {
  kind: 'pdf';
  pageCount: number;
  /** The first pages (at most 20), each as it is shown (rotation applied). */
  pages: { widthMm: number; heightMm: number }[];
  images: PdfImage[];
  /** "PDF/X-4" when the file says it is one. */
  pdfx: string | null;
}

/** A PDF too large or too slow to read within the time given: staff look at it by hand. */
export interface UncheckedAnalysis {
  kind: 'unchecked';
}

export type FileAnalysis = RasterAnalysis | PdfAnalysis | UncheckedAnalysis;
