/**
 * The booking overview for staff (docs/product.md#d23-admin-editing-and-orders): every booking
 * with its customer, newest first, filtered by status and searched by booking number, name or
 * e-mail, a page at a time, with its payment's dispute and refund as the provider last told them;
 * a booking left unpaid past its payment window can be cancelled.
 */
import { and, count, desc, eq, exists, ilike, inArray, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { bookings, type Database, disputes, paymentAttempts, payments, refunds, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { bookingViews } from '../bookings/bookings.service.ts';
import type { BookingStatus } from '../bookings/bookings.views.ts';
import { disputeReason } from '../payments/disputes.ts';
import { captureInProgress, closeCardSessions } from '../payments/open-attempts.ts';
import type { PaymentProviders } from '../payments/payment-providers.ts';
import { recordTaken } from '../payments/settlement.ts';
import type { AdminBookingPage, AdminBookingView, BookingQuery } from './admin.views.ts';

const ADMIN_API_MESSAGES = {
  bookingNotFound: 'Bestellung nicht gefunden.',
  notCancellable: 'Nur Bestellungen, deren Zahlungsfrist abgelaufen ist, können storniert werden.',
  paidMeanwhile: 'Diese Bestellung wurde inzwischen bezahlt und kann nicht mehr storniert werden.',
  captureUnderWay:
    'Für diese Bestellung wird gerade eine PayPal-Zahlung abgeschlossen. Bitte versuchen Sie es gleich noch einmal.',
  paymentProcessing:
    'Die Zahlung dieser Bestellung wird beim Zahlungsanbieter noch bearbeitet. Sie kann erst storniert werden, wenn er sie abgelehnt hat.',
  providerUnreachable: 'Der Zahlungsanbieter ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
} as const;

const m = ADMIN_API_MESSAGES;

export const BOOKINGS_PAGE_SIZE = 20;

/** How long a customer may take to pay a started order (a Stripe Checkout Session lives 24 hours). */
export const PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Each booking's newest payment attempt: its payment window runs from there (a new attempt, a new window). */
const newestAttempts = (db: Database) =>
  db
    .select({ bookingId: paymentAttempts.bookingId, at: max(paymentAttempts.createdAt).as('newest_attempt_at') })
    .from(paymentAttempts)
    .groupBy(paymentAttempts.bookingId)
    .as('newest_attempts');

const windowStart = (newest: ReturnType<typeof newestAttempts>) =>
  sql<Date>`greatest(${bookings.createdAt}, ${newest.at})`.mapWith(bookings.createdAt);

const isCancellable = (status: BookingStatus, windowStartedAt: Date, now: number) =>
  status === 'pending_payment' && now - windowStartedAt.getTime() > PAYMENT_WINDOW_MS;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listAllBookings(deps: ApiDependencies, query: BookingQuery): Promise<AdminBookingPage> {
  const conditions: (SQL | undefined)[] = [query.status ? eq(bookings.status, query.status) : undefined];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(bookings.bookingNumber, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: count() })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where);
  const newest = newestAttempts(deps.db);
  const rows = await deps.db
    .select({
      booking: bookings,
      windowStart: windowStart(newest),
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(newest, eq(newest.bookingId, bookings.id))
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(BOOKINGS_PAGE_SIZE)
    .offset((query.page - 1) * BOOKINGS_PAGE_SIZE);
  const views = await bookingViews(
    deps.db,
    rows.map((row) => row.booking),
  );
  const ids = rows.map((row) => row.booking.id);
  const paid = await paymentFacts(deps.db, ids);
  const afterPayment = await disputesAndRefunds(deps.db, ids);
  const now = Date.now();
  return {
    bookings: views.map((view, index) => {
      const row = rows[index];
      if (!row) throw new Error('booking rows and views out of step');
      const facts = paid.get(row.booking.id);
      return {
        ...view,
        customer: { name: `${row.firstName} ${row.lastName}`, email: row.email },
        cancellable: isCancellable(row.booking.status, row.windowStart, now),
        refundable: row.booking.status === 'paid' && facts?.refunding === false,
        testPayment: facts?.testMode ?? false,
        dispute: afterPayment.disputes.get(row.booking.id) ?? null,
        refund: afterPayment.refunds.get(row.booking.id) ?? null,
      };
    }),
    page: query.page,
    pageSize: BOOKINGS_PAGE_SIZE,
    total,
    pages: Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE)),
  };
}

/**
 * Per booking: whether its payment was a test payment, and whether a refund of it is under way
 * or done (so it cannot be refunded again).
 */
