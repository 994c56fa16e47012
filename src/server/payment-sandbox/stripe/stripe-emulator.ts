/**
 * The emulator of Stripe's HTTP API for Checkout, its hosted page and its webhooks, which the
 * real `stripe` package talks to when the product runs without live keys
 * (docs/product.md#d19-provider-emulators, #d20-stripe-checkout). Paths are Stripe's, relative
 * to where the router is mounted. Time is the sandbox clock's: a session expires at `expires_at`,
 * a delayed payment succeeds or fails days later, a pending refund ends an hour later, each with
 * Stripe's events, when the clock passes that time.
 */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { ApiEnv } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { apiRoute, respond } from '../api-route.ts';
import { basicCredentials, bearerCredential, sameSecret } from '../credentials.ts';
import type { StoredAnswer } from '../idempotency.ts';
import type { SandboxPages } from '../pages.ts';
import { type SandboxClock, sandboxClock } from '../sandbox-clock.ts';
import {
  armFailNext,
  DisputeControlSchema,
  FailNextSchema,
  readControlBody,
  refundControl,
} from '../sandbox-controls.ts';
import { stripeId } from '../sandbox-ids.ts';
import { sandboxStore } from '../sandbox-store.ts';
import { authenticationPage, checkoutPage, notOpenPage, paidPage, unknownSessionPage } from './checkout-page.ts';
import {
  completed,
  DEFAULT_API_VERSION,
  DELAYED_PAYMENT_SETTLES_AFTER_MS,
  delayedSettled,
  expired,
  isDelayedDue,
  isOpen,
  isOverdue,
  lineItemList,
  newSession,
  readCreateParams,
  readExpandParams,
  SESSION_KIND,
  type StoredSession,
  sessionView,
  successRedirect,
} from './checkout-sessions.ts';
import {
  idempotencyKeyInUse,
  idempotencyMismatch,
  invalidApiKey,
  invalidParam,
  missingApiKey,
  noSuchObject,
  noSuchSession,
  StripeApiError,
  type StripeErrorBody,
  simulatedFailure,
} from './errors.ts';
import { FormParamsError, formFingerprint, parseFormParams } from './form-params.ts';
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
  REFUND_SETTLES_AFTER_MS,
  type Refund,
  type RefundSettlement,
  readRefundListParams,
  readRefundParams,
  refunded,
  refundReturned,
  type StoredPayment,
  settledRefund,
} from './payments.ts';
import {
  DEFAULT_WEBHOOK_TIMING,
  type StripeEventType,
  stripeEvent,
  WEBHOOK_MODES,
  type WebhookMode,
  type WebhookTiming,
  webhookSender,
} from './webhooks.ts';

export { signStripeEvent } from './webhooks.ts';

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

