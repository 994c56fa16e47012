/**
 * What a provider says about a payment attempt, in the product's words
 * (docs/product.md#d32-payment-states): paid; pending (the provider took the payment but has not
 * finished it: a PayPal capture PENDING, a Stripe session complete but unpaid while its
 * PaymentIntent is processing); failed (declined or denied, also a delayed payment that came back);
 * approved (a PayPal order the payer approved, which only the shop's capture completes); closed
 * (expired, voided, or no longer known to the provider, never to be paid); or still open. Every
 * path that learns about a payment (the customer's return, a webhook, a capture, the
 * reconciliation) reads it here.
 */
import Stripe from 'stripe';
import type { PaymentProvider } from '../../../lib/payments.ts';
import { log } from '../../log.ts';
import type { VerifiedPayment } from './fulfilment.ts';
import { paypalTestMode } from './payment-config.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { centsOf, isUnknownToPayPal, type PayPalOrder } from './paypal-client.ts';

export type ProviderVerdict =
  | { state: 'paid'; payment: VerifiedPayment }
  | { state: 'pending'; payment: VerifiedPayment }
  | { state: 'failed' | 'approved' | 'closed' | 'open'; provider: PaymentProvider; attemptRef: string };

/** The session's PaymentIntent: its id, and its status when it was expanded. */
type IntentFacts = string | { id: string; status?: string } | null;

const idOf = (value: IntentFacts): string | undefined => (typeof value === 'string' ? value : value?.id);

/** The fields of a Checkout Session the verdict reads (from the API, or a webhook's event). */
export type SessionFacts = Pick<
  Stripe.Checkout.Session,
  'id' | 'status' | 'payment_status' | 'amount_total' | 'currency' | 'livemode'
> & { payment_intent: IntentFacts };

/** A PaymentIntent that will never take this money: the delayed payment came back, or it was cancelled. */
const FAILED_INTENT_STATUSES = new Set(['requires_payment_method', 'canceled']);

/**
 * A Checkout Session as a verdict; `eventId` when a webhook told it. Complete but unpaid is
 * pending while its PaymentIntent processes and failed once it needs another payment method.
 */
export function sessionVerdict(session: SessionFacts, eventId?: string): ProviderVerdict {
  const attemptRef = session.id;
  if (session.status === 'expired') return { state: 'closed', provider: 'stripe', attemptRef };
  if (session.status !== 'complete') return { state: 'open', provider: 'stripe', attemptRef };
  const intent = session.payment_intent;
  const intentStatus = typeof intent === 'object' ? intent?.status : undefined;
  if (session.payment_status !== 'paid' && intentStatus && FAILED_INTENT_STATUSES.has(intentStatus)) {
    return { state: 'failed', provider: 'stripe', attemptRef };
  }
  const payment: VerifiedPayment = {
    provider: 'stripe',
    attemptRef,
    paymentId: idOf(intent),
    amountCents: session.amount_total ?? Number.NaN,
    currency: session.currency ?? '',
    testMode: !session.livemode,
    eventId,
  };
  return session.payment_status === 'paid' ? { state: 'paid', payment } : { state: 'pending', payment };
}

/** A PayPal order as a verdict: its capture's status says what happened to the money. */
export function orderVerdict(providers: PaymentProviders, order: PayPalOrder): ProviderVerdict {
  const attemptRef = order.id;
  const capture = order.purchase_units.flatMap((unit) => unit.payments?.captures ?? [])[0];
  if (!capture) {
    // Waiting for the payer, approved and waiting for the shop's capture, or over without money (voided).
    const waiting = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
    const state = order.status === 'APPROVED' ? 'approved' : waiting ? 'open' : 'closed';
    return { state, provider: 'paypal', attemptRef };
  }
  const payment: VerifiedPayment = {
    provider: 'paypal',
    attemptRef,
    paymentId: capture.id,
    amountCents: centsOf(capture.amount.value),
    currency: capture.amount.currency_code,
    testMode: paypalTestMode(providers.config),
  };
  switch (capture.status) {
    case 'PENDING':
      return { state: 'pending', payment };
    case 'DECLINED':
    case 'FAILED':
      return { state: 'failed', provider: 'paypal', attemptRef };
    // COMPLETED, and REFUNDED or PARTIALLY_REFUNDED: it was paid; a refund or reversal is recorded apart.
    default:
      return { state: 'paid', payment };
  }
}

/** A Checkout Session with its PaymentIntent's status, which says whether a delayed payment failed. */
export const readSession = (providers: PaymentProviders, sessionId: string) =>
  providers.stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });

/** Stripe no longer knows the object (it answers 404 `resource_missing`). */
const unknownToStripe = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  error.statusCode === 404 &&
  error.code === 'resource_missing';

/**
 * Asks the provider about an attempt (throws when it cannot be reached). One the provider no
 * longer knows (PayPal deletes an order not completed within three hours) can never be paid: closed.
 */
export async function askProvider(
  providers: PaymentProviders,
  provider: PaymentProvider,
  attemptRef: string,
): Promise<ProviderVerdict> {
  try {
    return provider === 'stripe'
      ? sessionVerdict(await readSession(providers, attemptRef))
      : orderVerdict(providers, await providers.paypal.getOrder(attemptRef));
  } catch (error) {
    if (!(isUnknownToPayPal(error) || unknownToStripe(error))) throw error;
    log.info({ provider, ref: attemptRef }, 'the provider no longer knows the payment attempt: closed');
    return { state: 'closed', provider, attemptRef };
  }
}
