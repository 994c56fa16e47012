/**
 * Invoices (docs/product.md#d37-invoices): their kinds, numbers and file names, and what an issued
 * invoice says. The billing address: ./billing-address.ts.
 */
import type { BillingAddress } from './billing-address.ts';
import type { VatSetting } from './money.ts';
import type { PaymentProvider } from './payments.ts';
import type { Unit } from './units.ts';

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

export interface InvoiceSeller {
  legalName: string;
  representative: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  email: string;
  phone: string;
  vatId: string | undefined;
  taxNumber: string | undefined;
}

/**
 * A position: what was paid (gross, as the customer saw it in the shop) and its net share. The
 * gross unit price and discount are missing from documents issued before they were kept; such a
 * document's name carries its discount and its PDF shows the price the line works out to.
 */
export interface InvoiceLine {
  /** The article and its number. */
  name: string;
  quantity: number;
  unit: Unit;
  /** The price of one unit as the shop showed it. */
  unitGrossCents?: number;
  /** The yearly discount of a 12-month term, taken off quantity × unit price. */
  discountGrossCents?: number;
  /** What the line cost: quantity × unit price, less the discount. */
  grossCents: number;
  netCents: number;
  periodStart: string;
  periodEnd: string;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  /** YYYY-MM-DD, in the agency's time zone. */
  issueDate: string;
  orderNumber: string;
  /** The invoice a correcting invoice corrects. */
  corrects: { number: string; issueDate: string } | null;
  seller: InvoiceSeller;
  buyer: BillingAddress;
  lines: InvoiceLine[];
  vat: VatSetting;
  netCents: number;
  vatCents: number;
  grossCents: number;
  periodStart: string;
  periodEnd: string;
  payment: { provider: PaymentProvider; paidOn: string };
  /** Paid in a provider's test mode: the invoice says so in large letters. */
  testMode: boolean;
}
