/**
 * Invoices (docs/product.md#d37-invoices): their kinds, numbers and file names. The billing
 * address: ./billing-address.ts.
 */

/** An invoice (type 380) and the correcting invoice a refund issues (type 381). */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * How each is called where it is offered. The correction is a 'Rechnungskorrektur', not a
 * 'Gutschrift', which German VAT law reserves for self-billing (§ 14 Abs. 2 Satz 2 UStG).
 */
export const INVOICE_KIND_NAMES: Record<InvoiceKind, string> = {
  invoice: 'Rechnung',
  credit_note: 'Rechnungskorrektur',
};

/** "RE-2027-00001": the prefix, the calendar year, five digits (docs/product.md#d37-invoices). */
export const formatInvoiceNumber = (year: number, sequence: number): string =>
  `RE-${year}-${String(sequence).padStart(5, '0')}`;

/** "Rechnung-RE-2027-00001.pdf": the download's file name. */
export const invoiceFileName = (kind: InvoiceKind, number: string): string =>
  `${INVOICE_KIND_NAMES[kind]}-${number}.pdf`;
