/**
 * The emulator of PayPal's REST API (OAuth token, Orders v2, Payments v2 captures and refunds,
 * Disputes v1, webhook verification), its approval page, its web SDK and its webhooks, which the
 * product's PayPal client and the browser talk to when the product runs without live keys
 * (docs/product.md#d19-provider-emulators, #d21-paypal). Paths are PayPal's, relative to where the
 * router is mounted, so the router's URL is the client's `PAYPAL_API_BASE`. Time is the sandbox
 * clock's: an order not completed within three hours is gone, a pending capture settles, a pending
 * refund ends, each when the clock passes its time.
 */
import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import type { ApiEnv } from '../../context.ts';
import { apiRoute, respond } from '../api-route.ts';
import { basicCredentials, bearerCredential, sameSecret } from '../credentials.ts';
import type { StoredAnswer } from '../idempotency.ts';
import { randomString } from '../sandbox-ids.ts';
import { approvalRoutes } from './approval-routes.ts';
import {
  captureView,
  REFUND_KIND,
  REFUND_SETTLES_AFTER_MS,
  readRefundRequest,
  refunded,
  type StoredRefund,
} from './captures.ts';
import { DISPUTE_KIND, type Dispute } from './disputes.ts';
import { PayPalApiError, payPalIssue } from './errors.ts';
import {
  CAPTURE_KIND,
  captured,
  captureOf,
  minimalView,
  newOrder,
  notCapturable,
  ORDER_KIND,
  orderView,
  readCreateOrder,
  readPayPalJson,
  type StoredOrder,
} from './orders.ts';
import { ApproveSchema, errorAnswer, type PayPalEmulatorOptions, PROVIDER, paypalState } from './paypal-state.ts';
import { paypalTestControls } from './test-controls.ts';

const TOKEN_KIND = 'paypal.access_token';
const REQUEST_ID_KIND = 'paypal.request_id';
/** PayPal's access tokens live nine hours. */
const TOKEN_LIFETIME_SECONDS = 32_400;
const SCOPE = 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund';
const APP_ID = 'APP-80W284485P519543T';

const VerifySchema = v.object({
  auth_algo: v.pipe(v.string(), v.maxLength(100)),
  cert_url: v.pipe(v.string(), v.maxLength(500)),
  transmission_id: v.pipe(v.string(), v.maxLength(50)),
  transmission_sig: v.pipe(v.string(), v.maxLength(500)),
  transmission_time: v.pipe(v.string(), v.maxLength(100)),
  webhook_id: v.pipe(v.string(), v.maxLength(50)),
  webhook_event: v.record(v.string(), v.unknown()),
});

/** `Prefer: return=representation` asks for the whole resource; PayPal's default is the minimal answer. */
const wantsRepresentation = (c: Context) => /return=representation/i.test(c.req.header('Prefer') ?? '');

