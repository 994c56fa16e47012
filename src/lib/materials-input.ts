/**
 * The input rules of the materials (docs/product.md#d36-next-steps) with their German messages:
 * what the API accepts, and what the materials page checks before it saves. A module apart from
 * materials.ts, so the page loads them (and the account rules they share) with its first save, not
 * with the page.
 */
import * as v from 'valibot';
import { ACCOUNT_MESSAGES } from './accounts.ts';
import { isIsoDate } from './dates.ts';
import { FILE_SLOTS, TEXT_LENGTHS, TEXT_LIST_NAMES, type TextList } from './materials.ts';
import { PROGRESS_STEPS } from './progress-steps.ts';

/** "5.000": grouped by hand, since a formatter made when this module loads would cost every page that loads it. */
const grouped = (count: number): string => String(count).replace(/\B(?=(\d{3})+$)/g, '.');

export const MATERIALS_MESSAGES = {
  siteNameTooLong: 'Der Name der Website darf höchstens 80 Zeichen lang sein.',
  address: 'Bitte geben Sie eine Adresse wie www.beispiel.de an.',
  titleRequired: 'Bitte geben Sie jedem Eintrag einen Titel.',
  titleTooLong: 'Ein Titel darf höchstens 120 Zeichen lang sein.',
  textTooLong: (max: number) =>
    `Ein Text darf hier höchstens ${grouped(max)} Zeichen lang sein. Längere Texte laden Sie bitte als Datei hoch.`,
  tooManyEntries: (count: number, what: string) => `Höchstens ${count} ${what} sind in Ihrem Modell enthalten.`,
  format: 'Bitte geben Sie Breite und Höhe in Zentimetern an, von 1 bis 10.000 (z. B. 100 oder 29,7).',
  noteTooLong: (max: number) => `Höchstens ${grouped(max)} Zeichen sind erlaubt.`,
  systemTooLong: 'Der Name des Systems darf höchstens 80 Zeichen lang sein.',
  contactTooLong: 'Der Name darf höchstens 100 Zeichen lang sein.',
  kind: 'Diese Angaben passen nicht zur Art der Position.',
  fileName: 'Bitte geben Sie den Namen der Datei an (höchstens 200 Zeichen).',
  size: 'Die Größe der Datei ist ungültig.',
  slot: 'Unbekannte Art von Datei.',
  item: 'Bitte geben Sie die Position der Bestellung an.',
  step: 'Unbekannter Schritt.',
  trackingNumber: 'Bitte geben Sie die Sendungsnummer an (Buchstaben und Ziffern, höchstens 40 Zeichen).',
  carrier: 'Bitte geben Sie den Versanddienst an (höchstens 40 Zeichen).',
  siteUrl: 'Bitte geben Sie die Adresse der fertigen Website an, z. B. https://www.beispiel.de.',
  startedOn: 'Bitte geben Sie das Datum an, an dem die Wartung begonnen hat.',
  missingNote: 'Bitte schreiben Sie dem Kunden, was noch fehlt (höchstens 1.000 Zeichen).',
} as const;

const m = MATERIALS_MESSAGES;

/** Trimmed text of at most `max` characters, empty allowed (a draft: completeness is checked on handing over). */
const optionalText = (max: number, message: string) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.maxLength(max, message)), '');

/**
 * A web address as people type it ("www.bäckerei-müller.de", "https://beispiel.de/"), stored as its
 * host name in lower case; empty allowed.
 */
