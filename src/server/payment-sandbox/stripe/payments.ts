/**
 * What a paid Checkout Session leaves behind at Stripe: its PaymentIntent with the Charge that
 * took the card's money, and the Refunds made of it (`POST /v1/refunds`, a full refund unless an
 * amount is named), each in Stripe's shape (docs/product.md#d33-refunds).
 */
import type Stripe from 'stripe';
import * as v from 'valibot';
import { stripeId } from '../sandbox-ids.ts';
import { invalidParam, StripeApiError } from './errors.ts';
import type { FormObject } from './form-params.ts';
import { unixSeconds, type WebhookMode } from './webhooks.ts';

export type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'refunded'
  | 'status'
> & { payment_intent: string };

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'amount_received' | 'created' | 'currency' | 'livemode' | 'metadata' | 'status'
> & { latest_charge: string };

export type Refund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'created'
  | 'currency'
  | 'metadata'
  | 'reason'
  | 'receipt_number'
  | 'source_transfer_reversal'
  | 'status'
  | 'transfer_reversal'
> & { charge: string; payment_intent: string };

export interface StoredPayment {
  intent: PaymentIntent;
  charge: Charge;
  /** The session it was paid in, whose webhook timing its events follow. */
  apiVersion: string;
  webhookMode: WebhookMode;
}

export const PAYMENT_INTENT_KIND = 'stripe.payment_intent';
/** Charge id → PaymentIntent id. */
export const CHARGE_KIND = 'stripe.charge';
export const REFUND_KIND = 'stripe.refund';

export function paidIntent(
  intentId: string,
  session: { amount_total: number | null; currency: string | null; metadata: Stripe.Metadata | null },
  context: { now: Date; apiVersion: string; webhookMode: WebhookMode },
): StoredPayment {
  const amount = session.amount_total ?? 0;
  const currency = session.currency ?? 'eur';
  const created = unixSeconds(context.now);
  const chargeId = stripeId('ch');
  return {
    intent: {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      created,
      currency,
      latest_charge: chargeId,
      livemode: false,
      metadata: { ...session.metadata },
      status: 'succeeded',
    },
    charge: {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      created,
      currency,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: intentId,
      refunded: false,
      status: 'succeeded',
    },
    apiVersion: context.apiVersion,
    webhookMode: context.webhookMode,
  };
}

const integer = v.pipe(
  v.string('Invalid integer'),
  v.regex(/^\d{1,15}$/, (issue) => `Invalid integer: ${issue.input}`),
  v.transform(Number),
);

const RefundParamsSchema = v.strictObject(
  {
    payment_intent: v.optional(v.string()),
    charge: v.optional(v.string()),
    amount: v.optional(v.pipe(integer, v.minValue(1, 'This value must be greater than or equal to 1'))),
    reason: v.optional(
      v.picklist(['duplicate', 'fraudulent', 'requested_by_customer'], (issue) => `Invalid reason: ${issue.received}`),
    ),
    metadata: v.optional(v.record(v.string(), v.string(), 'Invalid hash')),
  },
  'Invalid hash',
);

export type RefundParams = v.InferOutput<typeof RefundParamsSchema>;

export function readRefundParams(params: FormObject): RefundParams {
  const result = v.safeParse(RefundParamsSchema, params, { abortEarly: true });
  if (!result.success) {
    const [issue] = result.issues;
    const param = String(issue?.path?.[0]?.key ?? '');
    const unknown = issue?.expected === 'never';
    throw invalidParam(
      unknown ? `Received unknown parameter: ${param}` : (issue?.message ?? 'Invalid request'),
      param,
      unknown ? 'parameter_unknown' : 'parameter_invalid',
    );
  }
  if (!result.output.payment_intent && !result.output.charge) {
    throw invalidParam(
      'One of the following params should be provided for this request: payment_intent or charge.',
      '',
    );
  }
  return result.output;
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/** Refunds the charge (what is left of it unless an amount is named); Stripe's 400 for what cannot be. */
export function refunded(
  stored: StoredPayment,
  params: RefundParams,
  now: Date,
): { stored: StoredPayment; refund: Refund } {
  const { charge } = stored;
  if (charge.refunded) {
    throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
      keepForReplay: false,
    });
  }
  const left = charge.amount - charge.amount_refunded;
  const amount = params.amount ?? left;
  if (amount > left) {
    throw invalidParam(
      `Refund amount (${euros(amount)}) is greater than unrefunded amount on charge (${euros(left)})`,
      'amount',
      'amount_too_large',
    );
  }
  const refund: Refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: unixSeconds(now),
    currency: charge.currency,
    metadata: { ...params.metadata },
    payment_intent: stored.intent.id,
    reason: params.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  const amountRefunded = charge.amount_refunded + amount;
  return {
    stored: {
      ...stored,
      charge: { ...charge, amount_refunded: amountRefunded, refunded: amountRefunded === charge.amount },
    },
    refund,
  };
}
