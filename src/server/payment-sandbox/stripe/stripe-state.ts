/**
 * The Stripe emulator's state and its moves over time (docs/product.md#d19-provider-emulators):
 * sessions, payments, refunds and disputes in the sandbox's store, each change sending Stripe's
 * events as the session's webhook timing says, and what falls due when the sandbox clock moves on.
 * The API (stripe-emulator.ts), the hosted page (hosted-checkout.ts) and the test controls
 * (test-controls.ts) all change it through here.
 */
import type { Database } from '../../db/schema.ts';
import type { SandboxPages } from '../pages.ts';
import { type SandboxClock, sandboxClock } from '../sandbox-clock.ts';
import { refundControl } from '../sandbox-controls.ts';
import { sandboxStore } from '../sandbox-store.ts';
import {
  delayedSettled,
  expired,
  isDelayedDue,
  isOpen,
  isOverdue,
  SESSION_KIND,
  type StoredSession,
} from './checkout-sessions.ts';
import { noSuchSession, StripeApiError } from './errors.ts';
import {
  CHARGE_KIND,
  DISPUTE_KIND,
  type Dispute,
  delayedOutcome,
  openedDispute,
  PAYMENT_INTENT_KIND,
  paidIntent,
  REFUND_KIND,
  REFUND_SETTLEMENT_KIND,
  type Refund,
  type RefundSettlement,
  refundReturned,
  type StoredPayment,
  settledRefund,
} from './payments.ts';
import {
  DEFAULT_WEBHOOK_TIMING,
  type StripeEventType,
  stripeEvent,
  type WebhookMode,
  type WebhookTiming,
  webhookSender,
} from './webhooks.ts';

export interface StripeEmulatorOptions {
  db: Database;
  /** The secret key it accepts as `Authorization: Bearer …`. */
  secretKey: string;
  /** Signs webhook events with Stripe's scheme: header `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
  webhookSecret: string;
  /** Absolute URL of this router as a browser reaches it, e.g. http://localhost:4321/api/sandbox/stripe (for `session.url`). */
  publicBaseUrl: string;
  /** Posts one signed event to the product's webhook route; resolves with the HTTP status. */
  deliverWebhook(body: string, signature: string): Promise<number>;
  pages: SandboxPages;
  /** Test-only controls (`/test/…`) are served only when true. */
  testControls: boolean;
  /** The sandbox's clock (default: the real time). */
  clock?: SandboxClock;
  /** Retry delays of webhook deliveries (default 0.2 s, 1 s, 3 s) and the delay of mode 'late' (2 s). */
  webhookTiming?: Partial<WebhookTiming>;
}

export const PROVIDER = 'stripe';

export type StripeState = ReturnType<typeof stripeState>;

