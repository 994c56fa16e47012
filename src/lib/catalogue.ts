/**
 * Catalogue rules both sides share: the payment category's id and the add-category and
 * add-article payloads with their messages (docs/product.md#d10-payment-category,
 * #d11-catalogue-form-errors).
 */
import * as v from 'valibot';
import { printableOnInvoice } from './invoice-characters.ts';
import { isEuroAmount, parseEuroInput } from './money.ts';
import { PRODUCT_KIND_NAMES, PRODUCT_KINDS, type ProductKind } from './product-kinds.ts';
import { databaseId, present, presentNumber } from './schema-fields.ts';
import { UNIT_NAMES, UNITS, type Unit } from './units.ts';

/** The category whose articles are the five website models: the payment page. */
export const PAYMENT_CATEGORY_ID = 12;

export const CATALOGUE_MESSAGES = {
  categoryNumberRequired: 'Kategorienummer ist erforderlich!',
  categoryTypeRequired: 'Typ ist erforderlich!',
  categoryDescriptionRequired: 'Beschreibung ist erforderlich!',
  articleNumberRequired: 'Artikelnummer ist erforderlich!',
  articleTypeRequired: 'Art des Artikels ist erforderlich!',
  priceRequired: 'Preis ist erforderlich!',
  priceInvalid: 'Preis muss eine Zahl von 0 bis 1.000.000 mit höchstens zwei Nachkommastellen sein!',
  categoryRequired: 'Kategorie ist erforderlich!',
  unitUnknown: `Bitte wählen Sie eine Einheit: ${Object.values(UNIT_NAMES).join(', ')}.`,
  kindUnknown: `Bitte wählen Sie eine Leistung: ${Object.values(PRODUCT_KIND_NAMES).join(', ')}.`,
  maintenanceByMonth: 'Wartung wird pro Monat berechnet: Bitte wählen Sie bei „Preis gilt“ „pro Monat“.',
  monthIsMaintenance: '„pro Monat“ gilt nur für Wartung (6 oder 12 Monate): Bitte wählen Sie die Leistung „Wartung“.',
  tooLong: (max: number) => `Höchstens ${max} Zeichen sind erlaubt!`,
  nothingToChange: 'Bitte ändern Sie mindestens ein Feld.',
} as const;

const m = CATALOGUE_MESSAGES;

const textRule = (required: string, max: number) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, m.tooLong(max)));

const categoryFields = {
  number: textRule(m.categoryNumberRequired, 20),
  type: textRule(m.categoryTypeRequired, 120),
  description: textRule(m.categoryDescriptionRequired, 2000),
};

const articleFields = {
  number: textRule(m.articleNumberRequired, 20),
  /** Printed on invoices as the position's name. */
  type: v.pipe(textRule(m.articleTypeRequired, 200), printableOnInvoice()),
  price: v.pipe(v.number(m.priceRequired), v.check(isEuroAmount, m.priceInvalid)),
  /** What the price is for (docs/product.md#d34-units-and-quantities). */
  unit: v.picklist(UNITS, m.unitUnknown),
  /** What is sold, for what the customer does after paying (docs/product.md#d36-next-steps). */
  kind: v.picklist(PRODUCT_KINDS, m.kindUnknown),
};

/**
 * The kind an article has when nobody chose one (an earlier client, an article made before kinds
 * existed): maintenance by the month, the models of the payment category, otherwise print.
 */
export const defaultKind = (unit: Unit, categoryId: number): ProductKind =>
  unit === 'month' ? 'maintenance' : categoryId === PAYMENT_CATEGORY_ID ? 'website' : 'print';

/**
 * Maintenance is what is sold by the month, and only maintenance is: which field of an article is
 * wrong, and why (the API answers 400 at that field).
 */
export function kindUnitProblem(
  kind: ProductKind,
  unit: Unit,
): { field: 'kind' | 'unit'; message: string } | undefined {
  if (kind === 'maintenance' && unit !== 'month') return { field: 'kind', message: m.maintenanceByMonth };
  if (kind !== 'maintenance' && unit === 'month') return { field: 'unit', message: m.monthIsMaintenance };
  return undefined;
}

/**
 * The kind a staff form sends: by the month it is maintenance whatever the select said before;
 * a unit changed away from the month takes the category's default instead of maintenance.
 */
export const kindOfForm = (chosen: ProductKind, unit: Unit, categoryId: number): ProductKind =>
  unit === 'month' ? 'maintenance' : chosen === 'maintenance' ? defaultKind(unit, categoryId) : chosen;

/** A change: only the fields sent, each checked like at creation, at least one of them. */
const someOf = <TEntries extends v.ObjectEntries>(fields: TEntries) =>
  v.pipe(
    v.object(
      Object.fromEntries(Object.entries(fields).map(([name, rule]) => [name, v.optional(rule)])) as {
        [K in keyof TEntries]: v.OptionalSchema<TEntries[K], undefined>;
      },
    ),
    v.check((change) => Object.values(change).some((value) => value !== undefined), m.nothingToChange),
  );

/** POST /departaments and the add-category form. */
export const CategorySchema = v.object({
  number: present(categoryFields.number),
  type: present(categoryFields.type),
  description: present(categoryFields.description),
});
export type NewCategory = v.InferOutput<typeof CategorySchema>;

/** PATCH /departaments/{id} (docs/product.md#d23-admin-editing-and-orders). */
export const CategoryChangeSchema = someOf(categoryFields);
export type CategoryChange = v.InferOutput<typeof CategoryChangeSchema>;

/**
 * POST /articles; without a unit (the earlier client) the price is flat, without a kind the
 * article gets its default kind; kind and unit must fit (the server checks, `kindUnitProblem`).
 */
export const ArticleSchema = v.object({
  number: present(articleFields.number),
  type: present(articleFields.type),
  price: presentNumber(articleFields.price),
  unit: v.optional(articleFields.unit, 'flat'),
  kind: v.optional(articleFields.kind),
  departamentId: presentNumber(databaseId(m.categoryRequired)),
});
export type NewArticle = v.InferOutput<typeof ArticleSchema>;

/**
 * PATCH /articles/{id}: a new price applies to carts from then on, never to placed bookings; kind
 * and unit are checked together with what the article has (the server).
 */
export const ArticleChangeSchema = someOf(articleFields);
export type ArticleChange = v.InferOutput<typeof ArticleChangeSchema>;

/** The price as staff type it (German decimal comma welcome), checked like the API's number. */
const typedPrice = v.pipe(
  v.string(m.priceRequired),
  v.trim(),
  v.nonEmpty(m.priceRequired),
  v.transform(parseEuroInput),
  v.check((price) => !Number.isNaN(price), m.priceInvalid),
  articleFields.price,
);

/** The add-article form: the payload without its category, the price as typed. */
export const ArticleFormSchema = v.object({
  number: present(articleFields.number),
  type: present(articleFields.type),
  price: v.optional(typedPrice, ''),
  unit: articleFields.unit,
  kind: articleFields.kind,
});

/** The edit-article form: type, price as typed, unit and kind. */
export const ArticleEditFormSchema = v.object({
  type: present(articleFields.type),
  price: v.optional(typedPrice, ''),
  unit: articleFields.unit,
  kind: articleFields.kind,
});

/** The edit-category form: type and description. */
export const CategoryEditFormSchema = v.object({
  type: present(categoryFields.type),
  description: present(categoryFields.description),
});
