/**
 * What a provider says about a payment attempt, in the product's words
 * (docs/product.md#d32-payment-states): paid; pending (the provider took the payment but has not
 * finished it: a PayPal capture PENDING, a Stripe session complete but unpaid); failed (declined
 * or denied); closed (expired or voided, never to be paid); or still open. Every path that learns
 * about a payment (the customer's return, a webhook, a capture, the reconciliation) reads it here.
 */
import type Stripe from 'stripe';
import type { PaymentProvider } from '../../../lib/payments.ts';
import type { VerifiedPayment } from './fulfilment.ts';
import { paypalTestMode } from './payment-config.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { centsOf, type PayPalOrder } from './paypal-client.ts';

export type ProviderVerdict =
  | { state: 'paid'; payment: VerifiedPayment }
  | { state: 'pending'; payment: VerifiedPayment }
  | { state: 'failed'; provider: PaymentProvider; attemptRef: string }
  | { state: 'closed'; provider: PaymentProvider; attemptRef: string }
  | { state: 'open'; provider: PaymentProvider; attemptRef: string };

const idOf = (value: string | { id: string } | null): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** The fields of a Checkout Session the verdict reads (from the API, or a webhook's event). */
export type SessionFacts = Pick<
  Stripe.Checkout.Session,
  'id' | 'status' | 'payment_status' | 'amount_total' | 'currency' | 'livemode'
> & { payment_intent: string | { id: string } | null };

/** A Checkout Session as a verdict; `eventId` when a webhook told it. */
export function sessionVerdict(session: SessionFacts, eventId?: string): ProviderVerdict {
  const attemptRef = session.id;
  if (session.status === 'expired') return { state: 'closed', provider: 'stripe', attemptRef };
  if (session.status !== 'complete') return { state: 'open', provider: 'stripe', attemptRef };
  const payment: VerifiedPayment = {
    provider: 'stripe',
    attemptRef,
    paymentId: idOf(session.payment_intent),
    amountCents: session.amount_total ?? Number.NaN,
    currency: session.currency ?? '',
    testMode: !session.livemode,
    eventId,
  };
  // Complete but unpaid: a delayed method still on its way (only if Checkout ever offers one).
  return session.payment_status === 'paid' ? { state: 'paid', payment } : { state: 'pending', payment };
}

/** A PayPal order as a verdict: its capture's status says what happened to the money. */
export function orderVerdict(providers: PaymentProviders, order: PayPalOrder): ProviderVerdict {
  const attemptRef = order.id;
  const capture = order.purchase_units.flatMap((unit) => unit.payments?.captures ?? [])[0];
  if (!capture) {
    return { state: order.status === 'VOIDED' ? 'closed' : 'open', provider: 'paypal', attemptRef };
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
    // COMPLETED, and REFUNDED or PARTIALLY_REFUNDED: it was paid; a refund is recorded apart.
    default:
      return { state: 'paid', payment };
  }
}

/** Asks the provider about an attempt (throws when it cannot be reached). */
export async function askProvider(
  providers: PaymentProviders,
  provider: PaymentProvider,
  attemptRef: string,
): Promise<ProviderVerdict> {
  return provider === 'stripe'
    ? sessionVerdict(await providers.stripe.checkout.sessions.retrieve(attemptRef))
    : orderVerdict(providers, await providers.paypal.getOrder(attemptRef));
}
