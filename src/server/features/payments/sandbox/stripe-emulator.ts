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
import type { ApiEnv } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { apiRoute, respond } from './api-route.ts';
import { basicCredentials, bearerCredential, sameSecret } from './credentials.ts';
import { FormParamsError, formFingerprint, parseFormParams } from './form-params.ts';
import type { StoredAnswer } from './idempotency.ts';
import { armFailNext, FailNextSchema, readControlBody } from './sandbox-controls.ts';
import { PAGE_SECURITY_HEADERS } from './sandbox-html.ts';
import { stripeId } from './sandbox-ids.ts';
import { sandboxStore } from './sandbox-store.ts';
import { checkoutPage, notOpenPage, paidPage, unknownSessionPage } from './stripe-checkout-page.ts';
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
} from './stripe-checkout-sessions.ts';
import {
  idempotencyKeyInUse,
  idempotencyMismatch,
  invalidApiKey,
  invalidParam,
  missingApiKey,
  noSuchSession,
  StripeApiError,
  type StripeErrorBody,
  simulatedFailure,
} from './stripe-errors.ts';
import {
  DEFAULT_WEBHOOK_TIMING,
  stripeEvent,
  WEBHOOK_MODES,
  type WebhookTiming,
  webhookSender,
} from './stripe-webhooks.ts';

export { signStripeEvent } from './stripe-webhooks.ts';

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

  /** Stores the change of a session and sends the event of its move out of 'open', if it made one. */
  async function changeSession(id: string, change: (stored: StoredSession) => StoredSession) {
    const result = await store.update<StoredSession>(SESSION_KIND, id, change);
    if (!result) throw noSuchSession(id);
    const { before, after } = result;
    if (isOpen(before) && !isOpen(after)) {
      const type = after.session.status === 'complete' ? 'checkout.session.completed' : 'checkout.session.expired';
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
      replayed: { 'Idempotent-Replayed': 'true' },
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

  const page = (c: Context, html: string, status: ContentfulStatusCode) => c.html(html, status, PAGE_SECURITY_HEADERS);

  app.get('/checkout/:id', async (c) => {
    const stored = await currentSession(sessionId(c));
    if (!stored) return page(c, unknownSessionPage(), 404);
    return isOpen(stored) ? page(c, checkoutPage(stored), 200) : page(c, notOpenPage(stored), 409);
  });

  app.post('/checkout/:id', async (c) => {
    const action = new URLSearchParams(await c.req.text()).get('action');
    const id = sessionId(c);
    const stored = await currentSession(id);
    if (!stored) return page(c, unknownSessionPage(), 404);
    if (!isOpen(stored)) return page(c, notOpenPage(stored), 409);
    switch (action) {
      case 'pay': {
        // The locked change decides: of two payments at once, one completes, the other sees 'complete'.
        const { before, after } = await changeSession(id, (latest) => {
          if (isOverdue(latest, now())) return expired(latest);
          return isOpen(latest) ? completed(latest) : latest;
        });
        if (!isOpen(before) || after.session.status !== 'complete') return page(c, notOpenPage(after), 409);
        const target = successRedirect(after);
        // Without a success URL, Stripe shows a confirmation page of its own.
        return target ? c.redirect(target, 303) : page(c, paidPage(after), 200);
      }
      case 'decline':
        return page(c, checkoutPage(stored, { declined: true }), 402);
      case 'cancel':
        return stored.session.cancel_url
          ? c.redirect(stored.session.cancel_url, 303)
          : page(c, checkoutPage(stored), 400);
      default:
        return page(c, checkoutPage(stored), 400);
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
