/**
 * The Stripe sandbox's test controls (`/test/…`, only with SANDBOX_TEST_CONTROLS): a session's
 * webhook timing, provoked failures, refunds that stay pending and end later, a cardholder's
 * dispute and the bank's decision (docs/product.md#d19-provider-emulators).
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { ApiEnv } from '../../context.ts';
import { respond } from '../api-route.ts';
import type { StoredAnswer } from '../idempotency.ts';
import { armFailNext, DisputeControlSchema, FailNextSchema, readControlBody } from '../sandbox-controls.ts';
import { SESSION_KIND, type StoredSession } from './checkout-sessions.ts';
import { StripeApiError, type StripeErrorBody } from './errors.ts';
import { PAYMENT_INTENT_KIND, type StoredPayment } from './payments.ts';
import { PROVIDER, type StripeState } from './stripe-state.ts';
import { WEBHOOK_MODES } from './webhooks.ts';

const WebhookModeSchema = v.object({ mode: v.picklist(WEBHOOK_MODES) });

export function stripeTestControls(
  app: Hono<ApiEnv>,
  state: StripeState,
  errorAnswer: (error: StripeApiError) => StoredAnswer,
): void {
  const { store, nextRefund, currentSession, changeDispute } = state;
  const sessionId = (c: Context) => c.req.param('id') ?? '';

  const controlError = (c: Context, message: string, status: ContentfulStatusCode = 400) =>
    c.json({ error: { type: 'invalid_request_error', message } } satisfies StripeErrorBody, status);

  app.post('/test/sessions/:id/webhook', async (c) => {
    const body = await readControlBody(c, WebhookModeSchema);
    if (!body) return controlError(c, `Expected JSON { "mode": ${WEBHOOK_MODES.map((m) => `"${m}"`).join(' | ')} }.`);
    const result = await store.update<StoredSession>(SESSION_KIND, sessionId(c), (stored) => ({
      ...stored,
      webhookMode: body.mode,
    }));
    if (!result) return controlError(c, `No such checkout.session: '${sessionId(c)}'`, 404);
    // A paid session's later events (refunds, disputes) follow the new timing too.
    const intentId = result.after.session.payment_intent;
    if (intentId) {
      await store.update<StoredPayment>(PAYMENT_INTENT_KIND, intentId, (stored) => ({
        ...stored,
        webhookMode: body.mode,
      }));
    }
    return c.json({ id: sessionId(c), mode: body.mode });
  });

  app.post('/test/fail-next', async (c) => {
    const body = await readControlBody(c, FailNextSchema);
    if (!body) return controlError(c, 'Expected JSON { "status"?: 400…599, "times"?: 1…10 }.');
    await armFailNext(store, PROVIDER, body.status, body.times);
    return c.json({ status: body.status, times: body.times });
  });

  // The next refund goes pending and, once the clock has passed an hour, fails (or succeeds).
  app.post('/test/refunds/fail-next', async (c) => c.json({ next: await nextRefund.arm('failed') }));
  app.post('/test/refunds/delay-next', async (c) => c.json({ next: await nextRefund.arm('succeeded') }));

  // The cardholder disputes the session's payment (open), and the bank decides (won, lost).
  app.post('/test/sessions/:id/dispute', async (c) => {
    const body = await readControlBody(c, DisputeControlSchema);
    if (!body) return controlError(c, 'Expected JSON { "outcome": "open" | "won" | "lost", "reason"?: string }.');
    const stored = await currentSession(sessionId(c));
    const intentId = stored?.session.payment_intent;
    const payment = intentId ? await store.get<StoredPayment>(PAYMENT_INTENT_KIND, intentId) : undefined;
    if (!payment?.charge.paid) return controlError(c, `Checkout Session ${sessionId(c)} has no paid charge.`, 404);
    const result = await changeDispute(payment, body.outcome, body.reason ?? 'fraudulent');
    return result instanceof StripeApiError ? respond(c, errorAnswer(result)) : c.json(result);
  });
}
