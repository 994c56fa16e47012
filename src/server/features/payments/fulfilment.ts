/**
 * Fulfilment: the one way a booking becomes paid, reached from the webhooks, the success page's
 * confirmation, the PayPal capture and the reconciliation (docs/product.md#d22-fulfilment); and
 * the other moves a provider's word makes: pending (the booking is 'processing'), failed (payable
 * again) and closed (docs/product.md#d32-payment-states). Money that no booking can take (a second
 * payment, or one whose amount or currency does not fit) is recorded for a refund and reported to
 * the agency. One transaction locks the booking and then its payment attempt, so any number of
 * concurrent or replayed calls change the booking once, record one payment and queue one mail.
 */
import { and, eq, sql } from 'drizzle-orm';
import { fillCompanyFields } from '../../../lib/company-fields.ts';
import { centsToEuros, formatEuros, vatNote } from '../../../lib/money.ts';
import { nextSteps } from '../../../lib/next-steps.ts';
import type { PaymentProvider } from '../../../lib/payments.ts';
import { PAYMENT_METHOD_NAMES } from '../../../lib/payments.ts';
import { kindsOf } from '../../../lib/product-kinds.ts';
import { formatPeriod, formatQuantityTimesPrice } from '../../../lib/units.ts';
import { printFileRules } from '../../content-files.ts';
import type { ApiDependencies } from '../../context.ts';
import {
  bookingItems,
  bookings,
  cartEntries,
  type Database,
  paymentAttempts,
  paymentEvents,
  payments,
  users,
} from '../../db/schema.ts';
import { legalTexts } from '../../legal-texts.ts';
import { log } from '../../log.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { materialsUrl, openProgress } from '../materials/materials.service.ts';
import { bookingConfirmationMail, paymentFailedMail, refundDuePaymentMail } from './payments.mails.ts';

export interface VerifiedPayment {
  provider: PaymentProvider;
  /** The provider's id of the session or order the payment was started with (a payment attempt). */
  attemptRef: string;
  /** What a refund is made of: Stripe's PaymentIntent, PayPal's capture. */
  paymentId?: string;
  /** What the provider says was paid. */
  amountCents: number;
  currency: string;
  /** Paid in the provider's test mode (the sandbox, or test keys): no real money moved. */
  testMode: boolean;
  /** A webhook event's id: an event seen before changes nothing. */
  eventId?: string;
}

/**
 * `paid`: this payment made its booking paid. `already-paid`: nothing changed (a replay, or a
 * second payment for a paid booking, recorded for a refund). `pending`: recorded as pending.
 * `refused`: not ours, or not the amount (recorded for a refund). `failed`: the attempt had ended
 * without money already, and a late report of it as pending changes nothing.
 */
export interface Fulfilment {
  outcome: 'paid' | 'already-paid' | 'pending' | 'refused' | 'failed';
  bookingId?: number;
}

/** Statuses of a booking that a payment settled (docs/product.md#d32-payment-states). */
const SETTLED_STATUSES = new Set(['paid', 'disputed', 'charged_back', 'refunded']);

/** Records a payment the server verified with its provider and marks the booking paid, once. */
export async function fulfilPayment(deps: ApiDependencies, payment: VerifiedPayment): Promise<Fulfilment> {
  const result = await deps.db.transaction(async (tx): Promise<Fulfilment> => {
    if (payment.eventId) {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ provider: payment.provider, eventId: payment.eventId })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (fresh.length === 0) return { outcome: 'already-paid' };
    }
    const locked = await lockAttempt(tx, payment.provider, payment.attemptRef);
    if (!locked) return { outcome: 'refused' };
    const { booking, attempt } = locked;
    const done = { bookingId: booking.id };
    // Recorded before: as the booking's payment, or (not fitting it) for a refund.
    if (attempt.status === 'completed') {
      return { outcome: SETTLED_STATUSES.has(booking.status) ? 'already-paid' : 'refused', ...done };
    }
    const record = {
      bookingId: booking.id,
      provider: payment.provider,
      providerRef: payment.attemptRef,
      // An amount the provider wrote in no form we read is kept as 0 (its words are in the log).
      amountCents: Number.isFinite(payment.amountCents) ? payment.amountCents : 0,
      currency: payment.currency.toLowerCase(),
      testMode: payment.testMode,
      providerPaymentId: payment.paymentId ?? null,
    };
    await tx.update(paymentAttempts).set({ status: 'completed' }).where(eq(paymentAttempts.id, attempt.id));
    if (!fitsBooking(payment, booking)) {
      // Money was taken all the same: kept on record for a refund and reported, never lost.
      await tx.insert(payments).values({ ...record, status: 'refund_due' });
      await queueRefundDueReport(tx, deps, booking, record, 'mismatch');
      return { outcome: 'refused', ...done };
    }
    if (SETTLED_STATUSES.has(booking.status)) {
      // Another attempt paid first: this money is surplus. Kept on record and reported, never lost.
      await tx.insert(payments).values({ ...record, status: 'refund_due' });
      await queueRefundDueReport(tx, deps, booking, record, 'surplus');
      return { outcome: 'already-paid', ...done };
    }
    if (booking.status === 'cancelled') {
      // Paid after it was replaced or cancelled: the money is there, so the booking counts as paid.
      log.warn({ booking: booking.bookingNumber }, 'booking paid after it had been cancelled');
    }
    await tx.insert(payments).values(record);
    await tx
      .update(bookings)
      .set({ status: 'paid', paidAt: new Date(), paymentMethod: payment.provider })
      .where(eq(bookings.id, booking.id));
    const invoiceNumber = await issueInvoice(tx, deps, booking.id, payment);
    await openProgress(tx, booking.id);
    await queueBookingConfirmation(tx, deps, booking.id, payment, invoiceNumber);
    return { outcome: 'paid', ...done };
  });
  if (result.outcome !== 'pending') deps.mailSender.wake();
  return result;
}

