/**
 * The order overview for staff (docs/product.md#d23-admin-editing-and-orders): every booking
 * with its customer, newest first, filtered by status and searched by order number, name or
 * e-mail, a page at a time; a booking left unpaid past its payment window can be cancelled.
 */
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { ApiDependencies } from '../../context.ts';
import { type BookingStatus, bookings, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { bookingViewEntries, bookingViews } from '../bookings/bookings.service.ts';

export const ADMIN_API_MESSAGES = {
  bookingNotFound: 'Bestellung nicht gefunden.',
  notCancellable: 'Nur Bestellungen, deren Zahlungsfrist abgelaufen ist, können storniert werden.',
} as const;

const m = ADMIN_API_MESSAGES;

export const BOOKINGS_PAGE_SIZE = 20;

/** How long a customer may take to pay a started order (a Stripe Checkout Session lives 24 hours). */
export const PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

const AdminBookingViewSchema = v.object({
  ...bookingViewEntries,
  customer: v.object({ name: v.string(), email: v.string() }),
  /** Pending past its payment window: staff may cancel it. */
  cancellable: v.boolean(),
});
export type AdminBookingView = v.InferOutput<typeof AdminBookingViewSchema>;

export const AdminBookingPageSchema = v.object({
  bookings: v.array(AdminBookingViewSchema),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
  pages: v.number(),
});
export type AdminBookingPage = v.InferOutput<typeof AdminBookingPageSchema>;

export interface BookingQuery {
  status?: BookingStatus;
  /** Part of an order number, a customer's name or e-mail. */
  q?: string;
  page: number;
}

const isCancellable = (status: BookingStatus, createdAt: Date, now: number) =>
  status === 'pending_payment' && now - createdAt.getTime() > PAYMENT_WINDOW_MS;

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
  const rows = await deps.db
    .select({ booking: bookings, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(BOOKINGS_PAGE_SIZE)
    .offset((query.page - 1) * BOOKINGS_PAGE_SIZE);
  const views = await bookingViews(
    deps.db,
    rows.map((row) => row.booking),
  );
  const now = Date.now();
  return {
    bookings: views.map((view, index) => {
      const row = rows[index];
      if (!row) throw new Error('booking rows and views out of step');
      return {
        ...view,
        customer: { name: `${row.firstName} ${row.lastName}`, email: row.email },
        cancellable: isCancellable(row.booking.status, row.booking.createdAt, now),
      };
    }),
    page: query.page,
    pageSize: BOOKINGS_PAGE_SIZE,
    total,
    pages: Math.max(1, Math.ceil(total / BOOKINGS_PAGE_SIZE)),
  };
}

/** Cancels a booking still unpaid after its payment window; anything else is a 409. */
export async function cancelStaleBooking(deps: ApiDependencies, id: number): Promise<void> {
  const cutoff = new Date(Date.now() - PAYMENT_WINDOW_MS);
  const cancelled = await deps.db
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'pending_payment'), sql`${bookings.createdAt} < ${cutoff}`))
    .returning({ id: bookings.id });
  if (cancelled.length > 0) return;
  const [exists] = await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
  throw exists ? new ApiError(409, m.notCancellable) : new ApiError(404, m.bookingNotFound);
}
