/**
 * Bookings: the cart turned into a booking with its prices frozen (booking-creation.ts), numbered
 * for the customer's correspondence, as the customer and staff read them. Amounts always come
 * from the database, never from the client.
 */
import { desc, eq, inArray, min } from 'drizzle-orm';
import { centsToEuros } from '../../../lib/money.ts';
import { bookingItems, bookings, cancellations, type Database, withdrawals } from '../../db/schema.ts';
import { invoiceNumbersOf } from '../invoices/invoices.service.ts';
import { progressOf } from '../materials/materials.service.ts';
import type { BookingView } from './bookings.views.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** The items of some bookings. */
export const itemsOf = (db: Database, rows: { id: number }[]) =>
  db
    .select()
    .from(bookingItems)
    .where(
      inArray(
        bookingItems.bookingId,
        rows.map((row) => row.id),
      ),
    );

/** When the first declaration of a kind matched to each of the bookings came in. */
async function firstDeclarations(
  db: Database,
  table: typeof withdrawals | typeof cancellations,
  rows: BookingRow[],
): Promise<Map<number, Date>> {
  const firsts = await db
    .select({ bookingId: table.bookingId, at: min(table.receivedAt) })
    .from(table)
    .where(
      inArray(
        table.bookingId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(table.bookingId);
  return new Map(firsts.flatMap(({ bookingId, at }) => (bookingId !== null && at ? [[bookingId, at]] : [])));
}

/** The views of some booking rows, in their order, with their items. */
export async function bookingViews(db: Database, rows: BookingRow[]): Promise<BookingView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, withdrawn, cancelled, invoiceNumbers, progress] = await Promise.all([
    itemsOf(db, rows),
    firstDeclarations(db, withdrawals, rows),
    firstDeclarations(db, cancellations, rows),
    invoiceNumbersOf(db, ids),
    progressOf(db, ids),
  ]);
  return rows.map((row) => {
    const own = items.filter((item) => item.bookingId === row.id);
    const entryDates = own.map((item) => item.entryDate).sort();
    const departureDates = own.map((item) => item.departureDate).sort();
    return {
      id: row.id,
      bookingNumber: row.bookingNumber,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      entryDate: entryDates[0] ?? row.createdAt.toISOString().slice(0, 10),
      departureDate: departureDates.at(-1) ?? row.createdAt.toISOString().slice(0, 10),
      totalPrice: centsToEuros(row.totalCents),
      paymentMethod: row.paymentMethod,
      paidAt: row.paidAt?.toISOString() ?? null,
      withdrawnAt: withdrawn.get(row.id)?.toISOString() ?? null,
      cancelledAt: cancelled.get(row.id)?.toISOString() ?? null,
      invoiceNumber: invoiceNumbers.get(row.id)?.invoice ?? null,
      creditNoteNumber: invoiceNumbers.get(row.id)?.credit_note ?? null,
      progress: progress.get(row.id) ?? null,
      items: own.map((item) => ({
        id: item.id,
        articleId: item.articleId,
        departamentId: item.categoryId,
        number: item.articleNumber,
        type: item.articleType,
        price: centsToEuros(item.priceCents),
        unit: item.unit,
        kind: item.kind,
        quantity: item.quantity,
        discount: centsToEuros(item.discountCents),
        linePrice: centsToEuros(item.lineCents),
        entryDate: item.entryDate,
        departureDate: item.departureDate,
      })),
    };
  });
}

/** The user's bookings, newest first. */
export async function listBookings(db: Database, userId: number): Promise<BookingView[]> {
  const rows = await db
    .select()
    .from(bookings)
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return bookingViews(db, rows);
}
