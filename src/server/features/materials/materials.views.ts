/**
 * The materials' contract (docs/product.md#d36-next-steps): what a paid order's customer hands over
 * per ordered item, the files with what the check on arrival found, and where the order stands, as
 * `GET /booking/{id}/materials` answers the order's owner and staff.
 */
import * as v from 'valibot';
import { FILE_SLOTS, FILE_TYPES, TEXT_LISTS } from '../../../lib/materials.ts';
import { PRODUCT_KINDS } from '../../../lib/product-kinds.ts';
import { PROGRESS_STEPS } from '../../../lib/progress-steps.ts';
import { UNITS } from '../../../lib/units.ts';

/** `ok`: fine; `note`: worth knowing (the colour space); `warning`: the customer replaces the file or accepts it. */
export const FINDING_LEVELS = ['ok', 'note', 'warning'] as const;

export const ProgressViewSchema = v.pipe(
  v.object({
    step: v.picklist(PROGRESS_STEPS),
    /** When the order reached this step (ISO timestamp). */
    since: v.string(),
    /** When the customer handed the materials over, or null. */
    handedOverAt: v.nullable(v.string()),
    /** A print order shipped: the carrier and its tracking number; empty otherwise. */
    carrier: v.string(),
    trackingNumber: v.string(),
    /** A website delivered: where it is online; empty otherwise. */
    siteUrl: v.string(),
    /** A maintenance term started on (YYYY-MM-DD), or null. */
    startedOn: v.nullable(v.string()),
    /** What staff wrote when they asked for more materials; empty otherwise. */
    note: v.string(),
    /** When the files were deleted after the retention period (docs/product.md#d36-next-steps), or null. */
    filesRemovedAt: v.nullable(v.string()),
  }),
  v.metadata({ ref: 'Progress' }),
);
export type ProgressView = v.InferOutput<typeof ProgressViewSchema>;

const FindingSchema = v.object({ level: v.picklist(FINDING_LEVELS), message: v.string() });
export type Finding = v.InferOutput<typeof FindingSchema>;

/** The check of a print file on arrival, read against the position's final format and the print rules. */
const PreflightViewSchema = v.object({
  /** What the file is: "PDF, 1 Seite, 1006 × 706 mm", "TIFF, 5906 × 4134 Pixel, CMYK". */
  summary: v.string(),
  findings: v.array(FindingSchema),
  /** The lowest effective resolution at the final format (dpi), or null without a format or images. */
  effectiveDpi: v.nullable(v.number()),
  /** What the format needs: 300 dpi up to DIN A3, 150 dpi above (content/pricing.yaml). */
  requiredDpi: v.nullable(v.number()),
  /** A warning the customer has neither answered with a new file nor accepted. */
  needsDecision: v.boolean(),
  /** When the customer accepted printing with this file at this format (ISO timestamp), or null. */
  acceptedAt: v.nullable(v.string()),
});

export const MaterialFileViewSchema = v.pipe(
  v.object({
    id: v.number(),
    itemId: v.number(),
    slot: v.picklist(FILE_SLOTS),
    /** The name on the customer's computer. */
    fileName: v.string(),
    /** What the bytes are, told by their content. */
    fileType: v.picklist(FILE_TYPES),
    bytes: v.number(),
    uploadedAt: v.string(),
    /** Print files only; null for other files. */
    preflight: v.nullable(PreflightViewSchema),
  }),
  v.metadata({ ref: 'MaterialFile' }),
);
export type MaterialFileView = v.InferOutput<typeof MaterialFileViewSchema>;

const SlotViewSchema = v.object({
  slot: v.picklist(FILE_SLOTS),
  types: v.array(v.picklist(FILE_TYPES)),
  maxBytes: v.number(),
  maxFiles: v.number(),
  /** How many more files the slot takes. */
  filesLeft: v.number(),
});

const EntrySchema = v.object({ title: v.string(), text: v.string() });

/** What the customer typed, by the item's kind. */
const ItemDataSchema = v.variant('kind', [
  v.object({
    kind: v.literal('website'),
    siteName: v.string(),
    desiredAddress: v.string(),
    pages: v.array(EntrySchema),
    services: v.array(EntrySchema),
    cards: v.array(EntrySchema),
  }),
  v.object({
    kind: v.literal('print'),
    widthCm: v.nullable(v.number()),
    heightCm: v.nullable(v.number()),
    noFile: v.boolean(),
    note: v.string(),
  }),
  v.object({
    kind: v.literal('maintenance'),
    siteAddress: v.string(),
    system: v.string(),
    contactName: v.string(),
    contactPhone: v.string(),
    callTimes: v.string(),
  }),
  v.object({ kind: v.literal('service'), note: v.string() }),
]);

export const MaterialItemViewSchema = v.pipe(
  v.object({
    /** The ordered item (its id in the booking). */
    id: v.number(),
    kind: v.picklist(PRODUCT_KINDS),
    type: v.string(),
    quantity: v.number(),
    unit: v.picklist(UNITS),
    /** A website's model from the order (content/models.yaml), or null. */
    model: v.nullable(v.object({ number: v.number(), name: v.string() })),
    /** A website's typed texts: the lists its model offers and how many entries each takes. */
    lists: v.array(v.object({ list: v.picklist(TEXT_LISTS), max: v.number() })),
    /** A print position billed by the hour is design work: it asks for a briefing, not a print file. */
    design: v.boolean(),
    data: ItemDataSchema,
    slots: v.array(SlotViewSchema),
    files: v.array(MaterialFileViewSchema),
    /** What handing over still needs, in German; empty when the item is complete. */
    missing: v.array(v.string()),
  }),
  v.metadata({ ref: 'MaterialItem' }),
);
export type MaterialItemView = v.InferOutput<typeof MaterialItemViewSchema>;

export const MaterialsViewSchema = v.pipe(
  v.object({
    bookingId: v.number(),
    bookingNumber: v.string(),
    progress: ProgressViewSchema,
    /** Whether materials may still change: a paid order, before it is handed over or in work. */
    editable: v.boolean(),
    /** Why they may not, in German; null when they may. */
    closedReason: v.nullable(v.string()),
    items: v.array(MaterialItemViewSchema),
  }),
  v.metadata({ ref: 'Materials' }),
);
export type MaterialsView = v.InferOutput<typeof MaterialsViewSchema>;

/** An upload under way: the client sends the rest from `received` on, in parts of at most `chunkBytes`. */
export const UploadViewSchema = v.pipe(
  v.object({
    id: v.string(),
    itemId: v.number(),
    slot: v.picklist(FILE_SLOTS),
    fileName: v.string(),
    size: v.number(),
    received: v.number(),
    chunkBytes: v.number(),
  }),
  v.metadata({ ref: 'Upload' }),
);
export type UploadView = v.InferOutput<typeof UploadViewSchema>;

/** A link that downloads a file (or all files as one ZIP) without a token, for a few minutes. */
export const DownloadLinkViewSchema = v.object({ url: v.string(), expiresAt: v.string() });
export type DownloadLinkView = v.InferOutput<typeof DownloadLinkViewSchema>;
