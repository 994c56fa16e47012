/**
 * The PayPal emulator's state and its moves over time (docs/product.md#d19-provider-emulators):
 * orders, captures, refunds and disputes in the sandbox's store, each change sending PayPal's
 * events as the order's webhook mode says, and what falls due when the sandbox clock moves on.
 * The API (paypal-emulator.ts), the approval window (approval-routes.ts) and the test controls
 * (test-controls.ts) all change it through here.
 */
import * as v from 'valibot';
import type { Database } from '../../db/schema.ts';
import type { StoredAnswer } from '../idempotency.ts';
import type { SandboxPages } from '../pages.ts';
import { type SandboxClock, sandboxClock } from '../sandbox-clock.ts';
import { refundControl } from '../sandbox-controls.ts';
import { sandboxStore } from '../sandbox-store.ts';
import { captureView, REFUND_KIND, refundEnded, type StoredRefund } from './captures.ts';
import { DISPUTE_KIND, type Dispute, openedDispute, resolvedDispute, reversed } from './disputes.ts';
import { type PayPalApiError, payPalIssue } from './errors.ts';
import {
  approvable,
  approved,
  BUYER_OUTCOMES,
  CAPTURE_KIND,
  captureOf,
  isGone,
  ORDER_KIND,
  orderView,
  type StoredOrder,
  settled,
} from './orders.ts';
import { type PayPalEventType, paypalWebhooks } from './webhooks.ts';

export interface PayPalEmulatorOptions {
  db: Database;
  /** The REST app's credentials it accepts at `/v1/oauth2/token` (HTTP Basic). */
  clientId: string;
  clientSecret: string;
  /** The id of the shop's webhook, which the shop names when it verifies an event. */
  webhookId: string;
  /** What the emulator signs its webhook transmissions with. */
  webhookSigningSecret: string;
  /** Absolute URL of this router as clients and browsers reach it, e.g. http://localhost:4321/api/sandbox/paypal. */
  publicBaseUrl: string;
  /** Posts one webhook transmission to the product's webhook route; resolves with the HTTP status. */
  deliverWebhook(body: string, headers: Record<string, string>): Promise<number>;
  pages: SandboxPages;
  /** The stand-in for PayPal's web SDK and the styles of its window. */
  sdk: { script: string; styles: string };
  /** Test-only controls (`/test/…`) are served only when true. */
  testControls: boolean;
  /** The sandbox's clock (default: the real time). */
  clock?: SandboxClock;
  /** How long a pending capture stays pending before a read settles it (default 20 s: long enough to read 'ausstehend'). */
  settleAfterMs?: number;
  /** Retry delays of webhook deliveries (default 0.2 s, 1 s, 3 s). */
  webhookRetryDelaysMs?: readonly number[];
}

export const PROVIDER = 'paypal';

export const ApproveSchema = v.object({
  payerName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  outcome: v.optional(v.picklist(BUYER_OUTCOMES), 'completed'),
});

export const errorAnswer = (error: PayPalApiError): StoredAnswer => ({ status: error.httpStatus, body: error.body });

export type PayPalState = ReturnType<typeof paypalState>;

