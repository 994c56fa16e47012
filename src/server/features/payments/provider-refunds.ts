/**
 * Refunds as the providers report them (webhooks, or the reconciliation reading them): a refund
 * staff started ends with the provider's word, and one made in the provider's dashboard is recorded
 * and ends the same way (docs/product.md#d33-refunds).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../../lib/payments.ts';
import type { ApiDependencies } from '../../context.ts';
import { bookings, payments, type RefundStatus, refunds } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { markRefunded, revertRefund } from './refund-outcomes.ts';

/** `refund.status` of either provider, in the product's words. */
export function refundStatusOf(providerStatus: string | null | undefined): 'completed' | 'pending' | 'failed' {
  switch (providerStatus?.toLowerCase()) {
    case 'succeeded':
    case 'completed':
      return 'completed';
    case 'failed':
    case 'canceled':
    case 'cancelled':
      return 'failed';
    default:
      return 'pending';
  }
}

/** What a provider's webhook (or the reconciliation) tells about a refund of one of its payments. */
export interface ProviderRefund {
  provider: PaymentProvider;
  /** Stripe's PaymentIntent, PayPal's capture. */
  paymentId: string;
  providerRefundId: string;
  /** What the refund pays back; unset when the report does not say: then only a refund the shop knows changes. */
  amountCents?: number;
  status: 'completed' | 'pending' | 'failed';
}

/**
 * A refund the provider reports, as it is now: completes a refund the shop knows (staff's, waiting
 * for its answer or pending) or records one made at the provider, which ends as a staff refund
 * does. A failed refund is final: the booking is paid again and the agency told. Reports may come
 * twice and in any order; a refund that failed is never revived.
 */
export async function applyProviderRefund(deps: ApiDependencies, reported: ProviderRefund): Promise<void> {
  const mailed = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, reported.provider), eq(payments.providerPaymentId, reported.paymentId)));
    if (!found) {
      log.warn(
        { provider: reported.provider, paymentId: reported.paymentId },
        'refund of a payment this shop does not know',
      );
      return false;
    }
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, found.bookingId)).for('update');
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id));
    if (!payment) return false;
    const [known] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.providerRefundId, reported.providerRefundId)))
      .for('update');
    if (known?.status === 'failed') return false;
    const [live] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), ne(refunds.status, 'failed')))
      .for('update');
    // The refund the report is about: known by its id, or the staff refund still waiting for its answer.
    const target = known ?? (live && live.providerRefundId === null ? live : undefined);
    if (reported.status === 'failed') return target ? revertRefund(tx, deps, target, payment) : false;
    if (target) {
      const status: RefundStatus =
        reported.status === 'completed' ? 'completed' : target.status === 'completed' ? 'completed' : 'pending';
      await tx
        .update(refunds)
        .set({ status, providerRefundId: reported.providerRefundId, updatedAt: sql`now()` })
        .where(eq(refunds.id, target.id));
      return status === 'completed' && target.status !== 'completed' ? markRefunded(tx, deps, payment) : false;
    }
    if (reported.amountCents === undefined) return false;
    if (reported.amountCents < payment.amountCents || live) {
      log.error(
        { provider: reported.provider, paymentId: reported.paymentId, refund: reported.providerRefundId },
        'partial or second refund at the provider: the booking stays as it is, staff must look at it',
      );
      return false;
    }
    if (payment.status === 'refunded') return false;
    await tx.insert(refunds).values({
      bookingId: payment.bookingId,
      paymentId: payment.id,
      providerRefundId: reported.providerRefundId,
      amountCents: payment.amountCents,
      status: reported.status,
      origin: 'provider',
    });
    return reported.status === 'completed' ? markRefunded(tx, deps, payment) : false;
  });
  if (mailed) deps.mailSender.wake();
}
