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
import type { ApiEnv } from '../../context.ts';
import { apiRoute, respond } from '../api-route.ts';
import { basicCredentials, bearerCredential, sameSecret } from '../credentials.ts';
import type { StoredAnswer } from '../idempotency.ts';
import { stripeId } from '../sandbox-ids.ts';
import {
  DEFAULT_API_VERSION,
  expired,
  isOpen,
  lineItemList,
  newSession,
  readCreateParams,
  readExpandParams,
  SESSION_KIND,
  sessionView,
} from './checkout-sessions.ts';
import {
  idempotencyKeyInUse,
  idempotencyMismatch,
  invalidApiKey,
  invalidParam,
  missingApiKey,
  noSuchObject,
  StripeApiError,
  type StripeErrorBody,
  simulatedFailure,
} from './errors.ts';
import { FormParamsError, formFingerprint, parseFormParams } from './form-params.ts';
import { hostedCheckout } from './hosted-checkout.ts';
import {
  CHARGE_KIND,
  DISPUTE_KIND,
  type Dispute,
  PAYMENT_INTENT_KIND,
  REFUND_KIND,
  REFUND_SETTLEMENT_KIND,
  REFUND_SETTLES_AFTER_MS,
  type Refund,
  type RefundSettlement,
  readRefundListParams,
  readRefundParams,
  refunded,
  type StoredPayment,
} from './payments.ts';
import { PROVIDER, type StripeEmulatorOptions, stripeState } from './stripe-state.ts';
import { stripeTestControls } from './test-controls.ts';

const IDEMPOTENCY_KIND = 'stripe.idempotency_key';
/** Stripe's own limit for an Idempotency-Key. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const errorAnswer = (error: StripeApiError): StoredAnswer => ({ status: error.status, body: error.body });

export function stripeEmulator(options: StripeEmulatorOptions): Hono<ApiEnv> {
  const state = stripeState(options);
  const { store, now, send, nextRefund, changeSession, currentPayment, currentRefund, sessionOr404 } = state;
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');

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

  hostedCheckout(app, state, options);
  if (options.testControls) stripeTestControls(app, state, errorAnswer);

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