export function paypalState(options: PayPalEmulatorOptions) {
  const store = sandboxStore(options.db);
  const clock = options.clock ?? sandboxClock(store, { controlled: false });
  const now = () => clock.now();
  const baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  const settleAfterMs = options.settleAfterMs ?? 20_000;
  const nextRefund = refundControl(store, PROVIDER);
  const webhooks = paypalWebhooks({
    store,
    webhookId: options.webhookId,
    signingSecret: options.webhookSigningSecret,
    baseUrl,
    deliver: options.deliverWebhook,
    now,
    timing: { retryDelaysMs: options.webhookRetryDelaysMs ?? [200, 1000, 3000] },
  });

  const notFound = (id: string) => payPalIssue('INVALID_RESOURCE_ID', { location: 'path', value: id });

  /** Sends an event about an order, as the order's webhook mode says. */
  const send = (type: PayPalEventType, resource: object, stored: StoredOrder) =>
    webhooks.send(type, resource, stored.webhooks, stored.order.id);

  /** Settles a pending capture whose time has come, and tells the shop (PAYMENT.CAPTURE.COMPLETED or DENIED). */
  async function settle(orderId: string, force?: 'COMPLETED' | 'DECLINED'): Promise<StoredOrder | undefined> {
    const result = await store.update<StoredOrder>(ORDER_KIND, orderId, (stored) => {
      if (!stored.settlement) return stored;
      if (force) return settled({ ...stored, settlement: { ...stored.settlement, status: force } }, now());
      return stored.settlement.at <= now().getTime() ? settled(stored, now()) : stored;
    });
    if (!result) return undefined;
    const { before, after } = result;
    const capture = captureOf(after);
    if (before.settlement && !after.settlement && capture) {
      const type = capture.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED';
      await send(type, captureView(capture, after.order.id), after);
    }
    return after;
  }

  /**
   * The order as it is now: one not completed within its lifetime is gone (404), a pending capture
   * past its time is settled on the way.
   */
  async function currentOrder(id: string): Promise<StoredOrder> {
    const stored = await store.get<StoredOrder>(ORDER_KIND, id);
    if (!stored) throw notFound(id);
    if (isGone(stored, now())) {
      await store.remove(ORDER_KIND, id);
      throw notFound(id);
    }
    return stored.settlement && stored.settlement.at <= now().getTime() ? ((await settle(id)) ?? stored) : stored;
  }

  /** A refund as it is now: a pending one past its time ends, COMPLETED (with its event) or FAILED. */
  async function currentRefund(id: string): Promise<StoredRefund | undefined> {
    const stored = await store.get<StoredRefund>(REFUND_KIND, id);
    if (!stored?.settlement || stored.settlement.at > now().getTime()) return stored;
    const result = await store.update<StoredRefund>(REFUND_KIND, id, (latest) => {
      if (!latest.settlement || latest.settlement.at > now().getTime()) return latest;
      const time = now().toISOString();
      return {
        ...latest,
        settlement: undefined,
        refund: { ...latest.refund, status: latest.settlement.status, update_time: time },
      };
    });
    if (!result?.before.settlement || result.after.settlement) return result?.after;
    const { refund } = result.after;
    const status = result.before.settlement.status;
    const order = await store.update<StoredOrder>(ORDER_KIND, result.after.orderId, (latest) =>
      refundEnded(latest, refund.id, status, now()),
    );
    if (order && status === 'COMPLETED') await send('PAYMENT.CAPTURE.REFUNDED', refund, order.after);
    return result.after;
  }

  /** Every move that fell due when the sandbox clock moved on, with its events. */
  clock.onAdvance(async (at) => {
    for (const { id, data } of await store.list<StoredOrder>(ORDER_KIND)) {
      const due = isGone(data, at) || (data.settlement !== undefined && data.settlement.at <= at.getTime());
      if (due) await currentOrder(id).catch(() => undefined);
    }
    for (const { id, data } of await store.list<StoredRefund>(REFUND_KIND)) {
      if (data.settlement && data.settlement.at <= at.getTime()) await currentRefund(id);
    }
    await webhooks.settle();
  });

  async function orderOfCapture(captureId: string): Promise<StoredOrder> {
    const index = await store.get<{ orderId: string }>(CAPTURE_KIND, captureId);
    if (!index) throw notFound(captureId);
    return currentOrder(index.orderId);
  }

  /**
   * The buyer's approval, with the outcome they chose for the capture; CREATED → APPROVED under the
   * row lock, and CHECKOUT.ORDER.APPROVED to the shop.
   */
  async function approve(id: string, choice: v.InferOutput<typeof ApproveSchema>): Promise<StoredOrder> {
    await currentOrder(id);
    const result = await store.update<StoredOrder>(ORDER_KIND, id, (stored) =>
      approvable(stored) ? approved(stored, choice, baseUrl) : stored,
    );
    if (!result) throw notFound(id);
    if (!approvable(result.before)) {
      throw payPalIssue(
        result.before.order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_ALREADY_APPROVED',
      );
    }
    await send('CHECKOUT.ORDER.APPROVED', orderView(result.after.order), result.after);
    return result.after;
  }

  /**
   * Opens the capture's dispute (CUSTOMER.DISPUTE.CREATED) and resolves it as PayPal decides
   * (CUSTOMER.DISPUTE.RESOLVED; when lost, the capture is reversed: PAYMENT.CAPTURE.REVERSED).
   * Undefined for a dispute resolved already, or an open one opened again.
   */
  async function changeDispute(stored: StoredOrder, outcome: 'open' | 'won' | 'lost', reason: string) {
    const capture = captureOf(stored);
    if (!capture) return undefined;
    let dispute = stored.disputeId ? await store.get<Dispute>(DISPUTE_KIND, stored.disputeId) : undefined;
    if (dispute && (outcome === 'open' || dispute.status === 'RESOLVED')) return undefined;
    if (!dispute) {
      const opened = openedDispute(capture, reason, now(), baseUrl);
      dispute = opened;
      await store.put(DISPUTE_KIND, opened.dispute_id, opened);
      await store.update<StoredOrder>(ORDER_KIND, stored.order.id, (latest) => ({
        ...latest,
        disputeId: opened.dispute_id,
      }));
      await send('CUSTOMER.DISPUTE.CREATED', opened, stored);
    }
    if (outcome === 'open') return dispute;
    const resolved = resolvedDispute(dispute, outcome, now());
    await store.put(DISPUTE_KIND, resolved.dispute_id, resolved);
    await send('CUSTOMER.DISPUTE.RESOLVED', resolved, stored);
    if (outcome === 'lost') {
      let reversal: StoredRefund['refund'] | undefined;
      const result = await store.update<StoredOrder>(ORDER_KIND, stored.order.id, (latest) => {
        const made = reversed(latest, now(), baseUrl);
        reversal = made.reversal;
        return made.stored;
      });
      if (result && reversal) {
        await store.put<StoredRefund>(REFUND_KIND, reversal.id, {
          refund: reversal,
          captureId: capture.id,
          orderId: stored.order.id,
        });
        await send('PAYMENT.CAPTURE.REVERSED', reversal, result.after);
      }
    }
    return resolved;
  }

  return {
    store,
    now,
    baseUrl,
    settleAfterMs,
    nextRefund,
    webhooks,
    notFound,
    send,
    settle,
    currentOrder,
    currentRefund,
    orderOfCapture,
    approve,
    changeDispute,
  };
}
