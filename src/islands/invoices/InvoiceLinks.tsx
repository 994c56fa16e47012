/**
 * An order's invoice and correcting invoice as downloads (docs/product.md#d37-invoices), for the
 * profile and the booking overview: buttons, since the PDF needs the bearer token.
 */
import { useState } from 'react';
import { downloadInvoice } from '../../client/invoices.ts';
import { INVOICE_KIND_NAMES, type InvoiceKind } from '../../lib/invoices.ts';
import { INVOICE_TEXTS as t } from './texts.ts';
import './invoices.css';

interface Invoiced {
  id: number;
  bookingNumber: string;
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
}

export function InvoiceLinks({ booking }: { booking: Invoiced }) {
  const [failed, setFailed] = useState(false);
  const documents = (
    [
      ['invoice', booking.invoiceNumber],
      ['credit_note', booking.creditNoteNumber],
    ] as [InvoiceKind, string | null][]
  ).flatMap(([kind, number]) => (number ? [{ kind, number }] : []));
  if (documents.length === 0) return null;
  return (
    <span className="invoice-links">
      {documents.map(({ kind, number }) => (
        <button
          key={kind}
          type="button"
          className="link-button"
          onClick={() => {
            setFailed(false);
            downloadInvoice(booking.id, kind, number).catch(() => setFailed(true));
          }}
        >
          {t.download(INVOICE_KIND_NAMES[kind])}
          <span className="visually-hidden"> {t.downloadBooking(booking.bookingNumber)}</span>
        </button>
      ))}
      <span role="alert" className="invoice-links__error">
        {failed ? t.downloadFailed : ''}
      </span>
    </span>
  );
}