const IDEMPOTENCY_KIND = 'stripe.idempotency_key';
const PROVIDER = 'stripe';
/** Stripe's own limit for an Idempotency-Key. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const WebhookModeSchema = v.object({ mode: v.picklist(WEBHOOK_MODES) });

const errorAnswer = (error: StripeApiError): StoredAnswer => ({ status: error.status, body: error.body });

export function stripeEmulator(options: StripeEmulatorOptions): Hono<ApiEnv> {
  const store = sandboxStore(options.db);
  const clock = options.clock ?? sandboxClock(store, { controlled: false });
  const now = () => clock.now();
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
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

  async function authenticate(c: Context): Promise<StoredAnswer | undefined> {
    const header = c.req.header('Authorization');
    const key = bearerCredential(header) ?? basicCredentials(header)?.user;
    if (!key) return errorAnswer(missingApiKey());
    return sameSecret(key, options.secretKey) ? undefined : errorAnswer(invalidApiKey(key));
  }

  const stripeRoute = apiRoute({
    store,
    authenticate,
    errorAnswer: (error) =>
      error instanceof StripeApiError ? { answer: errorAnswer(error), keep: error.keepForReplay } : undefined,
    failNext: options.testControls
      ? { provider: PROVIDER, answer: (status) => ({ status, body: simulatedFailure(status) }) }
      : undefined,
    requestKey: {
      header: 'Idempotency-Key',
      kind: IDEMPOTENCY_KIND,
      // One key, one request: used on another endpoint, it does not match.
      scope: () => '',
      fingerprint: (c, body) => `${c.req.method} ${c.req.path} ${formFingerprint(body)}`,
      invalid: (key) =>
        key.length > MAX_IDEMPOTENCY_KEY_LENGTH
          ? errorAnswer(
              invalidParam(
                `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters long.`,
                'idempotency_key',
              ),
            )
          : undefined,
      mismatch: (key) => errorAnswer(idempotencyMismatch(key)),
      inProgress: () => errorAnswer(idempotencyKeyInUse()),
      replayed: (c, answer) => {
        c.header('Idempotent-Replayed', 'true');
        return answer;
      },
    },
  });

  const readParams = (encoded: string) => {
    try {
      return parseFormParams(encoded);
    } catch (error) {
      if (error instanceof FormParamsError) throw invalidParam(error.message, error.param);
      throw error;
    }
  };
  const queryOf = (c: Context) => new URL(c.req.url).search.slice(1);
  const sessionId = (c: Context) => c.req.param('id') ?? '';

  const app = new Hono<ApiEnv>();
  app.use('/v1/*', async (c, next) => {
    c.header('Request-Id', stripeId('req', 14));
    await next();
  });
  app.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) =>
        c.json(
          { error: { type: 'invalid_request_error', message: 'Request body too large.' } } satisfies StripeErrorBody,
          413,
        ),
    }),
  );

  app.post(
    '/v1/checkout/sessions',
    stripeRoute(async (c, body) => {
      const input = readCreateParams(readParams(body), now());
      const apiVersion = c.req.header('Stripe-Version') ?? DEFAULT_API_VERSION;
      const stored = newSession(input, { now: now(), publicBaseUrl, apiVersion });
      await store.put(SESSION_KIND, stored.session.id, stored);
      return { status: 200, body: sessionView(stored, input.expand) };
    }),
  );

  app.get(
    '/v1/checkout/sessions/:id',
    stripeRoute(async (c) => {
      const expand = readExpandParams(readParams(queryOf(c)));
      const stored = await sessionOr404(sessionId(c));
      const intentId = stored.session.payment_intent;
      const intent = expand.includes('payment_intent') && intentId ? await currentPayment(intentId) : undefined;
      return { status: 200, body: sessionView(stored, expand, intent?.intent) };
    }),
  );

  app.get(
    '/v1/payment_intents/:id',
    stripeRoute(async (c) => {
      const id = c.req.param('id') ?? '';
      const stored = await currentPayment(id);
      if (!stored) throw noSuchObject('payment_intent', id, 'intent');
      return { status: 200, body: stored.intent };
    }),
  );

  app.get(
    '/v1/checkout/sessions/:id/line_items',
    stripeRoute(async (c) => ({ status: 200, body: lineItemList(await sessionOr404(sessionId(c))) })),
  );

  app.post(
    '/v1/checkout/sessions/:id/expire',
    stripeRoute(async (c) => {
      // An overdue session is expired here too, with one event: the result is the same.
      const { before, after } = await changeSession(sessionId(c), (stored) =>
        isOpen(stored) ? expired(stored) : stored,
      );
      if (!isOpen(before)) {
        throw new StripeApiError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${before.session.status}".`,
        );
      }
      return { status: 200, body: sessionView(after) };
    }),
  );

  /** The payment a refund names, by its PaymentIntent or its Charge (400 when Stripe knows neither). */
  async function paymentOf(params: { payment_intent?: string; charge?: string }): Promise<string> {
    if (params.payment_intent) {
      if (await store.get(PAYMENT_INTENT_KIND, params.payment_intent)) return params.payment_intent;
      throw noSuchObject('payment_intent', params.payment_intent, 'payment_intent', 400);
    }
    const charge = params.charge ?? '';
    const index = await store.get<{ paymentIntent: string }>(CHARGE_KIND, charge);
    if (!index) throw noSuchObject('charge', charge, 'charge', 400);
    return index.paymentIntent;
  }

  app.post(
    '/v1/refunds',
    stripeRoute(async (_c, body) => {
      const params = readRefundParams(readParams(body));
      const intentId = await paymentOf(params);
      await currentPayment(intentId);
      // A test may have asked for the next refund to stay pending and end later.
      const ending = await nextRefund.take();
      let refund: Refund | undefined;
      const result = await store.update<StoredPayment>(PAYMENT_INTENT_KIND, intentId, (stored) => {
        const made = refunded(stored, params, { now: now(), pending: ending !== undefined });
        refund = made.refund;
        return made.stored;
      });
      if (!result || !refund) throw noSuchObject('payment_intent', intentId, 'payment_intent', 400);
      await store.put(REFUND_KIND, refund.id, refund);
      if (ending) {
        const settlement: RefundSettlement = { status: ending, at: now().getTime() + REFUND_SETTLES_AFTER_MS };
        await store.put(REFUND_SETTLEMENT_KIND, refund.id, settlement);
      }
      const { after } = result;
      await send('refund.created', refund, after, after.sessionId);
      await send('charge.refunded', after.charge, after, after.sessionId);
      return { status: 200, body: refund };
    }),
  );

  app.get(
    '/v1/refunds/:id',
    stripeRoute(async (c) => {
      const refund = await currentRefund(c.req.param('id') ?? '');
      if (!refund) throw noSuchObject('refund', c.req.param('id') ?? '', 'id');
      return { status: 200, body: refund };
    }),
  );

  app.get(
    '/v1/refunds',
    stripeRoute(async (c) => {
      const filter = readRefundListParams(readParams(queryOf(c)));
      const intentId =
        filter.payment_intent ?? (filter.charge ? await paymentOf({ charge: filter.charge }) : undefined);
      const payment = intentId ? await store.get<StoredPayment>(PAYMENT_INTENT_KIND, intentId) : undefined;
      if (intentId && !payment) throw noSuchObject('payment_intent', intentId, 'payment_intent', 400);
      // Without a filter the sandbox lists nothing: the shop always names its payment.
      const refunds: Refund[] = [];
      for (const id of [...(payment?.refundIds ?? [])].reverse().slice(0, filter.limit ?? 10)) {
        const refund = await currentRefund(id);
        if (refund) refunds.push(refund);
      }
      return { status: 200, body: { object: 'list', data: refunds, has_more: false, url: '/v1/refunds' } };
    }),
  );

  app.get(
    '/v1/disputes/:id',
    stripeRoute(async (c) => {
      const dispute = await store.get<Dispute>(DISPUTE_KIND, c.req.param('id') ?? '');
      if (!dispute) throw noSuchObject('dispute', c.req.param('id') ?? '', 'dispute');
      return { status: 200, body: dispute };
    }),
  );

  app.all(
    '/v1/*',
    stripeRoute(async (c) => {
      // Named as Stripe names it, without where the router is mounted.
      const path = c.req.path.slice(c.req.path.indexOf('/v1/'));
      throw new StripeApiError(404, `Unrecognized request URL (${c.req.method}: ${path}).`, {
        keepForReplay: false,
      });
    }),
  );

  const { pages } = options;
  const page = (c: Context, html: string, status: ContentfulStatusCode) => c.html(html, status, pages.headers);

  app.get('/checkout/:id', async (c) => {
    const stored = await currentSession(sessionId(c));
    if (!stored) return page(c, unknownSessionPage(pages), 404);
    return isOpen(stored) ? page(c, checkoutPage(pages, stored), 200) : page(c, notOpenPage(pages, stored), 409);
  });

  /**
   * The customer pays: by card at once, or by a delayed method that succeeds or fails days later.
   * Of two payments at once, the locked change lets one complete, the other sees 'complete'.
   */
  async function pay(c: Context, id: string, delayed?: 'succeeded' | 'failed') {
    const ending = delayed && { outcome: delayed, at: now().getTime() + DELAYED_PAYMENT_SETTLES_AFTER_MS };
    const { before, after } = await changeSession(id, (latest) => {
      if (isOverdue(latest, now())) return expired(latest);
      return isOpen(latest) ? completed(latest, stripeId('pi'), ending) : latest;
    });
    if (!isOpen(before) || after.session.status !== 'complete') return page(c, notOpenPage(pages, after), 409);
    const target = successRedirect(after);
    // Without a success URL, Stripe shows a confirmation page of its own.
    return target ? c.redirect(target, 303) : page(c, paidPage(pages, after), 200);
  }

  app.post('/checkout/:id', async (c) => {
    const action = new URLSearchParams(await c.req.text()).get('action');
    const id = sessionId(c);
    const stored = await currentSession(id);
    if (!stored) return page(c, unknownSessionPage(pages), 404);
    if (!isOpen(stored)) return page(c, notOpenPage(pages, stored), 409);
    switch (action) {
      case 'pay':
      case 'authentication-passed':
        return pay(c, id);
      case 'delayed-succeeds':
        return pay(c, id, 'succeeded');
      case 'delayed-fails':
        return pay(c, id, 'failed');
      case 'decline':
        return page(c, checkoutPage(pages, stored, 'declined'), 402);
      case 'authenticate':
        return page(c, authenticationPage(pages, stored), 200);
      case 'authentication-failed':
        return page(c, checkoutPage(pages, stored, 'authentication-failed'), 402);
      case 'expire': {
        // As when its 24 hours run out: expired, with its event, and never payable again.
        const { after } = await changeSession(id, (latest) => (isOpen(latest) ? expired(latest) : latest));
        return page(c, notOpenPage(pages, after), 200);
      }
      case 'cancel':
        return stored.session.cancel_url
          ? c.redirect(stored.session.cancel_url, 303)
          : page(c, checkoutPage(pages, stored), 400);
      default:
        return page(c, checkoutPage(pages, stored), 400);
    }
  });

  if (options.testControls) {
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

  app.onError((error, c) => {
    if (error instanceof StripeApiError) return respond(c, errorAnswer(error));
    console.error(`Stripe sandbox: ${c.req.method} ${c.req.path} failed:`, error);
    return c.json(
      { error: { type: 'api_error', message: 'An unknown error occurred.' } } satisfies StripeErrorBody,
      500,
    );
  });

  return app;
}
