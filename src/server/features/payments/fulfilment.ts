/**
 * Fulfilment: the one way a booking becomes paid, reached from the Stripe webhook, the success
 * page's confirmation and the PayPal capture (docs/product.md#d22-fulfilment). One transaction
 * locks the payment attempt and its booking, so any number of concurrent or replayed calls
 * change the booking once, record one payment and queue one confirmation mail.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatAppointment } from '../../../lib/dates.ts';
import { formatEuros, vatNote } from '../../../lib/money.ts';
import { PAYMENT_METHOD_NAMES } from '../../../lib/payments.ts';
import type { ApiDependencies } from '../../context.ts';
import {
  bookingItems,
  bookings,
  cartEntries,
  type Database,
  type PaymentProvider,
  paymentAttempts,
  paymentEvents,
  payments,
  users,
} from '../../db/schema.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { orderConfirmationMail } from '../../mail/templates.ts';

export interface VerifiedPayment {
  provider: PaymentProvider;
  /** The provider's id of the session or order the payment was started with (a payment attempt). */
  attemptRef: string;
  /** What the provider says was paid. */
  amountCents: number;
  currency: string;
  /** A webhook event's id: an event seen before changes nothing. */
  eventId?: string;
}

export type FulfilmentResult = 'paid' | 'already-paid' | 'refused';

/** Records a payment the server verified with its provider and marks the booking paid, once. */
export async function fulfilPayment(deps: ApiDependencies, payment: VerifiedPayment): Promise<FulfilmentResult> {
  const result = await deps.db.transaction(async (tx): Promise<FulfilmentResult> => {
    if (payment.eventId) {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ provider: payment.provider, eventId: payment.eventId })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (fresh.length === 0) return 'already-paid';
    }
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.providerRef, payment.attemptRef), eq(paymentAttempts.provider, payment.provider)))
      .for('update');
    if (!attempt) {
      console.error(`Payment refused: ${payment.provider} ${payment.attemptRef} was not started by this shop.`);
      return 'refused';
    }
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, attempt.bookingId)).for('update');
    if (!booking) return 'refused';
    if (booking.status === 'paid') return 'already-paid';
    if (payment.amountCents !== booking.totalCents || payment.currency.toLowerCase() !== 'eur') {
      console.error(
        `Payment refused: booking ${booking.bookingNumber} costs ${booking.totalCents} EUR cents, ` +
          `${payment.provider} ${payment.attemptRef} reports ${payment.amountCents} ${payment.currency}.`,
      );
      return 'refused';
    }
    if (booking.status === 'cancelled') {
      // Paid after a newer attempt replaced it: the money is there, so the booking counts as paid.
      console.warn(`Booking ${booking.bookingNumber} was paid after it had been replaced by a newer one.`);
    }
    await tx.insert(payments).values({
      bookingId: booking.id,
      provider: payment.provider,
      providerRef: payment.attemptRef,
      amountCents: payment.amountCents,
      currency: payment.currency.toLowerCase(),
    });
    await tx
      .update(bookings)
      .set({ status: 'paid', paidAt: new Date(), paymentMethod: payment.provider })
      .where(eq(bookings.id, booking.id));
    await tx.update(paymentAttempts).set({ status: 'completed' }).where(eq(paymentAttempts.id, attempt.id));
    await queueOrderConfirmation(tx, deps, booking.id, payment.provider);
    return 'paid';
  });
  if (result === 'paid') deps.mailSender.wake();
  return result;
}

/** Removes the paid entries from the cart and queues the German order confirmation. */
async function queueOrderConfirmation(
  tx: Database,
  deps: ApiDependencies,
  bookingId: number,
  provider: PaymentProvider,
) {
  const [booking] = await tx
    .select({
      userId: bookings.userId,
      bookingNumber: bookings.bookingNumber,
      totalCents: bookings.totalCents,
      email: users.email,
      firstName: users.firstName,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} vanished during fulfilment`);
  const items = await tx.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId));
  // Exactly the booked entries leave the cart; anything added since stays.
  const booked = items.flatMap((item) => (item.articleId === null ? [] : [item]));
  if (booked.length > 0) {
    const bookedKeys = sql.join(
      booked.map((item) => sql`(${item.articleId}, ${item.entryDate}::date, ${item.departureDate}::date)`),
      sql`, `,
    );
    await tx
      .delete(cartEntries)
      .where(
        and(
          eq(cartEntries.userId, booking.userId),
          sql`(${cartEntries.articleId}, ${cartEntries.entryDate}, ${cartEntries.departureDate}) in (${bookedKeys})`,
        ),
      );
  }
  await enqueueMail(
    tx,
    orderConfirmationMail(booking.email, booking.firstName, {
      bookingNumber: booking.bookingNumber,
      items: items.map(
        (item) =>
          `${item.articleType} (Artikel ${item.articleNumber}), Termin ${formatAppointment(item.entryDate, item.departureDate)}: ${formatEuros(item.priceCents / 100)}`,
      ),
      total: formatEuros(booking.totalCents / 100),
      vatNote: vatNote(deps.company.vat),
      paymentMethod: PAYMENT_METHOD_NAMES[provider],
      agencyEmail: deps.company.email,
      ordersUrl: `${deps.siteUrl}/profilepage`,
    }),
  );
}