async function paymentFacts(db: Database, bookingIds: number[]) {
  const facts = new Map<number, { testMode: boolean; refunding: boolean }>();
  if (bookingIds.length === 0) return facts;
  const rows = await db
    .select({
      bookingId: payments.bookingId,
      testMode: payments.testMode,
      // The builder qualifies the outer column; written in an sql`` template it came out as a bare
      // "id", which the subquery read as refunds.id (one refund hid 'Erstatten' on every order).
      refunding: exists(
        db
          .select({ one: sql`1` })
          .from(refunds)
          .where(and(eq(refunds.paymentId, payments.id), ne(refunds.status, 'failed'))),
      ).mapWith(Boolean),
    })
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), ne(payments.status, 'refund_due')));
  for (const row of rows) facts.set(row.bookingId, { testMode: row.testMode, refunding: row.refunding });
  return facts;
}

/** Per booking: its newest dispute and its newest refund, as the overview shows them. */
async function disputesAndRefunds(db: Database, bookingIds: number[]) {
  const found = {
    disputes: new Map<number, NonNullable<AdminBookingView['dispute']>>(),
    refunds: new Map<number, NonNullable<AdminBookingView['refund']>>(),
  };
  if (bookingIds.length === 0) return found;
  const disputeRows = await db
    .select()
    .from(disputes)
    .where(inArray(disputes.bookingId, bookingIds))
    .orderBy(desc(disputes.createdAt), desc(disputes.id));
  for (const row of disputeRows) {
    if (found.disputes.has(row.bookingId)) continue;
    found.disputes.set(row.bookingId, {
      disputedAt: row.createdAt.toISOString(),
      reason: disputeReason(row.reason),
      respondBy: row.respondBy?.toISOString() ?? null,
      outcome: row.status,
    });
  }
  const refundRows = await db
    .select({ bookingId: refunds.bookingId, status: refunds.status, at: refunds.updatedAt })
    .from(refunds)
    .where(inArray(refunds.bookingId, bookingIds))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  for (const row of refundRows) {
    if (found.refunds.has(row.bookingId)) continue;
    // A request still waiting for the provider's answer is pending too.
    const status = row.status === 'requested' ? 'pending' : row.status;
    found.refunds.set(row.bookingId, { status, at: row.at.toISOString() });
  }
  return found;
}

/**
 * Cancels a booking still unpaid after its payment window; anything else is a 409
 * (docs/product.md#d23-admin-editing-and-orders). Its card sessions are expired at Stripe first,
 * so nobody pays a cancelled order; a session paid in the meantime is fulfilled instead and the
 * booking stays paid. The cancellation itself holds the booking's row lock, as a PayPal capture's
 * claim does, so the two exclude each other; a card session opened at that very moment is closed
 * after it.
 */
export async function cancelStaleBooking(
  deps: ApiDependencies,
  providers: PaymentProviders,
  id: number,
): Promise<void> {
  const closeCardSessionsOf = async () => {
    const taken = await closeCardSessions(deps, providers, [id]).catch((error: unknown) => {
      log.error({ bookingId: id, err: error }, 'card sessions of a booking to cancel could not be closed');
      throw new ApiError(502, m.providerUnreachable);
    });
    for (const payment of taken) await recordTaken(deps, payment);
    if (taken.some((payment) => payment.state === 'pending')) throw new ApiError(409, m.paymentProcessing);
    if (taken.length > 0) throw new ApiError(409, m.paidMeanwhile);
  };
  await requireCancellable(deps.db, id);
  await closeCardSessionsOf();
  await deps.db.transaction(async (tx) => {
    await requireCancellable(tx, id, { lock: true });
    await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
  });
  await closeCardSessionsOf();
}

async function requireCancellable(db: Database, id: number, options: { lock?: boolean } = {}): Promise<void> {
  const query = db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  const [booking] = await (options.lock ? query.for('update') : query);
  if (!booking) throw new ApiError(404, m.bookingNotFound);
  if (booking.status === 'paid') throw new ApiError(409, m.paidMeanwhile);
  if (booking.status === 'processing') throw new ApiError(409, m.paymentProcessing);
  if (await captureInProgress(db, id)) throw new ApiError(409, m.captureUnderWay);
  const newest = newestAttempts(db);
  const [window] = await db
    .select({ start: windowStart(newest) })
    .from(bookings)
    .leftJoin(newest, eq(newest.bookingId, bookings.id))
    .where(eq(bookings.id, id));
  if (!window || !isCancellable(booking.status, window.start, Date.now())) throw new ApiError(409, m.notCancellable);
}