/** The booking and the attempt, locked in this order (as every path that locks both takes them). */
async function lockAttempt(tx: Database, provider: PaymentProvider, attemptRef: string) {
  const attemptIs = and(eq(paymentAttempts.providerRef, attemptRef), eq(paymentAttempts.provider, provider));
  const [started] = await tx.select({ bookingId: paymentAttempts.bookingId }).from(paymentAttempts).where(attemptIs);
  if (!started) {
    log.error({ provider, ref: attemptRef }, 'payment refused: not started by this shop');
    return undefined;
  }
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, started.bookingId)).for('update');
  const [attempt] = await tx.select().from(paymentAttempts).where(attemptIs).for('update');
  return booking && attempt ? { booking, attempt } : undefined;
}

/** A provider's amount or currency that differs from the booking is never counted (it is logged). */
function fitsBooking(payment: VerifiedPayment, booking: { bookingNumber: string; totalCents: number }): boolean {
  if (payment.amountCents === booking.totalCents && payment.currency.toLowerCase() === 'eur') return true;
  log.error(
    {
      booking: booking.bookingNumber,
      totalCents: booking.totalCents,
      provider: payment.provider,
      ref: payment.attemptRef,
      reportedCents: payment.amountCents,
      currency: payment.currency,
    },
    'payment refused: amount or currency differs from the booking',
  );
  return false;
}

/**
 * The provider holds the payment but has not finished it: the attempt is pending and its booking
 * 'processing', so no other payment of it starts until the provider decides. A booking paid
 * meanwhile stays paid (should this money come too, it is surplus, recorded then). An attempt that
 * has failed or expired is never revived: a report of it as pending is older than the failure
 * (events arrive out of order).
 */
export async function recordPendingPayment(deps: ApiDependencies, payment: VerifiedPayment): Promise<Fulfilment> {
  return deps.db.transaction(async (tx): Promise<Fulfilment> => {
    const locked = await lockAttempt(tx, payment.provider, payment.attemptRef);
    if (!locked) return { outcome: 'refused' };
    const { booking, attempt } = locked;
    const done = { bookingId: booking.id };
    if (attempt.status === 'completed') return { outcome: 'already-paid', ...done };
    if (attempt.status === 'failed' || attempt.status === 'expired') return { outcome: 'failed', ...done };
    // Not the booking's amount: nothing is recorded until the money is taken (then for a refund).
    if (!fitsBooking(payment, booking)) return { outcome: 'refused', ...done };
    if (attempt.status !== 'pending') {
      await tx.update(paymentAttempts).set({ status: 'pending' }).where(eq(paymentAttempts.id, attempt.id));
    }
    if (booking.status === 'pending_payment' || booking.status === 'cancelled') {
      await tx.update(bookings).set({ status: 'processing' }).where(eq(bookings.id, booking.id));
    }
    return { outcome: 'pending', ...done };
  });
}

/**
 * The provider declined or denied the payment: nothing was taken, the booking can be paid again.
 * A customer who had been told the payment was being processed gets a mail saying it failed.
 */
export async function recordFailedPayment(
  deps: ApiDependencies,
  provider: PaymentProvider,
  attemptRef: string,
): Promise<void> {
  const mailed = await deps.db.transaction(async (tx) => {
    const locked = await lockAttempt(tx, provider, attemptRef);
    if (!locked || !['open', 'pending'].includes(locked.attempt.status)) return false;
    const { booking, attempt } = locked;
    await tx.update(paymentAttempts).set({ status: 'failed' }).where(eq(paymentAttempts.id, attempt.id));
    const stillPending = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.bookingId, booking.id), eq(paymentAttempts.status, 'pending')));
    if (booking.status !== 'processing' || stillPending.length > 0) return false;
    await tx.update(bookings).set({ status: 'pending_payment' }).where(eq(bookings.id, booking.id));
    if (attempt.status !== 'pending') return false;
    const [customer] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, booking.userId));
    if (!customer) return false;
    await enqueueMail(
      tx,
      paymentFailedMail(customer.email, customer.firstName, {
        bookingNumber: booking.bookingNumber,
        paymentMethod: PAYMENT_METHOD_NAMES[provider],
        cartUrl: `${deps.siteUrl}/cart`,
      }),
    );
    return true;
  });
  if (mailed) deps.mailSender.wake();
}

