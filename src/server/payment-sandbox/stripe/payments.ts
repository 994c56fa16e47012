/**
 * What a paid Checkout Session leaves behind at Stripe: its PaymentIntent with the Charge that
 * took the money (at once for a card; days later, or never, for a delayed method such as SEPA
 * Direct Debit), the Refunds made of it (`POST /v1/refunds`, a full refund unless an amount is
 * named; pending, then succeeded or failed, when a test asks for it) and the Dispute a cardholder
 * may open, each in Stripe's shape (docs/product.md#d33-refunds, #d32-payment-states).
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
  | 'disputed'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'refunded'
  | 'status'
> & { payment_intent: string };

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_received'
  | 'created'
  | 'currency'
  | 'last_payment_error'
  | 'livemode'
  | 'metadata'
  | 'status'
> & { latest_charge: string };

export type Refund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'balance_transaction'
  | 'created'
  | 'currency'
  | 'failure_reason'
  | 'metadata'
  | 'reason'
  | 'receipt_number'
  | 'source_transfer_reversal'
  | 'status'
  | 'transfer_reversal'
> & { charge: string; payment_intent: string };

export type Dispute = Pick<
  Stripe.Dispute,
  'id' | 'object' | 'amount' | 'created' | 'currency' | 'is_charge_refundable' | 'livemode' | 'metadata' | 'reason'
> & {
  charge: string;
  payment_intent: string;
  status: 'needs_response' | 'won' | 'lost';
  evidence_details: Pick<Stripe.Dispute.EvidenceDetails, 'due_by' | 'has_evidence' | 'past_due' | 'submission_count'>;
};

export interface StoredPayment {
  intent: PaymentIntent;
  charge: Charge;
  /** The session it was paid in, whose webhook timing its events follow. */
  sessionId: string;
  apiVersion: string;
  webhookMode: WebhookMode;
  /** Its refunds' ids, oldest first (`GET /v1/refunds?payment_intent=`). */
  refundIds?: string[];
  /** The cardholder's dispute, once there is one. */
  disputeId?: string;
}

export const PAYMENT_INTENT_KIND = 'stripe.payment_intent';
/** Charge id → PaymentIntent id. */
export const CHARGE_KIND = 'stripe.charge';
export const REFUND_KIND = 'stripe.refund';
/** Refund id → how and when a pending refund ends. */
export const REFUND_SETTLEMENT_KIND = 'stripe.refund_settlement';
export const DISPUTE_KIND = 'stripe.dispute';

/** How long a refund a test made pending stays so (a bank's answer takes its time). */
export const REFUND_SETTLES_AFTER_MS = 60 * 60 * 1000;
/** How long a cardholder's bank gives the merchant to answer a dispute. */
const DISPUTE_RESPONSE_DAYS = 7;

export interface RefundSettlement {
  status: 'succeeded' | 'failed';
  at: number;
}

/**
 * The PaymentIntent and Charge of a session just completed: paid, or (a delayed method) still
 * `processing`, its charge `pending`.
 */
export function paidIntent(
  intentId: string,
  session: { id: string; amount_total: number | null; currency: string | null; metadata: Stripe.Metadata | null },
  context: { now: Date; apiVersion: string; webhookMode: WebhookMode; delayed: boolean },
): StoredPayment {
  const amount = session.amount_total ?? 0;
  const currency = session.currency ?? 'eur';
  const created = unixSeconds(context.now);
  const chargeId = stripeId('ch');
  const { delayed } = context;
  return {
    intent: {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: delayed ? 0 : amount,
      created,
      currency,
      last_payment_error: null,
      latest_charge: chargeId,
      livemode: false,
      metadata: { ...session.metadata },
      status: delayed ? 'processing' : 'succeeded',
    },
    charge: {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: delayed ? 0 : amount,
      amount_refunded: 0,
      captured: !delayed,
      created,
      currency,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: {},
      paid: !delayed,
      payment_intent: intentId,
      refunded: false,
      status: delayed ? 'pending' : 'succeeded',
    },
    sessionId: session.id,
    apiVersion: context.apiVersion,
    webhookMode: context.webhookMode,
  };
}

