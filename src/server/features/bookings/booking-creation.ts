/**
 * Where bookings are made (docs/product.md#d9-order-flow): starting a payment freezes the cart into
 * a booking awaiting payment, prices included, or takes the open booking that holds exactly the
 * cart as it is priced now. Payments calls this and adds its own refusals.
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BILLING_MESSAGES } from '../../../lib/billing-address.ts';
import { BOOKING_TOO_LARGE_MESSAGE, MAX_BOOKING_CENTS } from '../../../lib/money.ts';
import { PAYMENT_MESSAGES } from '../../../lib/payments.ts';
import type { ProductKind } from '../../../lib/product-kinds.ts';
import type { Unit } from '../../../lib/units.ts';
import { EARLY_START_REQUIRED, startsWithinWithdrawalPeriod } from '../../../lib/withdrawal-period.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { articles, bookingItems, bookings, cartEntries, type Database } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { priceLine } from '../cart/cart.service.ts';
import { billingAddressOf } from '../invoices/billing-addresses.ts';
import { itemsOf } from './bookings.service.ts';

const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread in an e-mail

/** "HWDS-7K3M9Q2X": random, so booking numbers reveal neither volume nor each other (docs/product.md#h5-booking-numbers). */
function newBookingNumber(): string {
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
  kind: ProductKind;
  quantity: number;
  discountCents: number;
  /** Price × quantity, less the discount. */
  lineCents: number;
  entryDate: string;
  departureDate: string;
}

/** The user's cart entries priced now, in the order they were added. */
async function pricedCart(db: Database, userId: number): Promise<PricedEntry[]> {
  const rows = await db
    .select({
      articleId: articles.id,
      categoryId: articles.categoryId,
      number: articles.number,
      type: articles.type,
      priceCents: articles.priceCents,
      unit: articles.unit,
      kind: articles.kind,
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

const totalOf = (entries: PricedEntry[]): number => entries.reduce((sum, entry) => sum + entry.lineCents, 0);

/**
 * Stores a booking awaiting payment with its items, prices frozen; returns its id. A booking above
 * what a provider can take is refused (400), and the caller's transaction with it.
 */
async function insertBooking(tx: Database, userId: number, entries: PricedEntry[]): Promise<number> {
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
      kind: entry.kind,
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
async function withFreshBookingNumber<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** Any number: a customer's payment starts run one after the other (kept, so that replicas of every version agree). */
const PAYMENT_START_LOCK = 482_716_003;

/** A booking as a payment starts it: its prices frozen in its items. */
export interface FrozenBooking {
  id: number;
  bookingNumber: string;
  totalCents: number;
  items: PricedEntry[];
}

/** What a payment start brings besides the cart. */
export interface BookingStart {
  /** The customer asked for a start within the withdrawal period (docs/product.md#d31-consumer-law). */
  earlyStart: boolean;
  /**
   * The payment's own refusals, thrown before anything changes: it sees the cart's total and the
   * customer's open bookings (locked).
   */
  refuse: (tx: Database, facts: { totalCents: number; openBookingIds: number[] }) => Promise<void>;
}

const appointmentKey = (item: Pick<PricedEntry, 'articleId' | 'entryDate' | 'departureDate'>) =>
  `${item.articleId}|${item.entryDate}|${item.departureDate}`;

const itemKey = (item: PricedEntry) =>
  `${appointmentKey(item)}|${item.priceCents}|${item.unit}|${item.kind}|${item.quantity}|${item.lineCents}`;

const sameItems = (a: PricedEntry[], b: PricedEntry[]) =>
  a.map(itemKey).sort().join(',') === b.map(itemKey).sort().join(',');

/**
 * The booking a payment is for: the caller's open booking when it holds exactly the cart as it is
 * priced now, else a new one; an older open booking is replaced (cancelled), so only the newest
 * attempt can be paid. Refused before any booking exists: an empty cart (400), the payment's own
 * refusals, an early start without the request (400), no billing address (400), and a cart
 * holding an appointment whose payment a provider is still processing (409).
 */
export async function bookingForPayment(
  db: Database,
  userId: number,
  start: BookingStart,
): Promise<{ booking: FrozenBooking; replaced: number[] }> {
  return withFreshBookingNumber(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PAYMENT_START_LOCK}, ${userId})`);
      const entries = await pricedCart(tx, userId);
      const totalCents = totalOf(entries);
      if (entries.length === 0 || totalCents <= 0) throw new ApiError(400, PAYMENT_MESSAGES.cartEmpty);
      const processing = await lockedBookings(tx, userId, 'processing');
      const open = await lockedBookings(tx, userId, 'pending_payment');
      await start.refuse(tx, { totalCents, openBookingIds: open.map((booking) => booking.id) });
      const startsEarly = entries.some((entry) => startsWithinWithdrawalPeriod(entry.entryDate));
      if (startsEarly && !start.earlyStart) throw new ApiError(400, EARLY_START_REQUIRED);
      const billingAddress = await billingAddressOf(tx, userId);
      if (!billingAddress) throw new ApiError(400, BILLING_MESSAGES.missing);
      const inCart = new Set(entries.map(appointmentKey));
      if (processing.some((booking) => booking.items.some((item) => inCart.has(appointmentKey(item))))) {
        throw new ApiError(409, PAYMENT_MESSAGES.paymentPending);
      }

      const reusable = open.find((booking) => sameItems(booking.items, entries));
      const replaced = open.filter((booking) => booking !== reusable).map((booking) => booking.id);
      if (replaced.length > 0) {
        await tx
          .update(bookings)
          .set({ status: 'cancelled' })
          .where(and(inArray(bookings.id, replaced), eq(bookings.status, 'pending_payment')));
      }
      const id = reusable?.id ?? (await insertBooking(tx, userId, entries));
      // The consent and the address of the newest start count: the contract is concluded, and
      // invoiced, by the payment that follows.
      await tx
        .update(bookings)
        .set({ earlyStartConsentAt: startsEarly ? new Date() : null, billingAddress })
        .where(eq(bookings.id, id));
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
      if (!row) throw new Error('booking vanished');
      return {
        booking: { id, bookingNumber: row.bookingNumber, totalCents: row.totalCents, items: entries },
        replaced,
      };
    }),
  );
}

/**
 * The user's bookings in a status, locked (a fulfilment or a capture's claim waits, or is waited
 * for). An item whose article was deleted since matches no cart entry: such a booking is never
 * reused for a cart that lost the article.
 */
async function lockedBookings(tx: Database, userId: number, status: 'pending_payment' | 'processing') {
  const rows = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, status)))
    .for('update');
  if (rows.length === 0) return [];
  const items = await itemsOf(tx, rows);
  return rows.map((row) => ({
    id: row.id,
    items: items
      .filter((item) => item.bookingId === row.id)
      .map(
        (item): PricedEntry => ({
          articleId: item.articleId ?? Number.NaN,
          categoryId: item.categoryId,
          number: item.articleNumber,
          type: item.articleType,
          priceCents: item.priceCents,
          unit: item.unit,
          kind: item.kind,
          quantity: item.quantity,
          discountCents: item.discountCents,
          lineCents: item.lineCents,
          entryDate: item.entryDate,
          departureDate: item.departureDate,
        }),
      ),
  }));
}
