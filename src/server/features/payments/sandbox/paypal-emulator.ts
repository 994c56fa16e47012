/**
 * The emulator of PayPal's REST API (OAuth token, Orders v2), its approval page and its web SDK,
 * which the product's PayPal client and the browser talk to when the product runs without live
 * keys (docs/product.md#d19-provider-emulators, #d21-paypal). Paths are PayPal's, relative to
 * where the router is mounted, so the router's URL is the client's `PAYPAL_API_BASE`.
 */
import { randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import type { ApiEnv } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { apiRoute, respond } from './api-route.ts';
import { basicCredentials, bearerCredential, sameSecret } from './credentials.ts';
import type { StoredAnswer } from './idempotency.ts';
import { approvalPage, approvalResultPage } from './paypal-checkout-page.ts';
import { PayPalApiError, payPalIssue } from './paypal-errors.ts';
import {
  approved,
  captured,
  MoneySchema,
  minimalOrderView,
  newOrder,
  notCapturable,
  ORDER_KIND,
  orderView,
  readCreateOrder,
  readPayPalJson,
  type StoredOrder,
} from './paypal-orders.ts';
import { paypalSdkStandIn } from './paypal-sdk-stand-in.ts';
import { armFailNext, FailNextSchema, readControlBody } from './sandbox-controls.ts';
import { PAGE_SECURITY_HEADERS } from './sandbox-html.ts';
import { randomString } from './sandbox-ids.ts';
import { sandboxStore } from './sandbox-store.ts';

export interface PayPalEmulatorOptions {
  db: Database;
  /** The REST app's credentials it accepts at `/v1/oauth2/token` (HTTP Basic). */
  clientId: string;
  clientSecret: string;
  /** Absolute URL of this router as clients and browsers reach it, e.g. http://localhost:4321/api/sandbox/paypal. */
  publicBaseUrl: string;
  /** Test-only controls (`/test/…`) are served only when true. */
  testControls: boolean;
  now?: () => Date;
}

const TOKEN_KIND = 'paypal.access_token';
const REQUEST_ID_KIND = 'paypal.request_id';
const PROVIDER = 'paypal';
/** PayPal's access tokens live nine hours. */
const TOKEN_LIFETIME_SECONDS = 32_400;
const SCOPE = 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund';
const APP_ID = 'APP-80W284485P519543T';

const ApproveSchema = v.object({ payerName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))) });
const CaptureOutcomeSchema = v.object({
  status: v.picklist(['COMPLETED', 'DECLINED', 'PENDING']),
  amountValue: v.optional(MoneySchema.entries.value),
  currencyCode: v.optional(MoneySchema.entries.currency_code),
});

const errorAnswer = (error: PayPalApiError): StoredAnswer => ({ status: error.httpStatus, body: error.body });