/** A delayed payment's end: the money arrived, or the debit came back (the PaymentIntent needs another method). */
export function delayedOutcome(stored: StoredPayment, outcome: 'succeeded' | 'failed'): StoredPayment {
  const { intent, charge } = stored;
  if (outcome === 'succeeded') {
    return {
      ...stored,
      intent: { ...intent, status: 'succeeded', amount_received: intent.amount },
      charge: { ...charge, status: 'succeeded', paid: true, captured: true, amount_captured: charge.amount },
    };
  }
  const message = 'The customer’s bank returned the debit (sandbox: a delayed payment that failed).';
  return {
    ...stored,
    intent: {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { type: 'invalid_request_error', code: 'payment_intent_payment_attempt_failed', message },
    },
    charge: { ...charge, status: 'failed', failure_code: 'debit_not_authorized', failure_message: message },
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

function invalid(issues: readonly v.BaseIssue<unknown>[]): StripeApiError {
  const [issue] = issues;
  const param = String(issue?.path?.[0]?.key ?? '');
  const unknown = issue?.expected === 'never';
  return invalidParam(
    unknown ? `Received unknown parameter: ${param}` : (issue?.message ?? 'Invalid request'),
    param,
    unknown ? 'parameter_unknown' : 'parameter_invalid',
  );
}

export function readRefundParams(params: FormObject): RefundParams {
  const result = v.safeParse(RefundParamsSchema, params, { abortEarly: true });
  if (!result.success) throw invalid(result.issues);
  if (!result.output.payment_intent && !result.output.charge) {
    throw invalidParam(
      'One of the following params should be provided for this request: payment_intent or charge.',
      '',
    );
  }
  return result.output;
}

const RefundListSchema = v.strictObject(
  {
    payment_intent: v.optional(v.string()),
    charge: v.optional(v.string()),
    limit: v.optional(v.pipe(integer, v.minValue(1), v.maxValue(100, 'This value must be less than or equal to 100'))),
  },
  'Invalid hash',
);

/** The filters of `GET /v1/refunds` the emulator serves. */
export function readRefundListParams(params: FormObject): v.InferOutput<typeof RefundListSchema> {
  const result = v.safeParse(RefundListSchema, params, { abortEarly: true });
  if (!result.success) throw invalid(result.issues);
  return result.output;
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

/**
 * Refunds the charge (what is left of it unless an amount is named); Stripe's 400 for what cannot
 * be: a refunded or disputed charge, more than is left. `pending` when a test asked for a refund
 * that the bank answers later.
 */
export function refunded(
  stored: StoredPayment,
  params: RefundParams,
  context: { now: Date; pending: boolean },
): { stored: StoredPayment; refund: Refund } {
  const { charge } = stored;
  if (charge.refunded) {
    throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
      keepForReplay: false,
    });
  }
  if (charge.disputed) {
    throw new StripeApiError(400, `Charge ${charge.id} has been charged back; cannot issue a refund.`, {
      code: 'charge_disputed',
      keepForReplay: false,
    });
  }
  if (!charge.paid) {
    throw new StripeApiError(
      400,
      `This PaymentIntent (${stored.intent.id}) does not have a successful charge to refund.`,
      {
        code: 'charge_not_refundable',
        keepForReplay: false,
      },
    );
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
    created: unixSeconds(context.now),
    currency: charge.currency,
    metadata: { ...params.metadata },
    payment_intent: stored.intent.id,
    reason: params.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: context.pending ? 'pending' : 'succeeded',
    transfer_reversal: null,
  };
  const amountRefunded = charge.amount_refunded + amount;
  return {
    stored: {
      ...stored,
      charge: { ...charge, amount_refunded: amountRefunded, refunded: amountRefunded === charge.amount },
      refundIds: [...(stored.refundIds ?? []), refund.id],
    },
    refund,
  };
}

/** A failed refund gives its amount back to the charge: the money stayed with the merchant. */
export const refundReturned = (stored: StoredPayment, refund: Refund): StoredPayment => {
  const amountRefunded = Math.max(0, stored.charge.amount_refunded - refund.amount);
  return { ...stored, charge: { ...stored.charge, amount_refunded: amountRefunded, refunded: false } };
};

/** A pending refund as its bank ends it. */
export const settledRefund = (refund: Refund, status: RefundSettlement['status']): Refund =>
  status === 'succeeded'
    ? { ...refund, status: 'succeeded' }
    : { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' };

/** The cardholder disputes the charge: the amount is withdrawn from the merchant until the bank decides. */
export function openedDispute(stored: StoredPayment, reason: string, now: Date): Dispute {
  return {
    id: stripeId('dp'),
    object: 'dispute',
    amount: stored.charge.amount,
    charge: stored.charge.id,
    created: unixSeconds(now),
    currency: stored.charge.currency,
    evidence_details: {
      due_by: unixSeconds(now) + DISPUTE_RESPONSE_DAYS * 24 * 60 * 60,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: stored.intent.id,
    reason,
    status: 'needs_response',
  };
}
