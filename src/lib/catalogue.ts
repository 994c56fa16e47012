/**
 * Catalogue rules both sides share: the payment category's id and the add-category and
 * add-article payloads with their messages (docs/product.md#d10-payment-category,
 * #d11-catalogue-form-errors).
 */
import * as v from 'valibot';
import { isEuroAmount } from './money.ts';
import { present, presentNumber } from './schema-fields.ts';

/** The departament whose articles are the five website models: the payment page. */
export const PAYMENT_DEPARTAMENT_ID = 12;

export const CATALOGUE_MESSAGES = {
  departamentNumberRequired: 'Departament number is required!',
  departamentTypeRequired: 'Type is required!',
  departamentDescriptionRequired: 'Description is required!',
  articleNumberRequired: 'Artikelnummer ist erforderlich!',
  articleTypeRequired: 'Art des Artikels ist erforderlich!',
  priceRequired: 'Preis ist erforderlich!',
  priceInvalid: 'Preis muss eine Zahl von 0 bis 1.000.000 mit höchstens zwei Nachkommastellen sein!',
  departamentRequired: 'Kategorie ist erforderlich!',
  tooLong: (max: number) => `Höchstens ${max} Zeichen sind erlaubt!`,
} as const;

const m = CATALOGUE_MESSAGES;

const text = (required: string, max: number) =>
  present(v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, m.tooLong(max))));

export const DepartamentSchema = v.object({
  number: text(m.departamentNumberRequired, 20),
  type: text(m.departamentTypeRequired, 120),
  description: text(m.departamentDescriptionRequired, 2000),
});
export type NewDepartament = v.InferOutput<typeof DepartamentSchema>;

export const ArticleSchema = v.object({
  number: text(m.articleNumberRequired, 20),
  type: text(m.articleTypeRequired, 200),
  price: presentNumber(v.pipe(v.number(m.priceRequired), v.check(isEuroAmount, m.priceInvalid))),
  departamentId: presentNumber(
    v.pipe(v.number(m.departamentRequired), v.integer(m.departamentRequired), v.minValue(1, m.departamentRequired)),
  ),
});
export type NewArticle = v.InferOutput<typeof ArticleSchema>;
