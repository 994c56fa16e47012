/**
 * Stripe's webhook events as the emulator sends them: signed like Stripe's
 * (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`), delivered after the browser's
 * redirect, retried a few times on failure, each event keeping its id across retries
 * (docs/product.md#d19-provider-emulators). Tests choose other timings per session; a payment's
 * later events (its refunds) follow its session's timing.
 */
import { createHmac } from 'node:crypto';
import { stripeId } from '../sandbox-ids.ts';
import { deliverWithRetries, inBackground, type RetryTiming } from '../webhook-delivery.ts';

export const WEBHOOK_MODES = ['after-redirect', 'before-redirect', 'twice', 'late', 'never'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

export type StripeEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'charge.refunded'
  | 'refund.created';

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
  secret: string;
  deliver(body: string, signature: string): Promise<number>;
  now(): Date;
  timing: WebhookTiming;
}

export function webhookSender(options: WebhookSenderOptions) {
  // Signed anew for every attempt, as Stripe does: the timestamp is the attempt's.
  const deliver = (event: StripeEvent<unknown>, body: string) =>
    deliverWithRetries(
      () => options.deliver(body, signStripeEvent(body, options.secret, unixSeconds(options.now()))),
      options.timing,
      `Stripe event ${event.id} (${event.type})`,
    );

  return {
    /**
     * Sends `event` as `mode` says. Resolves when the caller may answer the browser: at once,
     * except for 'before-redirect', which delivers (with retries) first.
     */
    async send(event: StripeEvent<unknown>, mode: WebhookMode): Promise<void> {
      const body = JSON.stringify(event);
      switch (mode) {
        case 'never':
          return;
        case 'before-redirect':
          await deliver(event, body);
          return;
        case 'after-redirect':
          inBackground(0, () => deliver(event, body));
          return;
        case 'twice':
          inBackground(0, async () => {
            await deliver(event, body);
            await deliver(event, body);
          });
          return;
        case 'late':
          inBackground(options.timing.lateDelayMs, () => deliver(event, body));
          return;
      }
    },
  };
}

export type WebhookSender = ReturnType<typeof webhookSender>;
