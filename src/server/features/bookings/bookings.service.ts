/**
 * Bookings: the cart turned into an order with its prices frozen, numbered for the
 * customer's correspondence. Amounts always come from the database, never from the client.
 */
import { randomInt } from 'node:crypto';
import { asc, desc, eq, inArray, min } from 'drizzle-orm';
import { BOOKING_TOO_LARGE_MESSAGE, centsToEuros, MAX_BOOKING_CENTS } from '../../../lib/money.ts';
import type { Unit } from '../../../lib/units.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  articles,
  bookingItems,
  bookings,
  cancellations,
  cartEntries,
  type Database,
  withdrawals,
} from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { priceLine } from '../cart/cart.service.ts';
import { invoiceNumbersOf } from '../invoices/invoices.service.ts';
import type { BookingView } from './bookings.views.ts';

const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread in an e-mail

/** "HWDS-7K3M9Q2X": random, so booking numbers reveal neither volume nor each other (docs/product.md#h5-booking-numbers). */
export function newBookingNumber(): string {
  return `HWDS-${Array.from({ length: 8 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('')}`;
}

/** A cart entry with its article's current price and its line price: what a booking freezes. */
export interface PricedEntry {
  articleId: number;
  categoryId: number;
  number: string;
  type: string;
  /** For one `unit`. */
  priceCents: number;
  unit: Unit;
  quantity: number;
  discountCents: number;
  /** Price × quantity, less the discount. */
  lineCents: number;
  entryDate: string;
  departureDate: string;
}

/** The user's cart entries priced now, in the order they were added. */
export async function pricedCart(db: Database, userId: number): Promise<PricedEntry[]> {
  const rows = await db
    .select({
      articleId: articles.id,
      categoryId: articles.categoryId,
      number: articles.number,
      type: articles.type,
      priceCents: articles.priceCents,
      unit: articles.unit,
      quantity: cartEntries.quantity,
      entryDate: cartEntries.entryDate,
      departureDate: cartEntries.departureDate,
    })
    .from(cartEntries)
    .innerJoin(articles, eq(articles.id, cartEntries.articleId))
    .where(eq(cartEntries.userId, userId))
    .orderBy(asc(cartEntries.id));
  return rows.map((row) => {
    const line = priceLine(row.priceCents, row.unit, row.quantity);
    return { ...row, discountCents: line.discountCents, lineCents: line.cents };
  });
}

export const totalOf = (entries: PricedEntry[]): number => entries.reduce((sum, entry) => sum + entry.lineCents, 0);

/**
 * Stores a booking awaiting payment with its items, prices frozen; returns its id. An order above
 * what a provider can take is refused (400), and the caller's transaction with it.
 */
export async function insertBooking(tx: Database, userId: number, entries: PricedEntry[]): Promise<number> {
  if (totalOf(entries) > MAX_BOOKING_CENTS) throw new ApiError(400, BOOKING_TOO_LARGE_MESSAGE);
  const [booking] = await tx
    .insert(bookings)
    .values({ userId, bookingNumber: newBookingNumber(), status: 'pending_payment', totalCents: totalOf(entries) })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('insert returned no booking');
  await tx.insert(bookingItems).values(
    entries.map((entry) => ({
      bookingId: booking.id,
      articleId: entry.articleId,
      categoryId: entry.categoryId,
      articleNumber: entry.number,
      articleType: entry.type,
      priceCents: entry.priceCents,
      unit: entry.unit,
      quantity: entry.quantity,
      discountCents: entry.discountCents,
      lineCents: entry.lineCents,
      entryDate: entry.entryDate,
      departureDate: entry.departureDate,
    })),
  );
  return booking.id;
}

/** Runs `work` again when a random booking number collided with an existing one. */
export async function withFreshBookingNumber<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

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
  const [items, withdrawn, cancelled, invoiceNumbers] = await Promise.all([
    itemsOf(db, rows),
    firstDeclarations(db, withdrawals, rows),
    firstDeclarations(db, cancellations, rows),
    invoiceNumbersOf(
      db,
      rows.map((row) => row.id),
    ),
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
      items: own.map((item) => ({
        articleId: item.articleId,
        departamentId: item.categoryId,
        number: item.articleNumber,
        type: item.articleType,
        price: centsToEuros(item.priceCents),
        unit: item.unit,
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
