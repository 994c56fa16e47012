/**
 * The emulator of Stripe's HTTP API for Checkout, its hosted page and its webhooks, which the
 * real `stripe` package talks to when the product runs without live keys
 * (docs/product.md#d19-provider-emulators, #d20-stripe-checkout). Paths are Stripe's, relative
 * to where the router is mounted.
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
import { armFailNext, FailNextSchema, readControlBody } from '../sandbox-controls.ts';
import { stripeId } from '../sandbox-ids.ts';
import { sandboxStore } from '../sandbox-store.ts';
import { authenticationPage, checkoutPage, notOpenPage, paidPage, unknownSessionPage } from './checkout-page.ts';
import {
  completed,
  DEFAULT_API_VERSION,
  expired,
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
  PAYMENT_INTENT_KIND,
  paidIntent,
  REFUND_KIND,
  type Refund,
  readRefundParams,
  refunded,
  type StoredPayment,
} from './payments.ts';
import { DEFAULT_WEBHOOK_TIMING, stripeEvent, WEBHOOK_MODES, type WebhookTiming, webhookSender } from './webhooks.ts';

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
  now?: () => Date;
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
  const now = options.now ?? (() => new Date());
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  const webhooks = webhookSender({
    secret: options.webhookSecret,
    deliver: options.deliverWebhook,
    now,
    timing: { ...DEFAULT_WEBHOOK_TIMING, ...options.webhookTiming },
  });

  /**
   * Stores the change of a session and sends the event of its move out of 'open', if it made one;
   * a session that completed leaves its PaymentIntent and Charge behind.
   */
  async function changeSession(id: string, change: (stored: StoredSession) => StoredSession) {
    const result = await store.update<StoredSession>(SESSION_KIND, id, change);
    if (!result) throw noSuchSession(id);
    const { before, after } = result;
    if (isOpen(before) && !isOpen(after)) {
      const complete = after.session.status === 'complete';
      const intentId = after.session.payment_intent;
      if (complete && intentId) {
        const { apiVersion, webhookMode } = after;
        const payment = paidIntent(intentId, after.session, { now: now(), apiVersion, webhookMode });
        await store.put(PAYMENT_INTENT_KIND, intentId, payment);
        await store.put(CHARGE_KIND, payment.charge.id, { paymentIntent: intentId });
      }
      const type = complete ? 'checkout.session.completed' : 'checkout.session.expired';
      await webhooks.send(stripeEvent(type, after.session, after.apiVersion, now()), after.webhookMode);
    }
    return result;
  }

  /** The session as it is now: an open one past its expiry is expired on the way (with its event). */
  async function currentSession(id: string): Promise<StoredSession | undefined> {
    const stored = await store.get<StoredSession>(SESSION_KIND, id);
    if (!stored || !isOverdue(stored, now())) return stored;
    return (await changeSession(id, (latest) => (isOverdue(latest, now()) ? expired(latest) : latest))).after;
  }

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
      return { status: 200, body: sessionView(await sessionOr404(sessionId(c)), expand) };
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
      let refund: Refund | undefined;
      const result = await store.update<StoredPayment>(PAYMENT_INTENT_KIND, intentId, (stored) => {
        const made = refunded(stored, params, now());
        refund = made.refund;
        return made.stored;
      });
      if (!result || !refund) throw noSuchObject('payment_intent', intentId, 'payment_intent', 400);
      await store.put(REFUND_KIND, refund.id, refund);
      const { after } = result;
      await webhooks.send(stripeEvent('refund.created', refund, after.apiVersion, now()), after.webhookMode);
      await webhooks.send(stripeEvent('charge.refunded', after.charge, after.apiVersion, now()), after.webhookMode);
      return { status: 200, body: refund };
    }),
  );

  app.get(
    '/v1/refunds/:id',
    stripeRoute(async (c) => {
      const refund = await store.get<Refund>(REFUND_KIND, c.req.param('id') ?? '');
      if (!refund) throw noSuchObject('refund', c.req.param('id') ?? '', 'id');
      return { status: 200, body: refund };
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

  /** The card pays: of two payments at once, the locked change lets one complete, the other sees 'complete'. */
  async function pay(c: Context, id: string) {
    const { before, after } = await changeSession(id, (latest) => {
      if (isOverdue(latest, now())) return expired(latest);
      return isOpen(latest) ? completed(latest, stripeId('pi')) : latest;
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
      return c.json({ id: sessionId(c), mode: body.mode });
    });

    app.post('/test/fail-next', async (c) => {
      const body = await readControlBody(c, FailNextSchema);
      if (!body) return controlError(c, 'Expected JSON { "status": 400…599 }.');
      await armFailNext(store, PROVIDER, body.status);
      return c.json({ status: body.status });
    });
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
