/**
 * What each ordered item asks of its customer, by its kind (docs/product.md#d36-next-steps): a
 * website its name, address, texts, logo and photos within its model's limits (content/models.yaml),
 * a print position one print file at its final format (a design position billed by the hour a
 * briefing instead), maintenance the site, its system and a contact (never a password), consulting
 * and service an optional briefing. Pure functions of the stored rows and the served content.
 */
import type { Model } from '../../../content-schemas/models.ts';
import { PAYMENT_CATEGORY_ID } from '../../../lib/catalogue.ts';
import {
  FILE_TYPES,
  type FileSlot,
  type FileType,
  formatFormat,
  formatSquareMetres,
  SLOT_RULES,
  TEXT_LIST_NAMES,
  type TextList,
  UNLIMITED_MODEL,
} from '../../../lib/materials.ts';
import { type ItemMaterials, MATERIALS_MESSAGES, type PrintMaterials } from '../../../lib/materials-input.ts';
import type { PrintFileRules } from '../../../lib/next-steps.ts';
import type { bookingItems, materialFiles } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { MaterialFileView, MaterialItemView } from './materials.views.ts';
import { formatKey, formatOf, preflight } from './preflight.ts';

export type ItemRow = typeof bookingItems.$inferSelect;
export type FileRow = typeof materialFiles.$inferSelect;

/** What the item's kind asks, before anything was typed. */
export function emptyMaterials(item: Pick<ItemRow, 'kind'>): ItemMaterials {
  switch (item.kind) {
    case 'website':
      return { kind: 'website', siteName: '', desiredAddress: '', pages: [], services: [], cards: [] };
    case 'print':
      return { kind: 'print', widthCm: null, heightCm: null, noFile: false, note: '' };
    case 'maintenance':
      return { kind: 'maintenance', siteAddress: '', system: '', contactName: '', contactPhone: '', callTimes: '' };
    case 'service':
      return { kind: 'service', note: '' };
  }
}

/** A print position billed by the hour is design work: it asks for a briefing, not for a print file. */
export const isDesign = (item: Pick<ItemRow, 'kind' | 'unit'>): boolean =>
  item.kind === 'print' && item.unit === 'hour';

/** Whether an order of these items waits for materials after the payment; one of consulting alone does not. */
export const needsMaterials = (items: Pick<ItemRow, 'kind' | 'unit'>[]): boolean =>
  items.some(
    (item) => item.kind === 'website' || item.kind === 'maintenance' || (item.kind === 'print' && !isDesign(item)),
  );

/** The website model an item was ordered as: the article of the payment category with the model's number, else by its name. */
export function modelOf(item: ItemRow, models: readonly Model[]): Model | undefined {
  if (item.kind !== 'website') return undefined;
  return (
    models.find((model) => item.categoryId === PAYMENT_CATEGORY_ID && String(model.number) === item.articleNumber) ??
    models.find((model) => model.name === item.articleType)
  );
}

/** The typed lists a website item offers, and how many entries each takes. */
export function listsOf(model: Model | undefined): { list: TextList; max: number }[] {
  const limits = model?.limits ?? {};
  const lists = [
    ...(limits.pages ? [{ list: 'pages' as const, max: limits.pages }] : []),
    ...(limits.services ? [{ list: 'services' as const, max: limits.services }] : []),
    ...(limits.productCards ? [{ list: 'cards' as const, max: limits.productCards }] : []),
  ];
  // The individual solution names no limits: pages and services, as many as are agreed, up to a ceiling.
  return lists.length > 0
    ? lists
    : [
        { list: 'pages', max: UNLIMITED_MODEL.entries },
        { list: 'services', max: UNLIMITED_MODEL.entries },
      ];
}

/** The print formats of content/pricing.yaml as file types ('jpg' is JPEG). */
const printTypes = (rules: PrintFileRules): FileType[] =>
  FILE_TYPES.filter((type) => rules.fileFormats.some((format) => (format === 'jpg' ? 'jpeg' : format) === type));

export interface SlotRule {
  slot: FileSlot;
  types: readonly FileType[];
  maxBytes: number;
  maxFiles: number;
}

/** The file slots of an item, with what each takes. */
export function slotsOf(item: ItemRow, model: Model | undefined, rules: PrintFileRules): SlotRule[] {
  const slot = (name: FileSlot, overrides: Partial<SlotRule> = {}): SlotRule => ({
    slot: name,
    ...SLOT_RULES[name],
    ...overrides,
  });
  switch (item.kind) {
    case 'website':
      return [slot('text'), slot('logo'), slot('photo', { maxFiles: model?.limits.photos ?? UNLIMITED_MODEL.photos })];
    case 'print':
      return isDesign(item) ? [slot('briefing')] : [slot('print', { types: printTypes(rules) })];
    case 'maintenance':
      return [];
    case 'service':
      return [slot('briefing')];
  }
}

export interface ItemContext {
  models: readonly Model[];
  rules: PrintFileRules;
}