const HOST_NAME = /^(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;
export const hostNameOf = (typed: string): string =>
  typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');
const webAddress = v.optional(
  v.pipe(
    v.string(m.address),
    v.transform(hostNameOf),
    v.check((host) => host === '' || HOST_NAME.test(host), m.address),
  ),
  '',
);

const entry = (list: TextList) =>
  v.object({
    title: v.pipe(v.string(m.titleRequired), v.trim(), v.nonEmpty(m.titleRequired), v.maxLength(120, m.titleTooLong)),
    text: optionalText(TEXT_LENGTHS[list], m.textTooLong(TEXT_LENGTHS[list])),
  });

/** The most entries any model may take: the model's own limit is checked by the server, which knows the model. */
const MAX_ENTRIES = 50;
const entries = (list: TextList) =>
  v.optional(
    v.pipe(v.array(entry(list)), v.maxLength(MAX_ENTRIES, m.tooManyEntries(MAX_ENTRIES, TEXT_LIST_NAMES[list].title))),
    [],
  );

export const WebsiteMaterialsSchema = v.object({
  kind: v.literal('website', m.kind),
  siteName: optionalText(80, m.siteNameTooLong),
  /** The address the site should have; the model comes from the order. */
  desiredAddress: webAddress,
  pages: entries('pages'),
  services: entries('services'),
  cards: entries('cards'),
});

/** A length in cm as typed or sent: a number from 1 to 10.000 with at most one decimal place. */
const centimetres = v.optional(
  v.nullable(
    v.pipe(
      v.number(m.format),
      v.minValue(1, m.format),
      v.maxValue(10_000, m.format),
      v.check((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, m.format),
    ),
  ),
  null,
);

export const PrintMaterialsSchema = v.object({
  kind: v.literal('print', m.kind),
  /** The final format, width × height in cm (without bleed). */
  widthCm: centimetres,
  heightCm: centimetres,
  /** No file for this position: a surcharge, or a design HWDS makes (the note says). */
  noFile: v.optional(v.boolean(m.kind), false),
  note: optionalText(1000, m.noteTooLong(1000)),
});

/** A phone number as people write it; empty allowed. */
const phone = v.optional(
  v.pipe(
    v.string(ACCOUNT_MESSAGES.phoneDigitsOnly),
    v.trim(),
    v.check((typed) => typed === '' || /^\+?[\d ()/-]+$/.test(typed), ACCOUNT_MESSAGES.phoneDigitsOnly),
    v.maxLength(30, ACCOUNT_MESSAGES.phoneTooLong),
    v.check((typed) => typed === '' || typed.replace(/\D/g, '').length >= 5, ACCOUNT_MESSAGES.phoneTooShort),
  ),
  '',
);

/** Never a password: access is agreed on the phone (docs/product.md#d36-next-steps). */
export const MaintenanceMaterialsSchema = v.object({
  kind: v.literal('maintenance', m.kind),
  siteAddress: webAddress,
  /** WordPress, TYPO3, Shopware, …: as the customer names it. */
  system: optionalText(80, m.systemTooLong),
  contactName: optionalText(100, m.contactTooLong),
  contactPhone: phone,
  /** When the contact is best reached, e.g. "vormittags". */
  callTimes: optionalText(200, m.noteTooLong(200)),
});

/** What a consulting appointment, a photo shoot or a design job should know beforehand: all optional. */
export const ServiceMaterialsSchema = v.object({
  kind: v.literal('service', m.kind),
  note: optionalText(4000, m.noteTooLong(4000)),
});

export const ItemMaterialsSchema = v.variant(
  'kind',
  [WebsiteMaterialsSchema, PrintMaterialsSchema, MaintenanceMaterialsSchema, ServiceMaterialsSchema],
  m.kind,
);
export type ItemMaterials = v.InferOutput<typeof ItemMaterialsSchema>;
export type WebsiteMaterials = v.InferOutput<typeof WebsiteMaterialsSchema>;
export type PrintMaterials = v.InferOutput<typeof PrintMaterialsSchema>;
export type MaintenanceMaterials = v.InferOutput<typeof MaintenanceMaterialsSchema>;
export type ServiceMaterials = v.InferOutput<typeof ServiceMaterialsSchema>;

/** A file's name as the customer's computer names it: the last path segment, no control characters. */
export const cleanFileName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);

/** Starting an upload: which position and slot, the file's name and its size in bytes. */
export const UploadStartSchema = v.object({
  itemId: v.pipe(v.number(m.item), v.integer(m.item), v.minValue(1, m.item), v.maxValue(2_147_483_647, m.item)),
  slot: v.picklist(FILE_SLOTS, m.slot),
  fileName: v.pipe(v.string(m.fileName), v.transform(cleanFileName), v.nonEmpty(m.fileName)),
  size: v.pipe(v.number(m.size), v.integer(m.size), v.minValue(1, m.size), v.maxValue(Number.MAX_SAFE_INTEGER, m.size)),
});

/** A tracking number as carriers print it: letters, digits, spaces and hyphens. */
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/;

/**
 * Staff move an order on: what the step needs is checked with the order (a print order's tracking
 * number, a website's address, a maintenance term's start, a note when materials are missing).
 */
export const ProgressChangeSchema = v.object({
  step: v.picklist(PROGRESS_STEPS, m.step),
  carrier: optionalText(40, m.carrier),
  trackingNumber: v.optional(
    v.pipe(
      v.string(m.trackingNumber),
      v.trim(),
      v.check((value) => value === '' || TRACKING_NUMBER.test(value), m.trackingNumber),
    ),
    '',
  ),
  siteUrl: v.optional(
    v.pipe(
      v.string(m.siteUrl),
      v.trim(),
      v.check((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value), m.siteUrl),
      v.maxLength(300, m.siteUrl),
    ),
    '',
  ),
  startedOn: v.optional(
    v.pipe(
      v.string(m.startedOn),
      v.check((value) => value === '' || isIsoDate(value), m.startedOn),
    ),
    '',
  ),
  note: optionalText(1000, m.missingNote),
});
export type ProgressChange = v.InferOutput<typeof ProgressChangeSchema>;
