/**
 * `POST /payment/stripe/webhook`: Stripe's signed events (docs/product.md#d20-stripe-checkout,
 * #d32-payment-states, #d33-refunds). A completed or asynchronously paid session is fulfilled (one
 * complete but unpaid is pending), an asynchronous payment that failed makes the booking payable
 * again, an expired session only closes its attempt; a refunded charge ends as a refund by staff
 * does, and a refund that failed later makes the booking paid again. A signed event whose object
 * lacks what the product reads is refused (400) and logged.
 */
import type Stripe from 'stripe';
import * as v from 'valibot';
import type { ApiDependencies } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { recordClosedAttempt, recordFailedPayment } from './fulfilment.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { sessionVerdict } from './payment-states.ts';
import { applyProviderRefund, refundStatusOf } from './refunds.ts';
import { applyVerdict } from './settlement.ts';

const STRIPE_WEBHOOK_MESSAGES = {
  invalidSignature: 'Die Signatur der Nachricht ist ungültig.',
  malformed: 'Die Nachricht hat nicht die erwartete Form.',
} as const;

const idOrObject = v.nullable(v.union([v.string(), v.object({ id: v.string() })]));

/** The session fields the product reads. */
const SessionSchema = v.object({
  id: v.string(),
  status: v.nullable(v.picklist(['open', 'complete', 'expired'])),
  payment_status: v.picklist(['paid', 'unpaid', 'no_payment_required']),
  amount_total: v.nullable(v.number()),
  currency: v.nullable(v.string()),
  livemode: v.boolean(),
  payment_intent: idOrObject,
});

const ChargeSchema = v.object({
  id: v.string(),
  payment_intent: idOrObject,
  refunded: v.boolean(),
});

const RefundSchema = v.object({ id: v.string(), payment_intent: idOrObject, status: v.nullable(v.string()) });

const idOf = (value: v.InferOutput<typeof idOrObject>) => (typeof value === 'string' ? value : value?.id);

/** The event's object read with `schema`, or a logged 400. */
function objectOf<TSchema extends v.GenericSchema>(event: Stripe.Event, schema: TSchema): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, (event as { data?: { object?: unknown } }).data?.object);
  if (result.success) return result.output;
  log.warn(
    { eventId: event.id, type: event.type, issue: result.issues[0]?.message, path: v.getDotPath(result.issues[0]) },
    'malformed Stripe event refused',
  );
  throw new ApiError(400, STRIPE_WEBHOOK_MESSAGES.malformed);
}

export async function handleStripeWebhook(
  deps: ApiDependencies,
  providers: PaymentProviders,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  let event: Stripe.Event;
  try {
    event = providers.stripe.webhooks.constructEvent(rawBody, signature ?? '', providers.config.stripe.webhookSecret);
  } catch {
    throw new ApiError(400, STRIPE_WEBHOOK_MESSAGES.invalidSignature);
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A payment that does not fit is logged by fulfilment; Stripe need not send it again.
      await applyVerdict(deps, providers, sessionVerdict(objectOf(event, SessionSchema), event.id));
      return;
    }
    case 'checkout.session.async_payment_failed':
      await recordFailedPayment(deps, 'stripe', objectOf(event, SessionSchema).id);
      return;
    case 'checkout.session.expired':
      await recordClosedAttempt(deps, 'stripe', objectOf(event, SessionSchema).id);
      return;
    case 'charge.refunded': {
      const charge = objectOf(event, ChargeSchema);
      const paymentId = idOf(charge.payment_intent);
      if (!paymentId) return;
      await applyProviderRefund(deps, {
        provider: 'stripe',
        paymentId,
        providerRefundId: null,
        full: charge.refunded,
        status: 'completed',
      });
      return;
    }
    case 'refund.updated':
    case 'refund.failed': {
      const refund = objectOf(event, RefundSchema);
      const paymentId = idOf(refund.payment_intent);
      if (!paymentId) return;
      const status = refundStatusOf(refund.status);
      // A refund that is still pending changes nothing; its outcome arrives as another update.
      if (status === 'pending') return;
      await applyProviderRefund(deps, { provider: 'stripe', paymentId, providerRefundId: refund.id, status });
      return;
    }
  }
}