export function stripeState(options: StripeEmulatorOptions) {
  const store = sandboxStore(options.db);
  const clock = options.clock ?? sandboxClock(store, { controlled: false });
  const now = () => clock.now();
  const webhooks = webhookSender({
    store,
    secret: options.webhookSecret,
    deliver: options.deliverWebhook,
    now,
    timing: { ...DEFAULT_WEBHOOK_TIMING, ...options.webhookTiming },
  });
  const nextRefund = refundControl(store, PROVIDER);

  /** Sends an event about a payment, as its session's webhook timing says. */
  const send = (
    type: StripeEventType,
    object: unknown,
    of: { apiVersion: string; webhookMode: WebhookMode },
    thread: string,
  ) => webhooks.send(stripeEvent(type, object, of.apiVersion, now()), of.webhookMode, thread);

  /**
   * Stores the change of a session and sends the events of its moves: out of 'open' (completed or
   * expired; a completed session leaves its PaymentIntent and Charge behind), and a delayed
   * payment's end (succeeded or failed, its PaymentIntent with it).
   */
  async function changeSession(id: string, change: (stored: StoredSession) => StoredSession) {
    const result = await store.update<StoredSession>(SESSION_KIND, id, change);
    if (!result) throw noSuchSession(id);
    const { before, after } = result;
    const intentId = after.session.payment_intent;
    if (isOpen(before) && !isOpen(after)) {
      const complete = after.session.status === 'complete';
      if (complete && intentId) {
        const { apiVersion, webhookMode } = after;
        const context = { now: now(), apiVersion, webhookMode, delayed: after.delayed !== undefined };
        const payment = paidIntent(intentId, after.session, context);
        await store.put(PAYMENT_INTENT_KIND, intentId, payment);
        await store.put(CHARGE_KIND, payment.charge.id, { paymentIntent: intentId });
      }
      await send(complete ? 'checkout.session.completed' : 'checkout.session.expired', after.session, after, id);
    }
    if (before.delayed && !after.delayed && intentId) {
      const { outcome } = before.delayed;
      await store.update<StoredPayment>(PAYMENT_INTENT_KIND, intentId, (payment) => delayedOutcome(payment, outcome));
      const type =
        outcome === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed';
      await send(type, after.session, after, id);
    }
    return result;
  }

  /**
   * The session as it is now: an open one past its expiry is expired on the way, a delayed payment
   * whose time has come ends (each with its event).
   */
  async function currentSession(id: string): Promise<StoredSession | undefined> {
    const stored = await store.get<StoredSession>(SESSION_KIND, id);
    if (!stored || !(isOverdue(stored, now()) || isDelayedDue(stored, now()))) return stored;
    const moved = await changeSession(id, (latest) => {
      if (isOverdue(latest, now())) return expired(latest);
      return isDelayedDue(latest, now()) ? delayedSettled(latest) : latest;
    });
    return moved.after;
  }

  /** A payment as it is now (its session's delayed payment ended, if its time has come). */
  async function currentPayment(intentId: string): Promise<StoredPayment | undefined> {
    const stored = await store.get<StoredPayment>(PAYMENT_INTENT_KIND, intentId);
    if (!stored) return undefined;
    const session = await store.get<StoredSession>(SESSION_KIND, stored.sessionId);
    if (!session || !isDelayedDue(session, now())) return stored;
    await currentSession(stored.sessionId);
    return store.get<StoredPayment>(PAYMENT_INTENT_KIND, intentId);
  }

  /** A refund as it is now: a pending one whose time has come succeeds or fails (with its events). */
  async function currentRefund(id: string): Promise<Refund | undefined> {
    const settlement = await store.get<RefundSettlement>(REFUND_SETTLEMENT_KIND, id);
    if (!settlement || settlement.at > now().getTime()) return store.get<Refund>(REFUND_KIND, id);
    // Whoever takes the settlement ends the refund, once.
    if (!(await store.take<RefundSettlement>(REFUND_SETTLEMENT_KIND, id))) return store.get<Refund>(REFUND_KIND, id);
    const result = await store.update<Refund>(REFUND_KIND, id, (refund) => settledRefund(refund, settlement.status));
    if (!result) return undefined;
    const { after: refund } = result;
    const payment = await store.update<StoredPayment>(PAYMENT_INTENT_KIND, refund.payment_intent, (stored) =>
      refund.status === 'failed' ? refundReturned(stored, refund) : stored,
    );
    if (payment) {
      const of = payment.after;
      await send('refund.updated', refund, of, of.sessionId);
      if (refund.status === 'failed') await send('refund.failed', refund, of, of.sessionId);
    }
    return refund;
  }

  /** Every move that fell due when the sandbox clock moved on, with its events. */
  clock.onAdvance(async (at) => {
    for (const { id, data } of await store.list<StoredSession>(SESSION_KIND)) {
      if (isOverdue(data, at) || isDelayedDue(data, at)) await currentSession(id);
    }
    for (const { id, data } of await store.list<RefundSettlement>(REFUND_SETTLEMENT_KIND)) {
      if (data.at <= at.getTime()) await currentRefund(id);
    }
    await webhooks.settle();
  });

  const sessionOr404 = async (id: string) => {
    const stored = await currentSession(id);
    if (!stored) throw noSuchSession(id);
    return stored;
  };

  /**
   * Opens the payment's dispute (charge.dispute.created, funds_withdrawn) and closes it as the bank
   * decides (charge.dispute.closed, and funds_reinstated when won); a dispute closed is final (409).
   */
  async function changeDispute(
    payment: StoredPayment,
    outcome: 'open' | 'won' | 'lost',
    reason: string,
  ): Promise<Dispute | StripeApiError> {
    const thread = payment.sessionId;
    let dispute = payment.disputeId ? await store.get<Dispute>(DISPUTE_KIND, payment.disputeId) : undefined;
    if (dispute && (outcome === 'open' || dispute.status !== 'needs_response')) {
      return new StripeApiError(409, `Charge ${payment.charge.id} already has a dispute (${dispute.status}).`);
    }
    if (!dispute) {
      const opened = openedDispute(payment, reason, now());
      dispute = opened;
      await store.put(DISPUTE_KIND, opened.id, opened);
      const result = await store.update<StoredPayment>(PAYMENT_INTENT_KIND, payment.intent.id, (stored) => ({
        ...stored,
        disputeId: opened.id,
        charge: { ...stored.charge, disputed: true },
      }));
      const of = result?.after ?? payment;
      await send('charge.dispute.created', opened, of, thread);
      await send('charge.dispute.funds_withdrawn', opened, of, thread);
    }
    if (outcome === 'open') return dispute;
    const closed: Dispute = { ...dispute, status: outcome, is_charge_refundable: false };
    await store.put(DISPUTE_KIND, closed.id, closed);
    await send('charge.dispute.closed', closed, payment, thread);
    if (outcome === 'won') await send('charge.dispute.funds_reinstated', closed, payment, thread);
    return closed;
  }

  return {
    store,
    clock,
    now,
    send,
    nextRefund,
    changeSession,
    currentSession,
    currentPayment,
    currentRefund,
    sessionOr404,
    changeDispute,
  };
}