export function paypalEmulator(options: PayPalEmulatorOptions): Hono<ApiEnv> {
  const store = sandboxStore(options.db);
  const now = options.now ?? (() => new Date());
  const baseUrl = options.publicBaseUrl.replace(/\/+$/, '');

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
          ? errorAnswer(payPalIssue(400, 'INVALID_STRING_LENGTH', { field: 'PayPal-Request-Id', location: 'header' }))
          : undefined,
      mismatch: () => errorAnswer(payPalIssue(422, 'PREVIOUS_REQUEST_IN_PROGRESS')),
      inProgress: () => errorAnswer(payPalIssue(422, 'PREVIOUS_REQUEST_IN_PROGRESS')),
      replayed: {},
    },
  });

  const orderId = (c: Context) => c.req.param('id') ?? '';

  async function orderOr404(id: string): Promise<StoredOrder> {
    const stored = await store.get<StoredOrder>(ORDER_KIND, id);
    if (!stored) throw payPalIssue(404, 'INVALID_RESOURCE_ID', { location: 'path', value: id });
    return stored;
  }

  /** CREATED → APPROVED under the row lock; any other state is refused. */
  async function approve(id: string, payerName: string | undefined): Promise<StoredOrder> {
    const result = await store.update<StoredOrder>(ORDER_KIND, id, (stored) =>
      stored.order.status === 'CREATED' ? approved(stored, payerName, now(), baseUrl) : stored,
    );
    if (!result) throw payPalIssue(404, 'INVALID_RESOURCE_ID', { location: 'path', value: id });
    if (result.before.order.status !== 'CREATED') {
      throw payPalIssue(
        422,
        result.before.order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_ALREADY_APPROVED',
      );
    }
    return result.after;
  }

  const app = new Hono<ApiEnv>();
  app.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => respond(c, errorAnswer(payPalIssue(400, 'INVALID_STRING_LENGTH', { location: 'body' }))),
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
      const minimal = /return=minimal/i.test(c.req.header('Prefer') ?? '');
      return { status: 201, body: minimal ? minimalOrderView(stored.order) : orderView(stored.order) };
    }),
  );

  app.get(
    '/v2/checkout/orders/:id',
    paypalRoute(async (c) => ({ status: 200, body: orderView((await orderOr404(orderId(c))).order) })),
  );

  app.post(
    '/v2/checkout/orders/:id/capture',
    paypalRoute(async (c) => {
      // Under the row lock: of any number of captures at once, exactly one finds the order APPROVED.
      const result = await store.update<StoredOrder>(ORDER_KIND, orderId(c), (stored) =>
        stored.order.status === 'APPROVED' ? captured(stored, now(), baseUrl) : stored,
      );
      if (!result) throw payPalIssue(404, 'INVALID_RESOURCE_ID', { location: 'path', value: orderId(c) });
      if (result.before.order.status !== 'APPROVED') throw notCapturable(result.before.order);
      return { status: 201, body: orderView(result.after.order) };
    }),
  );

  // What PayPal's popup does when the buyer approves: sandbox only, called by the SDK stand-in.
  app.post('/v2/checkout/orders/:id/approve', async (c) => {
    try {
      const { payerName } = readPayPalJson(await c.req.text(), ApproveSchema);
      return c.json(orderView((await approve(orderId(c), payerName)).order));
    } catch (error) {
      if (error instanceof PayPalApiError) return respond(c, errorAnswer(error));
      throw error;
    }
  });

  app.all('/v1/*', (c) => respond(c, errorAnswer(new PayPalApiError(404))));
  app.all('/v2/*', (c) => respond(c, errorAnswer(new PayPalApiError(404))));

  const page = (c: Context, html: string, status: ContentfulStatusCode) => c.html(html, status, PAGE_SECURITY_HEADERS);

  app.get('/checkout/:id', async (c) => {
    const stored = await store.get<StoredOrder>(ORDER_KIND, orderId(c));
    if (!stored) return page(c, approvalResultPage('unknown'), 404);
    if (stored.order.status !== 'CREATED') return page(c, approvalResultPage('not-approvable'), 409);
    return page(c, approvalPage(stored.order), 200);
  });

  app.post('/checkout/:id', async (c) => {
    const action = new URLSearchParams(await c.req.text()).get('action');
    const stored = await store.get<StoredOrder>(ORDER_KIND, orderId(c));
    if (!stored) return page(c, approvalResultPage('unknown'), 404);
    if (action === 'cancel') {
      if (!stored.cancelUrl) return page(c, approvalResultPage('canceled'), 200);
      const target = new URL(stored.cancelUrl);
      target.searchParams.set('token', stored.order.id);
      return c.redirect(target.href, 303);
    }
    if (action !== 'approve') return page(c, approvalPage(stored.order), 400);
    let after: StoredOrder;
    try {
      after = await approve(stored.order.id, undefined);
    } catch (error) {
      if (error instanceof PayPalApiError) return page(c, approvalResultPage('not-approvable'), 409);
      throw error;
    }
    if (!after.returnUrl) return page(c, approvalResultPage('approved'), 200);
    // PayPal returns the buyer with the order id as `token` and the payer's id as `PayerID`.
    const target = new URL(after.returnUrl);
    target.searchParams.set('token', after.order.id);
    target.searchParams.set('PayerID', after.order.payer?.payer_id ?? '');
    return c.redirect(target.href, 303);
  });

  app.get('/sdk/v6/core.js', (c) =>
    c.body(paypalSdkStandIn(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );

  if (options.testControls) {
    const controlError = (c: Context, status: 400 | 404, message: string) =>
      c.json({ name: status === 400 ? 'INVALID_REQUEST' : 'RESOURCE_NOT_FOUND', message }, status);

    app.post('/test/orders/:id/capture-outcome', async (c) => {
      const outcome = await readControlBody(c, CaptureOutcomeSchema);
      if (!outcome) {
        return controlError(
          c,
          400,
          'Expected JSON { "status": "COMPLETED" | "DECLINED" | "PENDING", "amountValue"?: "12.34", "currencyCode"?: "EUR" }.',
        );
      }
      const result = await store.update<StoredOrder>(ORDER_KIND, orderId(c), (stored) => ({
        ...stored,
        nextCapture: outcome,
      }));
      if (!result) return controlError(c, 404, `No order ${orderId(c)}.`);
      return c.json({ id: orderId(c), nextCapture: outcome });
    });

    app.post('/test/fail-next', async (c) => {
      const body = await readControlBody(c, FailNextSchema);
      if (!body) return controlError(c, 400, 'Expected JSON { "status": 400…599 }.');
      await armFailNext(store, PROVIDER, body.status);
      return c.json({ status: body.status });
    });
  }

  app.onError((error, c) => {
    if (error instanceof PayPalApiError) return respond(c, errorAnswer(error));
    console.error(`PayPal sandbox: ${c.req.method} ${c.req.path} failed:`, error);
    return respond(c, errorAnswer(new PayPalApiError(500)));
  });

  return app;
}
