/**
 * `POST /payment/stripe/webhook`: Stripe's signed events (docs/product.md#d20-stripe-checkout,
 * #d32-payment-states, #d33-refunds). Stripe does not order its events and may send one twice, so
 * an event only says what to look at: the session, refund or dispute is read from Stripe and its
 * state now is recorded. A session paid is fulfilled, complete but unpaid is pending while its
 * PaymentIntent processes and failed once that needs another method, expired closes the attempt;
 * refunds end when Stripe says they succeeded or failed; a dispute makes the booking 'disputed',
 * then paid again or charged back. A signed event whose object lacks what the product reads is
 * refused (400) and logged; Stripe unreachable is a 502 (Stripe sends the event again).
 */
import Stripe from 'stripe';
import * as v from 'valibot';
import type { ApiDependencies } from '../../context.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { applyProviderDispute, stripeDisputeReport } from './disputes.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { askProvider } from './payment-states.ts';
import { applyProviderRefund, refundStatusOf } from './provider-refunds.ts';
import { applyVerdict } from './settlement.ts';

const STRIPE_WEBHOOK_MESSAGES = {
  invalidSignature: 'Die Signatur der Nachricht ist ungültig.',
  malformed: 'Die Nachricht hat nicht die erwartete Form.',
  unreachable: 'Stripe ist nicht erreichbar; die Nachricht wird später erneut zugestellt.',
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

const ChargeSchema = v.object({ id: v.string(), payment_intent: idOrObject });

const RefundSchema = v.object({ id: v.string(), payment_intent: idOrObject });

const DisputeSchema = v.object({ id: v.string() });

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
  try {
    await handleEvent(deps, providers, event);
  } catch (error) {
    if (error instanceof ApiError || !(error instanceof Stripe.errors.StripeError)) throw error;
    log.error({ eventId: event.id, type: event.type, err: error }, 'could not ask Stripe about an event');
    throw new ApiError(502, STRIPE_WEBHOOK_MESSAGES.unreachable);
  }
}

async function handleEvent(deps: ApiDependencies, providers: PaymentProviders, event: Stripe.Event) {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const { id } = objectOf(event, SessionSchema);
      const verdict = await askProvider(providers, 'stripe', id);
      // The event's id makes a replay change nothing; a payment that does not fit is recorded by fulfilment.
      await applyVerdict(
        deps,
        providers,
        verdict.state === 'paid' ? { ...verdict, payment: { ...verdict.payment, eventId: event.id } } : verdict,
      );
      return;
    }
    case 'charge.refunded': {
      const paymentId = idOf(objectOf(event, ChargeSchema).payment_intent);
      if (!paymentId) return;
      // The charge names none of its refunds: Stripe lists them, each with its id and status.
      const { data } = await providers.stripe.refunds.list({ payment_intent: paymentId, limit: 100 });
      for (const refund of data) await applyStripeRefund(deps, paymentId, refund);
      return;
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const { id, payment_intent } = objectOf(event, RefundSchema);
      const paymentId = idOf(payment_intent);
      if (paymentId) await applyStripeRefund(deps, paymentId, await providers.stripe.refunds.retrieve(id));
      return;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = await providers.stripe.disputes.retrieve(objectOf(event, DisputeSchema).id);
      await applyProviderDispute(deps, stripeDisputeReport(dispute));
      return;
    }
  }
}

/** A refund as Stripe shows it now (its amount says whether it refunds the payment in full). */
const applyStripeRefund = (deps: ApiDependencies, paymentId: string, refund: Stripe.Refund) =>
  applyProviderRefund(deps, {
    provider: 'stripe',
    paymentId,
    providerRefundId: refund.id,
    amountCents: refund.amount,
    status: refundStatusOf(refund.status),
  });
