/**
 * What the product does with a provider's word about an attempt, whoever brought it (the
 * customer's return, a capture, a webhook, the reconciliation): a paid attempt is fulfilled and
 * the booking's other card sessions closed; pending, failed and closed attempts move as
 * docs/product.md#d32-payment-states says. Every move is idempotent.
 */
import type { ApiDependencies } from '../../context.ts';
import { log } from '../../log.ts';
import {
  type Fulfilment,
  fulfilPayment,
  recordClosedAttempt,
  recordFailedPayment,
  recordPendingPayment,
  type VerifiedPayment,
} from './fulfilment.ts';
import { closeCardSessions, type TakenPayment } from './open-attempts.ts';
import type { PaymentProviders } from './payment-providers.ts';
import type { ProviderVerdict } from './payment-states.ts';

/** Records a paid or pending card session found while closing a booking's sessions. */
export const recordTaken = (deps: ApiDependencies, taken: TakenPayment): Promise<Fulfilment> =>
  taken.state === 'paid' ? fulfilPayment(deps, taken.payment) : recordPendingPayment(deps, taken.payment);

/**
 * Fulfils a provider-verified payment. Once a booking is paid, its other card sessions are closed;
 * one paid meanwhile is recorded for a refund (best effort: the webhook of a session that stays
 * open records it too).
 */
export async function settle(
  deps: ApiDependencies,
  providers: PaymentProviders,
  payment: VerifiedPayment,
): Promise<Fulfilment> {
  const fulfilment = await fulfilPayment(deps, payment);
  const { outcome, bookingId } = fulfilment;
  if (outcome === 'paid' && bookingId !== undefined) {
    try {
      for (const surplus of await closeCardSessions(deps, providers, [bookingId])) await recordTaken(deps, surplus);
    } catch (error) {
      log.warn({ bookingId, err: error }, 'could not close the other card sessions of a paid booking');
    }
  }
  return fulfilment;
}

/** Applies the provider's verdict; resolves with what fulfilment did, for a paid or pending one. */
export async function applyVerdict(
  deps: ApiDependencies,
  providers: PaymentProviders,
  verdict: ProviderVerdict,
): Promise<Fulfilment | undefined> {
  switch (verdict.state) {
    case 'paid':
      return settle(deps, providers, verdict.payment);
    case 'pending':
      return recordPendingPayment(deps, verdict.payment);
    case 'failed':
      await recordFailedPayment(deps, verdict.provider, verdict.attemptRef);
      return undefined;
    case 'closed':
      await recordClosedAttempt(deps, verdict.provider, verdict.attemptRef);
      return undefined;
    // An approved PayPal order is captured by the shop (paypal-capture.ts), which then applies PayPal's answer.
    case 'approved':
    case 'open':
      return undefined;
  }
}
