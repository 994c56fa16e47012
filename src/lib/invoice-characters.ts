/**
 * What an invoice can print (docs/product.md#d37-invoices): the letters, digits and punctuation of
 * the invoice's typeface (Figtree's Latin and Latin Extended halves), so that whatever the forms
 * accept for an invoice reads on it as typed: German, French, Polish, Czech, Turkish, Romanian,
 * Baltic and Nordic names, never an empty box. One line each: a line break would add a line to
 * the address block of a tax document. tests/unit/invoice-characters.test.ts checks the list
 * against the fonts.
 */
import * as v from 'valibot';

const PRINTABLE =
  /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u0113\u0116-\u0127\u012A-\u012B\u012E-\u0137\u0139-\u013E\u0141-\u0148\u014A-\u014D\u0150-\u0161\u0164-\u0165\u016A-\u017E\u01CD-\u01CE\u0218-\u021B\u0237\u02C6-\u02C7\u02DA\u02DC-\u02DD\u1E80-\u1E85\u1E9E\u1EF2-\u1EF3\u2013-\u2014\u2018-\u201A\u201C-\u201E\u2020\u2022\u2026\u2039-\u203A\u2044\u20AC\u20B9\u2122\u2191\u2193\u2212\u2215]$/u;

/** Line breaks, tabs and other control characters: never part of one line of an address. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export const INVOICE_CHARACTER_MESSAGES = {
  oneLine: 'Bitte in einer Zeile, ohne Zeilenumbrüche oder Steuerzeichen.',
  unprintable: (character: string) =>
    `Das Zeichen „${character}“ kann die Rechnung nicht drucken. Bitte verwenden Sie lateinische Buchstaben (auch mit Akzenten wie é, ł, ş, č), Ziffern und übliche Satzzeichen.`,
} as const;

/** True for one character (a code point) the invoice prints. */
export const printsOnInvoice = (character: string): boolean => PRINTABLE.test(character);

/** Why `text` cannot stand on one line of an invoice, or undefined when it can. */
export function invoiceTextProblem(text: string): string | undefined {
  if (CONTROL.test(text)) return INVOICE_CHARACTER_MESSAGES.oneLine;
  const unprintable = [...text].find((character) => !printsOnInvoice(character));
  return unprintable === undefined ? undefined : INVOICE_CHARACTER_MESSAGES.unprintable(unprintable);
}

/** A pipe action for a string that is printed on invoices: one line of printable characters. */
export const printableOnInvoice = () =>
  v.rawCheck<string>(({ dataset, addIssue }) => {
    const problem = dataset.typed ? invoiceTextProblem(dataset.value) : undefined;
    if (problem) addIssue({ message: problem });
  });
