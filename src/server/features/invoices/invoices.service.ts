/**
 * Invoices (docs/product.md#d37-invoices): issued in the transaction that marks an order paid
 * (a correcting invoice in the one that marks it refunded), numbered without gaps per calendar
 * year, kept for good; the PDF is made once from the issued document and stored.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BillingAddress } from '../../../lib/billing-address.ts';
import { todayInGermany } from '../../../lib/dates.ts';
import type { InvoiceDocument, InvoiceSeller } from '../../../lib/invoices.ts';
import { formatInvoiceNumber, type InvoiceKind, invoiceFileName } from '../../../lib/invoices.ts';
import type { PaymentProvider } from '../../../lib/payments.ts';
import type { ApiDependencies, InvoiceFiles } from '../../context.ts';
import { bookingItems, bookings, type Database, invoiceSequences, invoices, users } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { facturX } from './factur-x.ts';
import { type PaidPosition, priceLines } from './invoice-document.ts';
import { readableInvoice } from './invoice-pdf.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The year's next number. The upsert locks the year's row until the caller's transaction ends,
 * so concurrent payments queue for it and a rolled-back one leaves no gap.
 */
async function nextNumber(tx: Database, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceSequences.year, set: { last: sql`${invoiceSequences.last} + 1` } })
    .returning({ last: invoiceSequences.last });
  if (!row) throw new Error('invoice sequence returned no number');
  return formatInvoiceNumber(year, row.last);
}

const sellerOf = (company: ApiDependencies['company']): InvoiceSeller => ({
  legalName: company.legalName,
  representative: company.representative,
  street: company.street,
  postalCode: company.postalCode,
  city: company.city,
  countryCode: company.countryCode,
  email: company.email,
  phone: company.phone,
  vatId: company.vatId,
  taxNumber: company.taxNumber,
});

/** A position of the order as the invoice lists it: one booked article as the shop priced it. */
const positionOf = (item: typeof bookingItems.$inferSelect): PaidPosition => ({
  name: `${item.articleType} (Artikel ${item.articleNumber})`,
  quantity: item.quantity,
  unit: item.unit,
  unitGrossCents: item.priceCents,
  discountGrossCents: item.discountCents,
  grossCents: item.lineCents,
  periodStart: item.entryDate,
  periodEnd: item.departureDate,
});

/** Orders paid before billing addresses existed name the account's holder. */
const addressOfAccount = (user: { firstName: string; lastName: string }): BillingAddress => ({
  name: `${user.firstName} ${user.lastName}`,
  company: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'DE',
  vatId: '',
});

/**
 * Issues the invoice of a booking that has just been paid, inside the transaction that marks it
 * paid; returns its number.
 */
