/**
 * What a refund's final word changes (docs/product.md#d33-refunds), inside the caller's
 * transaction, which holds the booking's row lock: a refund that succeeded marks the payment and
 * the booking refunded, issues the correcting invoice and mails the customer; one that failed after
 * it was accepted makes the booking paid again and tells the agency.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatEuros } from '../../../lib/money.ts';
import { PAYMENT_METHOD_NAMES } from '../../../lib/payments.ts';
import type { ApiDependencies } from '../../context.ts';
import { bookings, type Database, invoices, payments, refunds, users } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { issueCreditNote } from '../invoices/invoices.service.ts';
import { refundFailedMail, refundMail } from './payments.mails.ts';

export type RefundRow = typeof refunds.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/**
 * Marks the payment and (for the booking's own payment) the booking refunded and queues the
 * customer's mail, inside the caller's transaction, which holds the booking's row lock.
 */
export async function markRefunded(tx: Database, deps: ApiDependencies, payment: PaymentRow): Promise<boolean> {
  await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
  if (payment.status !== 'settled') return false;
  const [booking] = await tx
    .update(bookings)
    .set({ status: 'refunded' })
    .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'paid')))
    .returning();
  if (!booking) return false;
  const [customer] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, booking.userId));
  if (!customer) return false;
  const creditNoteNumber = await issueCreditNote(tx, booking.id);
  await enqueueMail(
    tx,
    refundMail(customer.email, customer.firstName, {
      creditNoteNumber,
      bookingNumber: booking.bookingNumber,
      amount: formatEuros(payment.amountCents / 100),
      paymentMethod: PAYMENT_METHOD_NAMES[payment.provider],
      bookingsUrl: `${deps.siteUrl}/profilepage`,
      agencyEmail: deps.company.email,
      testMode: payment.testMode,
    }),
  );
  return true;
}

/**
 * A refund the provider gave up after it had accepted it: the money stays with the shop. The
 * booking is paid again, can be refunded anew, and the agency is told by mail.
 */
export async function revertRefund(tx: Database, deps: ApiDependencies, refund: RefundRow, payment: PaymentRow) {
  log.error(
    { refundId: refund.id, paymentId: payment.id },
    'a refund failed at the provider: the booking is paid again',
  );
  await tx.update(refunds).set({ status: 'failed', updatedAt: sql`now()` }).where(eq(refunds.id, refund.id));
  if (payment.status === 'refunded') {
    await tx.update(payments).set({ status: 'settled' }).where(eq(payments.id, payment.id));
    await tx
      .update(bookings)
      .set({ status: 'paid' })
      .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'refunded')));
  }
  const [booking] = await tx
    .select({ bookingNumber: bookings.bookingNumber, email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, payment.bookingId));
  if (!booking) return false;
  const [creditNote] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.bookingId, payment.bookingId), eq(invoices.kind, 'credit_note')));
  await enqueueMail(
    tx,
    refundFailedMail(deps.company.email, {
      bookingNumber: booking.bookingNumber,
      customerEmail: booking.email,
      amount: formatEuros(refund.amountCents / 100),
      paymentMethod: PAYMENT_METHOD_NAMES[payment.provider],
      creditNoteNumber: creditNote?.number,
      testMode: payment.testMode,
      overviewUrl: `${deps.siteUrl}/admin/bestellungen`,
    }),
  );
  return true;
}