export function fileView(file: FileRow, data: ItemMaterials, rules: PrintFileRules): MaterialFileView {
  const format = data.kind === 'print' ? formatOf(data) : null;
  let preflightView: MaterialFileView['preflight'] = null;
  if (file.slot === 'print' && file.analysis) {
    const read = preflight(file.analysis, format, rules);
    const accepted = file.acceptedAt !== null && file.acceptedFor === formatKey(format);
    const warned = read.findings.some((finding) => finding.level === 'warning');
    preflightView = {
      ...read,
      summary: file.analysis.kind === 'raster' ? `${file.fileType.toUpperCase()}, ${read.summary}` : read.summary,
      needsDecision: warned && !accepted,
      acceptedAt: accepted && file.acceptedAt ? file.acceptedAt.toISOString() : null,
    };
  }
  return {
    id: file.id,
    itemId: file.bookingItemId,
    slot: file.slot,
    fileName: file.fileName,
    fileType: file.fileType,
    bytes: file.bytes,
    uploadedAt: file.uploadedAt.toISOString(),
    preflight: preflightView,
  };
}

/** What handing over still needs of the item, in the customer's words. */
function missingOf(item: ItemRow, data: ItemMaterials, files: MaterialFileView[]): string[] {
  switch (data.kind) {
    case 'website': {
      const typed = [...data.pages, ...data.services, ...data.cards].length > 0;
      return [
        ...(data.siteName ? [] : ['der Name der Website']),
        ...(data.desiredAddress ? [] : ['die gewünschte Adresse der Website']),
        ...(typed || files.some((file) => file.slot === 'text') ? [] : ['Texte (getippt oder als Datei)']),
      ];
    }
    case 'print': {
      if (isDesign(item) || data.noFile) return [];
      const printFile = files.find((file) => file.slot === 'print');
      return [
        ...(formatOf(data) ? [] : ['das Endformat (Breite × Höhe)']),
        ...(printFile ? [] : ['die Druckdatei']),
        ...(printFile?.preflight?.needsDecision
          ? ['Ihre Entscheidung zur Druckdatei (eine neue Datei oder „So drucken“)']
          : []),
      ];
    }
    case 'maintenance':
      return [
        ...(data.siteAddress ? [] : ['die Adresse Ihrer Website']),
        ...(data.system ? [] : ['das System Ihrer Website']),
        ...(data.contactName ? [] : ['eine Ansprechperson']),
        ...(data.contactPhone ? [] : ['deren Telefonnummer']),
      ];
    case 'service':
      return [];
  }
}

export function itemView(
  item: ItemRow,
  stored: ItemMaterials | undefined,
  files: FileRow[],
  { models, rules }: ItemContext,
): MaterialItemView {
  const data = stored ?? emptyMaterials(item);
  const model = modelOf(item, models);
  const views = files.map((file) => fileView(file, data, rules));
  return {
    id: item.id,
    kind: item.kind,
    type: item.articleType,
    quantity: item.quantity,
    unit: item.unit,
    model: model ? { number: model.number, name: model.name } : null,
    lists: item.kind === 'website' ? listsOf(model) : [],
    design: isDesign(item),
    data,
    slots: slotsOf(item, model, rules).map(({ slot, types, maxBytes, maxFiles }) => ({
      slot,
      types: [...types],
      maxBytes,
      maxFiles,
      filesLeft: Math.max(0, maxFiles - views.filter((file) => file.slot === slot).length),
    })),
    files: views,
    missing: missingOf(item, data, views),
  };
}

/**
 * The rules typed input must keep that depend on the order: the item's kind, a website model's
 * limits, and a print position sold per m² whose format must fit the area ordered. 400 at the field.
 */
export function checkAgainstOrder(item: ItemRow, data: ItemMaterials, models: readonly Model[]): void {
  const refuse = (fieldName: string, message: string) => {
    throw new ApiError(400, message, { errors: [{ fieldName, message }] });
  };
  if (data.kind !== item.kind) refuse('kind', MATERIALS_MESSAGES.kind);
  if (data.kind === 'website') {
    const offered = listsOf(modelOf(item, models));
    for (const list of ['pages', 'services', 'cards'] as const) {
      const max = offered.find((entry) => entry.list === list)?.max ?? 0;
      if (data[list].length > max) refuse(list, MATERIALS_MESSAGES.tooManyEntries(max, TEXT_LIST_NAMES[list].title));
    }
  }
  if (data.kind === 'print') checkArea(item, data, refuse);
}

function checkArea(item: ItemRow, data: PrintMaterials, refuse: (fieldName: string, message: string) => void): void {
  if (item.unit !== 'sqm' || !data.widthCm || !data.heightCm) return;
  // In whole hundredths of a m², as the order states its quantity.
  const area = Math.round((data.widthCm * data.heightCm) / 100);
  if (area > Math.round(item.quantity * 100)) {
    refuse(
      'widthCm',
      `Das Format ${formatFormat(data.widthCm, data.heightCm)} hat ${formatSquareMetres(data.widthCm, data.heightCm)}, bestellt sind ${item.quantity.toFixed(2).replace('.', ',')} m². Bitte geben Sie ein Format an, das in die bestellte Fläche passt, oder schreiben Sie uns, wenn Sie mehr Fläche brauchen.`,
    );
  }
}
