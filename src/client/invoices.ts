/** The invoices' calls of the REST API (docs/product.md#d37-invoices): billing address, PDF downloads. */
import type { BillingAddress } from '../lib/billing-address.ts';
import { type InvoiceKind, invoiceFileName } from '../lib/invoices.ts';
import { isHTTPError } from './failures.ts';
import { api } from './http.ts';

/** The stored billing address, or undefined while there is none (404). */
export async function fetchBillingAddress(): Promise<BillingAddress | undefined> {
  try {
    return await api.get('users/me/billing-address').json<BillingAddress>();
  } catch (error) {
    if (isHTTPError(error) && error.response.status === 404) return undefined;
    throw error;
  }
}

export const saveBillingAddress = (address: BillingAddress) =>
  api.put('users/me/billing-address', { json: address }).json<BillingAddress>();

const PATHS: Record<InvoiceKind, string> = { invoice: 'invoice', credit_note: 'credit-note' };

/**
 * Saves an order's invoice as a file. The API needs the bearer token, which a plain link does
 * not send: the PDF is fetched, then handed to the browser's download.
 */
export async function downloadInvoice(bookingId: number, kind: InvoiceKind, number: string): Promise<void> {
  const pdf = await (await api.get(`booking/${bookingId}/${PATHS[kind]}`)).blob();
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceFileName(kind, number);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