export async function issueInvoice(
  tx: Database,
  deps: Pick<ApiDependencies, 'company'>,
  bookingId: number,
  payment: { provider: PaymentProvider; testMode: boolean },
): Promise<string> {
  const [booking] = await tx
    .select({
      bookingNumber: bookings.bookingNumber,
      billingAddress: bookings.billingAddress,
      paidAt: bookings.paidAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} vanished before its invoice`);
  const items = await tx
    .select()
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, bookingId))
    .orderBy(bookingItems.id);
  const issueDate = todayInGermany();
  const number = await nextNumber(tx, Number(issueDate.slice(0, 4)));
  const vat = deps.company.vat;
  const document: InvoiceDocument = {
    kind: 'invoice',
    number,
    issueDate,
    orderNumber: booking.bookingNumber,
    corrects: null,
    seller: sellerOf(deps.company),
    buyer: booking.billingAddress ?? addressOfAccount(booking),
    ...priceLines(items.map(positionOf), vat),
    vat,
    payment: { provider: payment.provider, paidOn: todayInGermany(booking.paidAt ?? new Date()) },
    testMode: payment.testMode,
  };
  await tx.insert(invoices).values({ number, kind: 'invoice', bookingId, document });
  return number;
}

/**
 * Issues the correcting invoice (type 381) of a refunded or charged-back booking, inside the
 * transaction that marks it so: the invoice's positions, its own number, a reference to the
 * invoice. An order paid before invoices existed has none to correct; it gets none. One issued
 * before (a refund that failed after it succeeded, then made again) is the one: invoices are never
 * issued twice nor deleted. Returns the number.
 */
export async function issueCreditNote(tx: Database, bookingId: number): Promise<string | undefined> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')));
  if (!invoice) return undefined;
  const issuedBefore = await invoiceOf(tx, bookingId, 'credit_note');
  if (issuedBefore) return issuedBefore.number;
  const issueDate = todayInGermany();
  const number = await nextNumber(tx, Number(issueDate.slice(0, 4)));
  const document: InvoiceDocument = {
    ...invoice.document,
    kind: 'credit_note',
    number,
    issueDate,
    corrects: { number: invoice.number, issueDate: invoice.document.issueDate },
  };
  const [issued] = await tx
    .insert(invoices)
    .values({ number, kind: 'credit_note', bookingId, document })
    .onConflictDoNothing()
    .returning({ number: invoices.number });
  if (!issued) throw new Error(`booking ${bookingId} has a correcting invoice already`);
  return number;
}

/** The invoice and correcting invoice numbers of some bookings. */
export async function invoiceNumbersOf(
  db: Database,
  bookingIds: number[],
): Promise<Map<number, Partial<Record<InvoiceKind, string>>>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: invoices.bookingId, kind: invoices.kind, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.bookingId, bookingIds));
  const numbers = new Map<number, Partial<Record<InvoiceKind, string>>>();
  for (const row of rows) numbers.set(row.bookingId, { ...numbers.get(row.bookingId), [row.kind]: row.number });
  return numbers;
}

/** A booking's invoice of `kind`, or undefined. */
export async function invoiceOf(db: Database, bookingId: number, kind: InvoiceKind): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, kind)));
  return row;
}

/** How long one process may take to make a PDF before another may try. */
const CLAIM_SECONDS = 60;
const WAIT_MS = 100;

const blobKey = (number: string) => `invoice-${number}.pdf`;

/**
 * PDFs made once: whoever claims the invoice's row makes and stores the file, everyone else waits
 * for it and reads the stored one, so every download and every mail carries the same bytes (the
 * PDF records the time it was made). A claim of a process that died expires.
 */
export function invoiceFiles(db: Database, blobs: BlobStore): InvoiceFiles {
  const stored = async (invoice: InvoiceRow) => {
    const data = await blobs.get(blobKey(invoice.number));
    return data && { fileName: invoiceFileName(invoice.kind, invoice.number), data: new Uint8Array(data) };
  };

  const files: InvoiceFiles = {
    async attachment(number) {
      const [invoice] = await db.select().from(invoices).where(eq(invoices.number, number));
      if (!invoice) throw new Error(`no invoice ${number} to attach`);
      const file = await files.pdf(invoice);
      return { filename: file.fileName, content: Buffer.from(file.data), contentType: 'application/pdf' };
    },
    async pdf(invoice) {
      for (;;) {
        const [row] = await db
          .select({ pdfStoredAt: invoices.pdfStoredAt })
          .from(invoices)
          .where(eq(invoices.id, invoice.id));
        if (row?.pdfStoredAt) {
          const file = await stored(invoice);
          if (file) return file;
          throw new Error(`the stored PDF of invoice ${invoice.number} is missing`);
        }
        const [claimed] = await db
          .update(invoices)
          .set({ pdfClaimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
          .where(
            and(
              eq(invoices.id, invoice.id),
              isNull(invoices.pdfStoredAt),
              or(isNull(invoices.pdfClaimedUntil), lt(invoices.pdfClaimedUntil, sql`now()`)),
            ),
          )
          .returning({ id: invoices.id });
        if (claimed) {
          const data = new Uint8Array(await facturX(invoice.document, await readableInvoice(invoice.document)));
          await blobs.put(blobKey(invoice.number), data, 'application/pdf');
          await db.update(invoices).set({ pdfStoredAt: sql`now()` }).where(eq(invoices.id, invoice.id));
          return { fileName: invoiceFileName(invoice.kind, invoice.number), data };
        }
        await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
      }
    },
  };
  return files;
}