/** An attempt that can never be paid (expired, voided) stops counting as open. */
export async function recordClosedAttempt(deps: ApiDependencies, provider: PaymentProvider, attemptRef: string) {
  await deps.db
    .update(paymentAttempts)
    .set({ status: 'expired' })
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        eq(paymentAttempts.providerRef, attemptRef),
        eq(paymentAttempts.status, 'open'),
      ),
    );
}

/** "12,00 USD": what a provider took, in its own currency. */
function formatTaken(cents: number, currency: string): string {
  if (!Number.isFinite(cents)) return `(unlesbarer Betrag) ${currency.toUpperCase()}`;
  if (currency.toLowerCase() === 'eur') return formatEuros(cents / 100);
  return `${(cents / 100).toFixed(2).replace('.', ',')} ${currency.toUpperCase()}`;
}

/**
 * Tells the agency (and the log) about money no booking takes: a second payment of an order paid
 * already (surplus), or one whose amount or currency does not fit the order (mismatch).
 */
async function queueRefundDueReport(
  tx: Database,
  deps: ApiDependencies,
  booking: { bookingNumber: string; userId: number; totalCents: number },
  payment: { provider: PaymentProvider; providerRef: string; amountCents: number; currency: string; testMode: boolean },
  reason: 'surplus' | 'mismatch',
) {
  log.error(
    {
      booking: booking.bookingNumber,
      provider: payment.provider,
      ref: payment.providerRef,
      cents: payment.amountCents,
      currency: payment.currency,
      reason,
    },
    'payment no booking takes, recorded as refund_due',
  );
  const [customer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, booking.userId));
  await enqueueMail(
    tx,
    refundDuePaymentMail(deps.company.email, {
      reason,
      bookingNumber: booking.bookingNumber,
      paymentMethod: PAYMENT_METHOD_NAMES[payment.provider],
      providerRef: payment.providerRef,
      amount: formatTaken(payment.amountCents, payment.currency),
      total: formatEuros(booking.totalCents / 100),
      customerEmail: customer?.email ?? '',
      testMode: payment.testMode,
      overviewUrl: `${deps.siteUrl}/admin/bestellungen`,
    }),
  );
}

/** Removes the paid entries from the cart and queues the German booking confirmation. */
async function queueBookingConfirmation(
  tx: Database,
  deps: ApiDependencies,
  bookingId: number,
  payment: VerifiedPayment,
  invoiceNumber: string,
) {
  const [booking] = await tx
    .select({
      userId: bookings.userId,
      bookingNumber: bookings.bookingNumber,
      totalCents: bookings.totalCents,
      paidAt: bookings.paidAt,
      earlyStartConsentAt: bookings.earlyStartConsentAt,
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
    bookingConfirmationMail(booking.email, booking.firstName, {
      bookingNumber: booking.bookingNumber,
      concludedAt: (booking.paidAt ?? new Date()).toISOString(),
      items: items.map((item) => {
        const facts = { ...item, price: centsToEuros(item.priceCents), discount: centsToEuros(item.discountCents) };
        return `${item.articleType} (Artikel ${item.articleNumber}), ${formatQuantityTimesPrice(facts)}, ${formatPeriod(facts)}: ${formatEuros(centsToEuros(item.lineCents))}`;
      }),
      total: formatEuros(booking.totalCents / 100),
      vatNote: vatNote(deps.company.vat),
      paymentMethod: PAYMENT_METHOD_NAMES[payment.provider],
      seller: fillCompanyFields('{{Anbieter}}', deps.company),
      agencyEmail: deps.company.email,
      bookingsUrl: `${deps.siteUrl}/profilepage`,
      materialsUrl: materialsUrl(deps.siteUrl, booking.bookingNumber),
      withdrawalUrl: `${deps.siteUrl}/widerruf?bestellung=${booking.bookingNumber}`,
      earlyStartConsentAt: booking.earlyStartConsentAt?.toISOString() ?? null,
      nextSteps: kindsOf(items).flatMap((kind) =>
        nextSteps(kind, { agencyEmail: deps.company.email, print: printFileRules() }),
      ),
      legalTexts: legalTexts(deps.company, deps.siteUrl),
      testMode: payment.testMode,
      invoiceNumber,
    }),
  );
}
