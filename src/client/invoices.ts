/** The invoices' calls of the REST API (docs/product.md#d37-invoices): billing address, PDF downloads. */
import type { BillingAddress } from '../lib/billing-address.ts';
import { type InvoiceKind, invoiceFileName } from '../lib/invoices.ts';
import { isHTTPError } from './failures.ts';
import { callerFor, type NoBody } from './http.ts';

export interface InvoiceRoutes {
  'GET users/me/billing-address': BillingAddress;
  'PUT users/me/billing-address': BillingAddress;
  'GET booking/{id}/invoice': NoBody;
  'GET booking/{id}/credit-note': NoBody;
}

const call = callerFor<InvoiceRoutes>();

/** The stored billing address, or undefined while there is none (404). */
export async function fetchBillingAddress(): Promise<BillingAddress | undefined> {
  try {
    return await call('GET users/me/billing-address').json();
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 404) return undefined;
    throw error;
  }
}

export const saveBillingAddress = (address: BillingAddress) =>
  call('PUT users/me/billing-address', { json: address }).json();

const PATHS = { invoice: 'invoice', credit_note: 'credit-note' } as const satisfies Record<InvoiceKind, string>;

/**
 * Saves an order's invoice as a file. The API needs the bearer token, which a plain link does
 * not send: the PDF is fetched, then handed to the browser's download.
 */
export async function downloadInvoice(bookingId: number, kind: InvoiceKind, number: string): Promise<void> {
  const pdf = await (await call(`GET booking/${bookingId}/${PATHS[kind]}`)).blob();
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceFileName(kind, number);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
