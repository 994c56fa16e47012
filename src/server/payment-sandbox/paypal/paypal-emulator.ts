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
import { randomString } from '../sandbox-ids.ts';
import { sandboxStore } from '../sandbox-store.ts';
import { approvalPage, approvalResultPage } from './approval-page.ts';
import {
  captureView,
  REFUND_KIND,
  REFUND_SETTLES_AFTER_MS,
  readRefundRequest,
  refundEnded,
  refunded,
  type StoredRefund,
} from './captures.ts';
import { DISPUTE_KIND, type Dispute, openedDispute, resolvedDispute, reversed } from './disputes.ts';
import { PayPalApiError, payPalIssue } from './errors.ts';
import {
  approvable,
  approved,
  BUYER_OUTCOMES,
  CAPTURE_KIND,
  captured,
  captureOf,
  isGone,
  MoneySchema,
  minimalView,
  newOrder,
  notCapturable,
  ORDER_KIND,
  orderView,
  readCreateOrder,
  readPayPalJson,
  type StoredOrder,
  settled,
} from './orders.ts';
import { type PayPalEventType, paypalWebhooks, WEBHOOK_MODES } from './webhooks.ts';

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

/** Where the stand-in for PayPal's web SDK is served; its window's styles are beside it (`window.css`). */
export const PAYPAL_SDK_PATH = '/sdk/v6/core.js';

const TOKEN_KIND = 'paypal.access_token';
const REQUEST_ID_KIND = 'paypal.request_id';
const PROVIDER = 'paypal';
/** PayPal's access tokens live nine hours. */
const TOKEN_LIFETIME_SECONDS = 32_400;
const SCOPE = 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund';
const APP_ID = 'APP-80W284485P519543T';

const ApproveSchema = v.object({
  payerName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  outcome: v.optional(v.picklist(BUYER_OUTCOMES), 'completed'),
});
const CaptureAmountSchema = v.object({
  value: v.optional(MoneySchema.entries.value),
  currency_code: v.optional(MoneySchema.entries.currency_code),
});
const WebhookModeSchema = v.object({ mode: v.picklist(WEBHOOK_MODES) });
const SettleSchema = v.object({ status: v.optional(v.picklist(['COMPLETED', 'DECLINED'])) });
const VerifySchema = v.object({
  auth_algo: v.pipe(v.string(), v.maxLength(100)),
  cert_url: v.pipe(v.string(), v.maxLength(500)),
  transmission_id: v.pipe(v.string(), v.maxLength(50)),
  transmission_sig: v.pipe(v.string(), v.maxLength(500)),
  transmission_time: v.pipe(v.string(), v.maxLength(100)),
  webhook_id: v.pipe(v.string(), v.maxLength(50)),
  webhook_event: v.record(v.string(), v.unknown()),
});

const errorAnswer = (error: PayPalApiError): StoredAnswer => ({ status: error.httpStatus, body: error.body });

/** `Prefer: return=representation` asks for the whole resource; PayPal's default is the minimal answer. */
const wantsRepresentation = (c: Context) => /return=representation/i.test(c.req.header('Prefer') ?? '');

export function paypalEmulator(options: PayPalEmulatorOptions): Hono<ApiEnv> {
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
  const { pages } = options;

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

  const page = (c: Context, html: string, status: ContentfulStatusCode) => c.html(html, status, pages.headers);

  /** The order as the approval page sees it: none once it is gone. */
  const orderForPage = (id: string) => currentOrder(id).catch(() => undefined);

  app.get('/checkout/:id', async (c) => {
    const stored = await orderForPage(idOf(c));
    if (!stored) return page(c, approvalResultPage(pages, 'unknown'), 404);
    if (!approvable(stored)) return page(c, approvalResultPage(pages, 'not-approvable'), 409);
    return page(c, approvalPage(pages, stored.order, stored.fundingDeclined === true), 200);
  });

  app.post('/checkout/:id', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const stored = await orderForPage(idOf(c));
    if (!stored) return page(c, approvalResultPage(pages, 'unknown'), 404);
    if (form.get('action') === 'cancel') {
      if (!stored.cancelUrl) return page(c, approvalResultPage(pages, 'canceled'), 200);
      const target = new URL(stored.cancelUrl);
      target.searchParams.set('token', stored.order.id);
      return c.redirect(target.href, 303);
    }
    const outcome = v.safeParse(ApproveSchema.entries.outcome, form.get('outcome') ?? undefined);
    if (!outcome.success) return page(c, approvalPage(pages, stored.order, stored.fundingDeclined === true), 400);
    let after: StoredOrder;
    try {
      after = await approve(stored.order.id, { outcome: outcome.output });
    } catch (error) {
      if (error instanceof PayPalApiError) return page(c, approvalResultPage(pages, 'not-approvable'), 409);
      throw error;
    }
    if (!after.returnUrl) return page(c, approvalResultPage(pages, 'approved'), 200);
    // PayPal returns the buyer with the order id as `token` and the payer's id as `PayerID`.
    const target = new URL(after.returnUrl);
    target.searchParams.set('token', after.order.id);
    target.searchParams.set('PayerID', after.order.payer?.payer_id ?? '');
    return c.redirect(target.href, 303);
  });

  const asset = (contentType: string, content: string) => (c: Context) =>
    c.body(content, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-cache' });
  app.get(PAYPAL_SDK_PATH, asset('text/javascript; charset=utf-8', options.sdk.script));
  app.get('/sdk/v6/window.css', asset('text/css; charset=utf-8', options.sdk.styles));

  if (options.testControls) {
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
      if (!body)
        return controlError(c, 400, 'Expected JSON { "outcome": "open" | "won" | "lost", "reason"?: string }.');
      const stored = await currentOrder(idOf(c)).catch(() => undefined);
      const capture = stored && captureOf(stored);
      // A payer disputes a completed capture; a dispute already opened may be decided whatever the capture says.
      if (!stored || !capture || (capture.status !== 'COMPLETED' && !stored.disputeId))
        return controlError(c, 404, `Order ${idOf(c)} has no completed capture.`);
      const dispute = await changeDispute(stored, body.outcome, body.reason ?? 'UNAUTHORISED');
      return dispute ? c.json(dispute) : controlError(c, 400, `Order ${idOf(c)}'s dispute is resolved already.`);
    });
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

  app.onError((error, c) => {
    if (error instanceof PayPalApiError) return respond(c, errorAnswer(error));
    console.error(`PayPal sandbox: ${c.req.method} ${c.req.path} failed:`, error);
    return respond(c, errorAnswer(new PayPalApiError(500)));
  });

  return app;
}
