/**
 * Stripe's webhook events as the emulator sends them: signed like Stripe's
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`), delivered after the browser's
 * redirect, retried a few times on failure, each event keeping its id across retries
 * (docs/product.md#d19-provider-emulators). Tests choose other timings per session (twice, late,
 * never, or out of order: each event after the next one); a payment's later events (its delayed
 * outcome, refunds, disputes) follow its session's timing.
 */
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { stripeId } from '../sandbox-ids.ts';
import type { SandboxStore } from '../sandbox-store.ts';
import { backgroundDeliveries, deliverWithRetries, heldEvents, type RetryTiming } from '../webhook-delivery.ts';

export const WEBHOOK_MODES = ['after-redirect', 'before-redirect', 'twice', 'late', 'never', 'out-of-order'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

export type StripeEventType = Extract<
  Stripe.Event.Type,
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'charge.refunded'
  | 'refund.created'
  | 'refund.updated'
  | 'refund.failed'
  | 'charge.dispute.created'
  | 'charge.dispute.funds_withdrawn'
  | 'charge.dispute.closed'
  | 'charge.dispute.funds_reinstated'
>;

export interface StripeEvent<TObject> {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: StripeEventType;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: TObject };
}

export interface WebhookTiming extends RetryTiming {
  /** How long after the redirect a 'late' event arrives. */
  lateDelayMs: number;
}

export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = { retryDelaysMs: [200, 1000, 3000], lateDelayMs: 2000 };

/** The `Stripe-Signature` header for `payload`, as `stripe.webhooks.constructEvent` checks it. */
export function signStripeEvent(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function stripeEvent<TObject>(
  type: StripeEventType,
  object: TObject,
  apiVersion: string,
  now: Date,
): StripeEvent<TObject> {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: apiVersion,
    created: unixSeconds(now),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export interface WebhookSenderOptions {
  store: SandboxStore;
  secret: string;
  deliver(body: string, signature: string): Promise<number>;
  now(): Date;
  timing: WebhookTiming;
}

export function webhookSender(options: WebhookSenderOptions) {
  const background = backgroundDeliveries();
  const held = heldEvents(options.store, 'stripe');
  // Signed anew for every attempt, as Stripe does: the timestamp is the attempt's.
  const deliver = (body: string) =>
    deliverWithRetries(
      () => options.deliver(body, signStripeEvent(body, options.secret, unixSeconds(options.now()))),
      options.timing,
      `Stripe event ${(JSON.parse(body) as StripeEvent<unknown>).id}`,
    );
  const deliverInTurn = async (bodies: string[]) => {
    for (const body of bodies) await deliver(body);
  };

  return {
    /**
     * Sends `event` of the payment `thread` (its session) as `mode` says. Resolves when the caller
     * may answer the browser: at once, except for 'before-redirect', which delivers (with retries) first.
     */
    async send(event: StripeEvent<unknown>, mode: WebhookMode, thread: string): Promise<void> {
      const body = JSON.stringify(event);
      switch (mode) {
        case 'never':
          return;
        case 'before-redirect':
          await deliver(body);
          return;
        case 'after-redirect':
          background.start(0, () => deliver(body));
          return;
        case 'twice':
          background.start(0, () => deliverInTurn([body, body]));
          return;
        case 'late':
          background.start(options.timing.lateDelayMs, () => deliver(body));
          return;
        case 'out-of-order': {
          const bodies = await held.pass(thread, body);
          background.start(0, () => deliverInTurn(bodies));
          return;
        }
      }
    },
    /** Delivers what was held back out of order, then waits until every delivery has ended. */
    async settle(): Promise<void> {
      await deliverInTurn(await held.release());
      await background.idle();
    },
  };
}

export type WebhookSender = ReturnType<typeof webhookSender>;