export function paypalEmulator(options: PayPalEmulatorOptions): Hono<ApiEnv> {
  const state = paypalState(options);
  const {
    store,
    now,
    baseUrl,
    settleAfterMs,
    nextRefund,
    webhooks,
    notFound,
    send,
    currentOrder,
    currentRefund,
    orderOfCapture,
    approve,
  } = state;

  async function authenticate(c: Context): Promise<StoredAnswer | undefined> {
    const token = bearerCredential(c.req.header('Authorization'));
    const stored = token ? await store.get<{ expiresAt: number }>(TOKEN_KIND, token) : undefined;
    if (stored && stored.expiresAt > now().getTime()) return undefined;
    return errorAnswer(new PayPalApiError(401));
  }

  const paypalRoute = apiRoute({
    store,
    authenticate,
    errorAnswer: (error) => (error instanceof PayPalApiError ? { answer: errorAnswer(error), keep: true } : undefined),
    failNext: options.testControls
      ? { provider: PROVIDER, answer: (status) => ({ status, body: new PayPalApiError(500).body }) }
      : undefined,
    requestKey: {
      header: 'PayPal-Request-Id',
      kind: REQUEST_ID_KIND,
      // A request id belongs to one call (create, or the capture of one order), and PayPal
      // answers its repetition with the stored answer whatever the body says.
      scope: (c) => `${c.req.method} ${c.req.path} `,
      fingerprint: () => '',
      invalid: (key) =>
        key.length > 108
          ? errorAnswer(payPalIssue('INVALID_STRING_LENGTH', { field: 'PayPal-Request-Id', location: 'header' }))
          : undefined,
      mismatch: () => errorAnswer(payPalIssue('PREVIOUS_REQUEST_IN_PROGRESS')),
      inProgress: () => errorAnswer(payPalIssue('PREVIOUS_REQUEST_IN_PROGRESS')),
      // Orders v2 answers an idempotent repetition of a create or capture with 200 instead of 201.
      replayed: (c, answer) =>
        answer.status === 201 && c.req.path.includes('/v2/checkout/orders') ? { ...answer, status: 200 } : answer,
    },
  });

  const idOf = (c: Context) => c.req.param('id') ?? '';

  const app = new Hono<ApiEnv>();
  app.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => respond(c, errorAnswer(payPalIssue('INVALID_STRING_LENGTH', { location: 'body' }))),
    }),
  );

  app.post('/v1/oauth2/token', async (c) => {
    const credentials = basicCredentials(c.req.header('Authorization'));
    const valid =
      credentials !== undefined &&
      sameSecret(credentials.user, options.clientId) &&
      sameSecret(credentials.password, options.clientSecret);
    if (!valid) return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
    const grantType = new URLSearchParams(await c.req.text()).get('grant_type');
    if (grantType !== 'client_credentials') {
      return c.json(
        {
          error: 'unsupported_grant_type',
          error_description: grantType ? 'Grant Type is not supported' : 'Grant Type is NULL',
        },
        400,
      );
    }
    const token = `A21AA${randomBytes(48).toString('base64url')}`;
    await store.prune(TOKEN_KIND, TOKEN_LIFETIME_SECONDS);
    await store.put(TOKEN_KIND, token, { expiresAt: now().getTime() + TOKEN_LIFETIME_SECONDS * 1000 });
    return c.json({
      scope: SCOPE,
      access_token: token,
      token_type: 'Bearer',
      app_id: APP_ID,
      expires_in: TOKEN_LIFETIME_SECONDS,
      nonce: `${now()
        .toISOString()
        .replace(/\.\d+Z$/, 'Z')}${randomString(43)}`,
    });
  });

  app.post(
    '/v2/checkout/orders',
    paypalRoute(async (c, body) => {
      const stored = newOrder(readCreateOrder(body), { now: now(), baseUrl });
      await store.put(ORDER_KIND, stored.order.id, stored);
      return { status: 201, body: wantsRepresentation(c) ? orderView(stored.order) : minimalView(stored.order) };
    }),
  );

  app.get(
    '/v2/checkout/orders/:id',
    paypalRoute(async (c) => ({ status: 200, body: orderView((await currentOrder(idOf(c))).order) })),
  );

  app.post(
    '/v2/checkout/orders/:id/capture',
    paypalRoute(async (c) => {
      await currentOrder(idOf(c));
      // Under the row lock: of any number of captures at once, exactly one finds the order APPROVED.
      const result = await store.update<StoredOrder>(ORDER_KIND, idOf(c), (stored) =>
        stored.order.status === 'APPROVED' ? captured(stored, now(), baseUrl, settleAfterMs) : stored,
      );
      if (!result) throw notFound(idOf(c));
      const { before, after } = result;
      if (before.order.status !== 'APPROVED') throw notCapturable(before.order);
      // The funding source was declined: nothing captured, the order stays APPROVED for another source.
      if (after.order.status === 'APPROVED') throw payPalIssue('INSTRUMENT_DECLINED');
      const capture = captureOf(after);
      if (capture) {
        await store.put(CAPTURE_KIND, capture.id, { orderId: after.order.id });
        // A pending capture settles when it is next read after its time (no timer survives a restart).
        if (!after.settlement) await send('PAYMENT.CAPTURE.COMPLETED', captureView(capture, after.order.id), after);
      }
      return { status: 201, body: wantsRepresentation(c) ? orderView(after.order) : minimalView(after.order) };
    }),
  );

  app.get(
    '/v2/payments/captures/:id',
    paypalRoute(async (c) => {
      const stored = await orderOfCapture(idOf(c));
      const capture = captureOf(stored);
      if (!capture) throw notFound(idOf(c));
      return { status: 200, body: captureView(capture, stored.order.id) };
    }),
  );

  app.post(
    '/v2/payments/captures/:id/refund',
    paypalRoute(async (c, body) => {
      const request = readRefundRequest(body);
      const { order } = await orderOfCapture(idOf(c));
      // A test may have asked for the next refund to stay pending and end later.
      const ending = await nextRefund.take();
      let made: StoredRefund | undefined;
      const result = await store.update<StoredOrder>(ORDER_KIND, order.id, (stored) => {
        const context = { now: now(), baseUrl, pending: ending !== undefined };
        const { stored: after, refund } = refunded(stored, request, context);
        const settlement = ending && {
          status: ending === 'failed' ? ('FAILED' as const) : ('COMPLETED' as const),
          at: now().getTime() + REFUND_SETTLES_AFTER_MS,
        };
        made = { refund, captureId: idOf(c), orderId: order.id, settlement };
        return after;
      });
      if (!result || !made) throw notFound(idOf(c));
      await store.put(REFUND_KIND, made.refund.id, made);
      if (!made.settlement) await send('PAYMENT.CAPTURE.REFUNDED', made.refund, result.after);
      return { status: 201, body: wantsRepresentation(c) ? made.refund : minimalView(made.refund) };
    }),
  );

  app.get(
    '/v2/payments/refunds/:id',
    paypalRoute(async (c) => {
      const stored = await currentRefund(idOf(c));
      if (!stored) throw notFound(idOf(c));
      return { status: 200, body: stored.refund };
    }),
  );

  app.get(
    '/v1/customer/disputes/:id',
    paypalRoute(async (c) => {
      const dispute = await store.get<Dispute>(DISPUTE_KIND, idOf(c));
      if (!dispute) throw notFound(idOf(c));
      return { status: 200, body: dispute };
    }),
  );

  app.post(
    '/v1/notifications/verify-webhook-signature',
    paypalRoute(async (_c, body) => {
      const request = readPayPalJson(body, VerifySchema);
      return { status: 200, body: { verification_status: webhooks.verify(request) ? 'SUCCESS' : 'FAILURE' } };
    }),
  );

  // What PayPal's window does when the buyer approves: sandbox only, called by the SDK stand-in.
  app.post('/v2/checkout/orders/:id/approve', async (c) => {
    try {
      return c.json(orderView((await approve(idOf(c), readPayPalJson(await c.req.text(), ApproveSchema))).order));
    } catch (error) {
      if (error instanceof PayPalApiError) return respond(c, errorAnswer(error));
      throw error;
    }
  });

  app.all('/v1/*', (c) => respond(c, errorAnswer(new PayPalApiError(404))));
  app.all('/v2/*', (c) => respond(c, errorAnswer(new PayPalApiError(404))));

  approvalRoutes(app, state, options);
  if (options.testControls) paypalTestControls(app, state);

  app.onError((error, c) => {
    if (error instanceof PayPalApiError) return respond(c, errorAnswer(error));
    console.error(`PayPal sandbox: ${c.req.method} ${c.req.path} failed:`, error);
    return respond(c, errorAnswer(new PayPalApiError(500)));
  });

  return app;
}
