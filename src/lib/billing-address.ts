/**
 * The customer's billing address (docs/product.md#d37-invoices): the same rules and German
 * messages for the form and PUT /users/me/billing-address, and the VAT number's form and check
 * digit.
 */
import * as v from 'valibot';
import { countryName } from './countries.ts';
import { printableOnInvoice } from './invoice-characters.ts';
import { present } from './schema-fields.ts';

export const BILLING_MESSAGES = {
  nameRequired: 'Bitte geben Sie den Namen an, auf den die Rechnung lauten soll.',
  streetRequired: 'Bitte geben Sie Straße und Hausnummer an.',
  postalCodeRequired: 'Bitte geben Sie die Postleitzahl an.',
  postalCodeGerman: 'Eine deutsche Postleitzahl hat fünf Ziffern.',
  postalCodeInvalid: 'Bitte prüfen Sie die Postleitzahl.',
  cityRequired: 'Bitte geben Sie den Ort an.',
  countryInvalid: 'Bitte wählen Sie ein Land aus der Liste.',
  vatIdFormat: 'Diese USt-IdNr. hat nicht die Form, die das Land vorgibt (zum Beispiel DE123456789).',
  vatIdCheckDigit: 'Diese USt-IdNr. ist nicht gültig: Ihre Prüfziffer stimmt nicht. Bitte prüfen Sie die Ziffern.',
  vatIdCountry: 'Die USt-IdNr. muss mit dem Länderkennzeichen des Landes beginnen (für Deutschland DE).',
  tooLong: (max: number) => `Höchstens ${max} Zeichen sind erlaubt.`,
  missing: 'Bitte geben Sie zuerst Ihre Rechnungsadresse an: Sie steht auf der Rechnung zu dieser Bestellung.',
} as const;

const m = BILLING_MESSAGES;

/**
 * Countries offered in the form: Germany first, then its neighbours and the rest of the EU; the
 * API takes any ISO 3166-1 alpha-2 code.
 */
export const BILLING_COUNTRIES = [
  'DE', 'AT', 'CH', 'LI', 'LU', 'NL', 'BE', 'FR', 'DK', 'PL', 'CZ', 'IT', 'ES', 'PT', 'IE', 'SE', 'FI',
  'NO', 'GB', 'GR', 'HU', 'SK', 'SI', 'HR', 'RO', 'BG', 'EE', 'LV', 'LT', 'MT', 'CY', 'US',
] as const; // biome-ignore format: one list of codes

/**
 * The form of each EU member state's VAT number (and the UK's and Switzerland's), without the
 * prefix; from the EU Commission's VIES rules.
 */
const VAT_ID_FORMS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CH: /^E\d{9}(MWST|TVA|IVA)?$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-Z0-9]{2}\d{9}$/,
  GB: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** The check digit of a German USt-IdNr. (ISO 7064, MOD 11,10), as the Bundeszentralamt für Steuern computes it. */
function germanCheckDigitHolds(digits: string): boolean {
  let product = 10;
  for (const digit of digits.slice(0, 8)) {
    let sum = (Number(digit) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === Number(digits[8]);
}

/** "de 123 456 789" → "DE123456789". */
export const normaliseVatId = (typed: string): string => typed.toUpperCase().replace(/[\s.-]/g, '');

/** The first rule a VAT number breaks for the billing country, or undefined. Greece's prefix is EL. */
export function vatIdProblem(vatId: string, country: string): string | undefined {
  const prefix = vatId.slice(0, 2);
  const expected = country === 'GR' ? 'EL' : country;
  const form = VAT_ID_FORMS[prefix];
  if (!form) return VAT_ID_FORMS[expected] ? m.vatIdCountry : m.vatIdFormat;
  if (prefix !== expected) return m.vatIdCountry;
  const rest = vatId.slice(2);
  if (!form.test(rest)) return m.vatIdFormat;
  if (prefix === 'DE' && !germanCheckDigitHolds(rest)) return m.vatIdCheckDigit;
  return undefined;
}

// Every field is printed on the invoice: one line, in characters its typeface has.
const text = (required: string, max: number) =>
  present(
    v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, m.tooLong(max)), printableOnInvoice()),
  );
const optionalText = (max: number) =>
  v.optional(v.pipe(v.string(m.tooLong(max)), v.trim(), v.maxLength(max, m.tooLong(max)), printableOnInvoice()), '');

export const BillingAddressSchema = v.pipe(
  v.object({
    name: text(m.nameRequired, 100),
    company: optionalText(100),
    street: text(m.streetRequired, 100),
    postalCode: text(m.postalCodeRequired, 10),
    city: text(m.cityRequired, 60),
    country: v.optional(
      v.pipe(
        v.string(m.countryInvalid),
        v.trim(),
        v.toUpperCase(),
        v.check((code) => countryName(code) !== undefined, m.countryInvalid),
      ),
      'DE',
    ),
    vatId: v.pipe(optionalText(20), v.transform(normaliseVatId)),
  }),
  v.forward(
    v.check(({ postalCode, country }) => country !== 'DE' || /^\d{5}$/.test(postalCode), m.postalCodeGerman),
    ['postalCode'],
  ),
  v.forward(
    v.check(({ postalCode }) => /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(postalCode), m.postalCodeInvalid),
    ['postalCode'],
  ),
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value.vatId === '') return;
      const problem = vatIdProblem(dataset.value.vatId, dataset.value.country);
      if (problem) addIssue({ message: problem });
    }),
    ['vatId'],
  ),
);
export type BillingAddress = v.InferOutput<typeof BillingAddressSchema>;

/** The stored address, as GET and PUT /users/me/billing-address answer. */
export const BillingAddressViewSchema = v.pipe(
  v.object({
    name: v.string(),
    company: v.string(),
    street: v.string(),
    postalCode: v.string(),
    city: v.string(),
    country: v.string(),
    vatId: v.string(),
  }),
  v.metadata({ ref: 'BillingAddress' }),
);
