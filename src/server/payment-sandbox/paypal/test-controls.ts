/**
 * The PayPal sandbox's test controls (`/test/…`, only with SANDBOX_TEST_CONTROLS): a capture's
 * amount, an order's webhooks, a pending capture settled now or held, provoked failures, refunds
 * that stay pending and end later, a payer's dispute and PayPal's decision
 * (docs/product.md#d19-provider-emulators).
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../../context.ts';
import { armFailNext, DisputeControlSchema, FailNextSchema, readControlBody } from '../sandbox-controls.ts';
import { captureOf, MoneySchema, ORDER_KIND, orderView, type StoredOrder } from './orders.ts';
import { type PayPalState, PROVIDER } from './paypal-state.ts';
import { WEBHOOK_MODES } from './webhooks.ts';

const CaptureAmountSchema = v.object({
  value: v.optional(MoneySchema.entries.value),
  currency_code: v.optional(MoneySchema.entries.currency_code),
});
const WebhookModeSchema = v.object({ mode: v.picklist(WEBHOOK_MODES) });
const SettleSchema = v.object({ status: v.optional(v.picklist(['COMPLETED', 'DECLINED'])) });

export function paypalTestControls(app: Hono<ApiEnv>, state: PayPalState): void {
  const { store, nextRefund, settle, currentOrder, changeDispute } = state;
  const idOf = (c: Context) => c.req.param('id') ?? '';

  const controlError = (c: Context, status: 400 | 404, message: string) =>
    c.json({ name: status === 400 ? 'INVALID_REQUEST' : 'RESOURCE_NOT_FOUND', message }, status);

  /** Changes a stored order for a test; 404 for an unknown one. */
  const changeOrder = async (c: Context, change: (stored: StoredOrder) => StoredOrder) =>
    (await store.update<StoredOrder>(ORDER_KIND, idOf(c), change)) ?? controlError(c, 404, `No order ${idOf(c)}.`);

  app.post('/test/orders/:id/capture-amount', async (c) => {
    const amount = await readControlBody(c, CaptureAmountSchema);
    if (!amount) return controlError(c, 400, 'Expected JSON { "value"?: "12.34", "currency_code"?: "EUR" }.');
    const result = await changeOrder(c, (stored) => ({ ...stored, captureAmount: amount }));
    return result instanceof Response ? result : c.json({ id: idOf(c), captureAmount: amount });
  });

  app.post('/test/orders/:id/webhook', async (c) => {
    const body = await readControlBody(c, WebhookModeSchema);
    if (!body) return controlError(c, 400, 'Expected JSON { "mode": "send" | "never" }.');
    const result = await changeOrder(c, (stored) => ({ ...stored, webhooks: body.mode }));
    return result instanceof Response ? result : c.json({ id: idOf(c), mode: body.mode });
  });

  // A pending capture settles now, as the buyer chose or as the test says.
  app.post('/test/orders/:id/settle', async (c) => {
    const body = await readControlBody(c, SettleSchema);
    if (!body) return controlError(c, 400, 'Expected JSON { "status"?: "COMPLETED" | "DECLINED" }.');
    const after = await settle(idOf(c), body.status ?? 'COMPLETED');
    if (!after) return controlError(c, 404, `No order ${idOf(c)}.`);
    return c.json(orderView(after.order));
  });

  // A pending capture stays pending until a test settles it (a review that takes days).
  app.post('/test/orders/:id/hold', async (c) => {
    const result = await changeOrder(c, (stored) =>
      stored.settlement ? { ...stored, settlement: { ...stored.settlement, at: Number.MAX_SAFE_INTEGER } } : stored,
    );
    if (result instanceof Response) return result;
    if (!result.after.settlement) return controlError(c, 400, `Order ${idOf(c)} has no pending capture.`);
    return c.json({ id: idOf(c), held: true });
  });

  app.post('/test/fail-next', async (c) => {
    const body = await readControlBody(c, FailNextSchema);
    if (!body) return controlError(c, 400, 'Expected JSON { "status"?: 400…599, "times"?: 1…10 }.');
    await armFailNext(store, PROVIDER, body.status, body.times);
    return c.json({ status: body.status, times: body.times });
  });

  // The next refund goes PENDING and, once the clock has passed an hour, FAILED (or COMPLETED).
  app.post('/test/refunds/fail-next', async (c) => c.json({ next: await nextRefund.arm('failed') }));
  app.post('/test/refunds/delay-next', async (c) => c.json({ next: await nextRefund.arm('succeeded') }));

  // The payer disputes the order's capture (open), and PayPal decides (won, lost).
  app.post('/test/orders/:id/dispute', async (c) => {
    const body = await readControlBody(c, DisputeControlSchema);
    if (!body) return controlError(c, 400, 'Expected JSON { "outcome": "open" | "won" | "lost", "reason"?: string }.');
    const stored = await currentOrder(idOf(c)).catch(() => undefined);
    const capture = stored && captureOf(stored);
    // A payer disputes a completed capture; a dispute already opened may be decided whatever the capture says.
    if (!stored || !capture || (capture.status !== 'COMPLETED' && !stored.disputeId))
      return controlError(c, 404, `Order ${idOf(c)} has no completed capture.`);
    const dispute = await changeDispute(stored, body.outcome, body.reason ?? 'UNAUTHORISED');
    return dispute ? c.json(dispute) : controlError(c, 400, `Order ${idOf(c)}'s dispute is resolved already.`);
  });
}
