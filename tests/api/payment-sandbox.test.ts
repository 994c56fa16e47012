/**
 * The payment providers' emulators (docs/product.md#d19-provider-emulators): the real `stripe`
 * package and plain HTTP against the Stripe emulator, the PayPal emulator's REST API, its hosted
 * pages and the v6 SDK stand-in run in a small fake browser. The routers are mounted as the app
 * mounts them, under the product's own 404 and error handlers.
 */
import { readFileSync } from 'node:fs';
import type { OnCompleteData, OnErrorData, PayPalV6Namespace } from '@paypal/paypal-js/sdk-v6';
import { count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiEnv } from '../../src/server/context.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { sandboxObjects } from '../../src/server/db/schema.ts';
import { errorBody, handleError, MESSAGES } from '../../src/server/http/errors.ts';
import { readSandboxAssets } from '../../src/server/payment-sandbox/assets.ts';
import { OUTCOME_LABELS } from '../../src/server/payment-sandbox/paypal/approval-page.ts';
import { paypalEmulator } from '../../src/server/payment-sandbox/paypal/paypal-emulator.ts';
import { clockRoutes, type SandboxClock, sandboxClock } from '../../src/server/payment-sandbox/sandbox-clock.ts';
import { sandboxStore } from '../../src/server/payment-sandbox/sandbox-store.ts';
import { parseFormParams } from '../../src/server/payment-sandbox/stripe/form-params.ts';
import { stripeEmulator } from '../../src/server/payment-sandbox/stripe/stripe-emulator.ts';
import { signStripeEvent } from '../../src/server/payment-sandbox/stripe/webhooks.ts';
import { fakeBrowser } from './support/fake-dom.ts';
import { openTestDatabase } from './support/test-api.ts';

const ORIGIN = 'http://localhost:4321';
const STRIPE = '/api/sandbox/stripe';
const PAYPAL = '/api/sandbox/paypal';
/** The same emulators without test controls. */
const STRIPE_PLAIN = '/api/plain/stripe';
const PAYPAL_PLAIN = '/api/plain/paypal';
const SECRET_KEY = 'sk_test_hwds_sandbox_51Abc0123456789';
const WEBHOOK_SECRET = 'whsec_hwds_sandbox_0123456789abcdef';
const CLIENT_ID = 'hwds-sandbox-client';
const CLIENT_SECRET = 'hwds-sandbox-secret';
const PAYPAL_WEBHOOK_ID = '8PT597110X687430L';
/** The emulators' own files, as the sandbox reads them. */
const { pages, paypalSdk } = readSandboxAssets();

interface DeliveredSession {
  id: string;
  status: string;
  payment_status: string;
  payment_intent: string | null;
}
interface Delivery {
  body: string;
  signature: string;
  event: { id: string; type: string; object: string; livemode: boolean; data: { object: DeliveredSession } };
  /** Whether the `stripe` package accepted it with the webhook secret. */
  verified: boolean;
}

const deliveries: Delivery[] = [];

/** A PayPal webhook transmission as the emulator sent it. */
interface PayPalDelivery {
  body: string;
  headers: Record<string, string>;
  event: { id: string; event_type: string; resource_type: string; resource: Record<string, unknown> };
}
const paypalDeliveries: PayPalDelivery[] = [];

async function deliverPayPalWebhook(body: string, headers: Record<string, string>): Promise<number> {
  paypalDeliveries.push({ body, headers, event: JSON.parse(body) });
  return 200;
}
/** What the product's webhook route answers; tests replace it. */
let webhookAnswer: (delivery: Delivery) => number | Promise<number> = () => 200;

async function deliverWebhook(body: string, signature: string): Promise<number> {
  let verified = true;
  try {
    Stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET);
  } catch {
    verified = false;
  }
  const delivery: Delivery = { body, signature, event: JSON.parse(body), verified };
  deliveries.push(delivery);
  return webhookAnswer(delivery);
}

let database: DatabaseHandle;
let app: Hono<ApiEnv>;
let stripe: Stripe;
/** The sandbox clock both emulators read, moved on by the tests about time. */
let clock: SandboxClock;

/** What a client's `fetch` reaches: the app in process, whatever host the URL names. */
const fetchInto =
  (prefix: string): typeof fetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return app.request(`${prefix}${url.pathname}${url.search}`, init);
  };

beforeAll(async () => {
  database = await openTestDatabase();
  clock = sandboxClock(sandboxStore(database.db), { controlled: true });
  const stripeOptions = {
    db: database.db,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    deliverWebhook,
    pages,
    clock,
    webhookTiming: { retryDelaysMs: [20, 40, 60], lateDelayMs: 300 },
  };
  const paypalOptions = {
    db: database.db,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: PAYPAL_WEBHOOK_ID,
    webhookSigningSecret: 'hwds-sandbox-signing',
    deliverWebhook: deliverPayPalWebhook,
    pages,
    sdk: paypalSdk,
    clock,
    settleAfterMs: 200,
    webhookRetryDelaysMs: [20],
  };
  app = new Hono<ApiEnv>();
  app.route(STRIPE, stripeEmulator({ ...stripeOptions, publicBaseUrl: `${ORIGIN}${STRIPE}`, testControls: true }));
  app.route(PAYPAL, paypalEmulator({ ...paypalOptions, publicBaseUrl: `${ORIGIN}${PAYPAL}`, testControls: true }));
  app.route(
    STRIPE_PLAIN,
    stripeEmulator({ ...stripeOptions, publicBaseUrl: `${ORIGIN}${STRIPE_PLAIN}`, testControls: false }),
  );
  app.route(
    PAYPAL_PLAIN,
    paypalEmulator({ ...paypalOptions, publicBaseUrl: `${ORIGIN}${PAYPAL_PLAIN}`, testControls: false }),
  );
  app.route('/api/sandbox/test/clock', clockRoutes(clock));
  app.notFound((c) => c.json(errorBody(404, MESSAGES.notFound), 404));
  app.onError(handleError);

  stripe = new Stripe(SECRET_KEY, {
    host: 'sandbox.test',
    port: 443,
    protocol: 'https',
    httpClient: Stripe.createFetchHttpClient(fetchInto(STRIPE)),
    maxNetworkRetries: 2,
    telemetry: false,
  });
});

afterAll(() => database.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `read` gives something, for what happens after an answer. */
async function waitFor<T>(read: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await sleep(10);
  }
}

const eventsOf = (sessionId: string) => deliveries.filter((delivery) => delivery.event.data.object.id === sessionId);

const countOf = async (kind: string) =>
  (await database.db.select({ n: count() }).from(sandboxObjects).where(eq(sandboxObjects.kind, kind)))[0]?.n ?? 0;

const json = async <T = Record<string, unknown>>(response: Response | Promise<Response>) => {
  const resolved = await response;
  return { status: resolved.status, headers: resolved.headers, body: (await resolved.json()) as T };
};

describe('Stripe emulator', () => {
  const sessionParams = (
    overrides: Partial<Stripe.Checkout.SessionCreateParams> = {},
  ): Stripe.Checkout.SessionCreateParams => ({
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'eur', unit_amount: 120_000, product_data: { name: 'Website-Modell Hotel' } },
        quantity: 1,
      },
    ],
    success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}&bookingId=7`,
    cancel_url: `${ORIGIN}/cancel?bookingId=7`,
    client_reference_id: '7',
    metadata: { bookingId: '7' },
    ...overrides,
  });
  const createSession = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
    stripe.checkout.sessions.create(sessionParams(overrides));

  /** The raw API, for what the package hides (headers, exact bodies). */
  const api = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    app.request(`${STRIPE}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${SECRET_KEY}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body,
    });
  const page = (id: string) => app.request(`${STRIPE}/checkout/${id}`);
  const submit = (id: string, action: string) =>
    app.request(`${STRIPE}/checkout/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
    });
  const setMode = (id: string, mode: string) =>
    app.request(`${STRIPE}/test/sessions/${id}/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
  const failNext = (status: number) =>
    app.request(`${STRIPE}/test/fail-next`, { method: 'POST', body: JSON.stringify({ status }) });

  describe('the API through the stripe package', () => {
    it('creates a Checkout Session in Stripe’s shape, from the parameters the package sends', async () => {
      const before = Math.floor(Date.now() / 1000);
      const session = await createSession({
        line_items: [
          {
            price_data: { currency: 'EUR', unit_amount: 120_000, product_data: { name: 'Website-Modell Hotel' } },
            quantity: 1,
          },
          {
            price_data: { currency: 'eur', unit_amount: 2_550, product_data: { name: 'Pflege & Wartung' } },
            quantity: 2,
          },
        ],
        customer_email: 'anna@example.de',
        locale: 'de',
        allowed_payment_method_types: ['card'],
        metadata: { bookingId: '7', bookingNumber: 'HW-2026-0007' },
      });
      expect(session).toMatchObject({
        object: 'checkout.session',
        amount_subtotal: 125_100,
        amount_total: 125_100,
        currency: 'eur',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        mode: 'payment',
        client_reference_id: '7',
        customer_email: 'anna@example.de',
        locale: 'de',
        payment_method_types: ['card'],
        allowed_payment_method_types: ['card'],
        metadata: { bookingId: '7', bookingNumber: 'HW-2026-0007' },
        success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}&bookingId=7`,
        cancel_url: `${ORIGIN}/cancel?bookingId=7`,
        livemode: false,
      });
      expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
      expect(session.url).toBe(`${ORIGIN}${STRIPE}/checkout/${session.id}`);
      expect(session.created).toBeGreaterThanOrEqual(before);
      expect(session.expires_at).toBe(session.created + 24 * 60 * 60);
      expect(session.lastResponse.statusCode).toBe(200);
    });

    it('retrieves a session, with its line items when asked to expand them, and lists them', async () => {
      const created = await createSession({ expires_at: Math.floor(Date.now() / 1000) + 3600 });
      const retrieved = await stripe.checkout.sessions.retrieve(created.id);
      expect({ ...retrieved }).toEqual({ ...created });
      expect(retrieved.expires_at).toBe(created.expires_at);

      const expanded = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
      expect(expanded.line_items?.data).toEqual([
        expect.objectContaining({
          object: 'item',
          description: 'Website-Modell Hotel',
          quantity: 1,
          amount_total: 120_000,
          currency: 'eur',
          price: expect.objectContaining({ unit_amount: 120_000, currency: 'eur' }),
        }),
      ]);
      const listed = await stripe.checkout.sessions.listLineItems(created.id);
      expect(listed.data.map((item) => item.description)).toEqual(['Website-Modell Hotel']);
    });

    it('expires an open session once, with a checkout.session.expired event', async () => {
      const session = await createSession();
      const expired = await stripe.checkout.sessions.expire(session.id);
      expect(expired).toMatchObject({ id: session.id, status: 'expired', payment_status: 'unpaid', url: null });
      await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        message: expect.stringContaining('status of "expired"'),
      });
      const [event] = await waitFor(() => eventsOf(session.id).length > 0 && eventsOf(session.id));
      expect(event?.event).toMatchObject({ type: 'checkout.session.expired', data: { object: { status: 'expired' } } });
      await sleep(50);
      expect(eventsOf(session.id)).toHaveLength(1);
    });

    it('answers a repeated Idempotency-Key with the stored answer, and refuses it with other parameters', async () => {
      const key = `booking-7-${Date.now()}`;
      const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: key });
      const again = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: key });
      expect(again.id).toBe(first.id);

      const raw = await api('POST', '/v1/checkout/sessions', 'mode=payment', { 'Idempotency-Key': key });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toEqual({
        error: {
          type: 'idempotency_error',
          message: expect.stringContaining('same parameters they were first used with'),
        },
      });

      const changed = stripe.checkout.sessions.create(sessionParams({ client_reference_id: '8' }), {
        idempotencyKey: key,
      });
      await expect(changed).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      await expect(changed).rejects.toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    });

    it('marks a replayed answer with Idempotent-Replayed, also for an answered error', async () => {
      const body = 'mode=payment&success_url=https%3A%2F%2Fexample.de%2Fok';
      const key = `replay-${Date.now()}`;
      const first = await json(
        api('POST', '/v1/checkout/sessions/cs_test_missing/expire', body, { 'Idempotency-Key': key }),
      );
      const second = await json(
        api('POST', '/v1/checkout/sessions/cs_test_missing/expire', body, { 'Idempotency-Key': key }),
      );
      expect(first.status).toBe(404);
      expect(second).toMatchObject({ status: 404, body: first.body });
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.headers.get('request-id')).toMatch(/^req_/);
    });

    it('keeps no idempotent answer for invalid parameters: the corrected request with that key succeeds', async () => {
      const key = `invalid-first-${Date.now()}`;
      await expect(
        stripe.checkout.sessions.create(sessionParams({ line_items: [] }), { idempotencyKey: key }),
      ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      // Same key, other parameters: accepted, because the invalid request was never executed.
      const created = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: key });
      expect(created.status).toBe('open');
    });

    it('yields one session when the package retries after an answered failure (POST /test/fail-next)', async () => {
      const sessionsBefore = await countOf('stripe.checkout_session');
      expect((await failNext(500)).status).toBe(200);
      const session = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: `retry-${Date.now()}` });
      expect(session.status).toBe('open');
      expect(await countOf('stripe.checkout_session')).toBe(sessionsBefore + 1);

      // Without a key of its own, the package keys every POST itself: still one session.
      expect((await failNext(503)).status).toBe(200);
      await createSession();
      expect(await countOf('stripe.checkout_session')).toBe(sessionsBefore + 2);
    });

    it('fails exactly the next request after it did its work, with a Stripe-shaped api_error', async () => {
      await failNext(500);
      const key = `fail-next-${Date.now()}`;
      const body = new URLSearchParams({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '5000',
        'line_items[0][price_data][product_data][name]': 'Visitenkarten',
        'line_items[0][quantity]': '1',
        success_url: `${ORIGIN}/success`,
      }).toString();
      const failed = await json(api('POST', '/v1/checkout/sessions', body, { 'Idempotency-Key': key }));
      expect(failed).toMatchObject({ status: 500, body: { error: { type: 'api_error' } } });
      const retried = await json<{ id: string }>(
        api('POST', '/v1/checkout/sessions', body, { 'Idempotency-Key': key }),
      );
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect((await json(api('GET', `/v1/checkout/sessions/${retried.body.id}`))).status).toBe(200);
    });

    it('gives every concurrent request with one key the same session', async () => {
      const key = `concurrent-${Date.now()}`;
      const sessions = await Promise.all(
        Array.from({ length: 5 }, () => stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: key })),
      );
      expect(new Set(sessions.map((session) => session.id)).size).toBe(1);
    });

    it('refuses invalid parameters as Stripe does, naming the parameter', async () => {
      const refusal = (overrides: Partial<Stripe.Checkout.SessionCreateParams>) =>
        createSession(overrides).then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(await refusal({ line_items: undefined })).toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'line_items',
        code: 'parameter_missing',
        message: 'Missing required param: line_items.',
      });
      expect(
        await refusal({
          line_items: [{ price_data: { currency: 'eur', product_data: { name: 'X' }, unit_amount: 100 }, quantity: 0 }],
        }),
      ).toMatchObject({ param: 'line_items[0][quantity]' });
      expect(
        await refusal({
          line_items: [{ price_data: { currency: 'eur', product_data: { name: 'X' }, unit_amount: 100 } }],
        }),
      ).toMatchObject({ param: 'line_items[0][quantity]', code: 'parameter_missing' });
      expect(await refusal({ submit_type: 'pay' })).toMatchObject({
        param: 'submit_type',
        code: 'parameter_unknown',
        message: 'Received unknown parameter: submit_type',
      });
      expect(await refusal({ mode: 'subscription' })).toMatchObject({ param: 'mode' });
      expect(await refusal({ success_url: 'not a url' })).toMatchObject({ param: 'success_url' });
      expect(await refusal({ customer_email: 'kein-at-zeichen' })).toMatchObject({ param: 'customer_email' });
      expect(await refusal({ expires_at: Math.floor(Date.now() / 1000) + 60 })).toMatchObject({ param: 'expires_at' });
      expect(await refusal({ expires_at: Math.floor(Date.now() / 1000) + 25 * 3600 })).toMatchObject({
        param: 'expires_at',
      });
      expect(await refusal({ allowed_payment_method_types: ['paypal'] })).toMatchObject({
        param: 'allowed_payment_method_types[0]',
      });
      expect(
        await refusal({
          line_items: [
            { price_data: { currency: 'eur', product_data: { name: 'A' }, unit_amount: 100 }, quantity: 1 },
            { price_data: { currency: 'usd', product_data: { name: 'B' }, unit_amount: 100 }, quantity: 1 },
          ],
        }),
      ).toMatchObject({ param: 'line_items' });
      // Stripe's ceiling for one session: 999.999,99 €; a 1 million euro booking cannot be paid by card.
      expect(
        await refusal({
          line_items: [
            { price_data: { currency: 'eur', product_data: { name: 'A' }, unit_amount: 99_999_999 }, quantity: 2 },
          ],
        }),
      ).toMatchObject({ param: 'line_items', message: expect.stringContaining('no more than') });
      // …and its floor: 0,50 €.
      expect(
        await refusal({
          line_items: [{ price_data: { currency: 'eur', product_data: { name: 'A' }, unit_amount: 49 }, quantity: 1 }],
        }),
      ).toMatchObject({ param: 'line_items', message: expect.stringContaining('at least 0.50') });
      // A product's name may be as long as Stripe's specification allows: 5000 characters.
      const name = (length: number) => 'Großformatdruck '.repeat(400).slice(0, length);
      const longName = await createSession({
        line_items: [
          { price_data: { currency: 'eur', product_data: { name: name(5000) }, unit_amount: 100 }, quantity: 1 },
        ],
      });
      expect(longName.amount_total).toBe(100);
      expect(
        await refusal({
          line_items: [
            { price_data: { currency: 'eur', product_data: { name: name(5001) }, unit_amount: 100 }, quantity: 1 },
          ],
        }),
      ).toMatchObject({ param: 'line_items[0][price_data][product_data][name]' });
    });

    it('answers a wrong or missing key with 401, and an unknown session or URL with 404', async () => {
      const wrongKey = new Stripe('sk_test_wrong_key_0000000000001234', {
        host: 'sandbox.test',
        protocol: 'https',
        httpClient: Stripe.createFetchHttpClient(fetchInto(STRIPE)),
        maxNetworkRetries: 0,
      });
      const refused = wrongKey.checkout.sessions.create(sessionParams());
      await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      await expect(refused).rejects.toMatchObject({
        statusCode: 401,
        message: expect.stringMatching(/^Invalid API Key provided: sk_test_\*+1234$/),
      });

      const anonymous = await json(app.request(`${STRIPE}/v1/checkout/sessions/cs_test_x`));
      expect(anonymous).toMatchObject({
        status: 401,
        body: {
          error: { type: 'invalid_request_error', message: expect.stringContaining('did not provide an API key') },
        },
      });

      const missing = stripe.checkout.sessions.retrieve('cs_test_does_not_exist');
      await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });

      expect(await json(api('GET', '/v1/charges'))).toMatchObject({
        status: 404,
        body: {
          error: { type: 'invalid_request_error', message: 'Unrecognized request URL (GET: /v1/charges).' },
        },
      });
    });
  });

  describe('refunds', () => {
    /** A session paid on the hosted page, and its PaymentIntent. */
    async function paidSession() {
      const session = await createSession();
      expect((await submit(session.id, 'pay')).status).toBe(303);
      const paid = await stripe.checkout.sessions.retrieve(session.id);
      return { session: paid, intent: String(paid.payment_intent) };
    }
    const eventsAbout = (type: string, id: string) =>
      deliveries.filter((d) => d.event.type === type && JSON.stringify(d.event.data.object).includes(id));

    it('refunds a paid session in full through its PaymentIntent, in Stripe’s shape, with refund.created and charge.refunded', async () => {
      const { intent } = await paidSession();
      const refund = await stripe.refunds.create({ payment_intent: intent, reason: 'requested_by_customer' });
      expect(refund).toMatchObject({
        object: 'refund',
        amount: 120_000,
        currency: 'eur',
        payment_intent: intent,
        status: 'succeeded',
        reason: 'requested_by_customer',
      });
      expect(refund.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
      expect(refund.charge).toMatch(/^ch_/);
      expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id, status: 'succeeded' });
      const [charged] = await waitFor(
        () => eventsAbout('charge.refunded', intent).length > 0 && eventsAbout('charge.refunded', intent),
      );
      expect(charged?.event.data.object).toMatchObject({
        object: 'charge',
        payment_intent: intent,
        amount: 120_000,
        amount_refunded: 120_000,
        refunded: true,
      });
      expect(eventsAbout('refund.created', refund.id)).toHaveLength(1);
      expect(charged?.verified).toBe(true);
    });

    it('refunds once under one Idempotency-Key, and refuses a second refund of a refunded charge', async () => {
      const { intent } = await paidSession();
      const key = `refund-${intent}`;
      const [first, second] = await Promise.all([
        stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: key }),
        stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: key }),
      ]).catch(async () => {
        // One of two concurrent requests may meet the other in progress (409) and is retried by the package.
        const again = await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: key });
        return [again, again];
      });
      expect(second?.id).toBe(first?.id);
      const twice = stripe.refunds.create({ payment_intent: intent });
      await expect(twice).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      await expect(twice).rejects.toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    });

    it('refunds part of a charge, then refuses more than is left; refuses an unknown PaymentIntent', async () => {
      const { intent } = await paidSession();
      expect(await stripe.refunds.create({ payment_intent: intent, amount: 20_000 })).toMatchObject({ amount: 20_000 });
      await expect(stripe.refunds.create({ payment_intent: intent, amount: 100_001 })).rejects.toMatchObject({
        statusCode: 400,
        param: 'amount',
        code: 'amount_too_large',
      });
      expect(await stripe.refunds.create({ payment_intent: intent })).toMatchObject({ amount: 100_000 });
      await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({
        statusCode: 400,
        code: 'resource_missing',
        param: 'payment_intent',
      });
      await expect(stripe.refunds.retrieve('re_unknown')).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  describe('the hosted checkout page', () => {
    it('is a German test page with the merchant, the items, the total and a labelled button per outcome', async () => {
      const session = await createSession({
        line_items: [
          {
            price_data: { currency: 'eur', unit_amount: 100_000, product_data: { name: 'Website <Hotel>' } },
            quantity: 1,
          },
          { price_data: { currency: 'eur', unit_amount: 10_000, product_data: { name: 'Wartung' } }, quantity: 2 },
        ],
      });
      const response = await page(session.id);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-/);
      const html = await response.text();
      expect(html).toMatch(/^<!doctype html>\s*<html lang="de">/);
      expect(html).toContain('Testzahlung – es wird kein echtes Geld bewegt');
      expect(html).toContain('<h1>HWDS</h1>');
      expect(html).toContain('Website &lt;Hotel&gt;');
      expect(html).toContain('1.200,00\u00a0€');
      const buttons = [...html.matchAll(/<button type="submit" name="action" value="([^"]+)"[^>]*>([^<]+)<\/button>/g)];
      expect(buttons.map(([, action, label]) => [action, label])).toEqual([
        ['pay', '1.200,00\u00a0€ bezahlen'],
        ['cancel', 'Abbrechen und zurück zum Shop'],
        ['decline', 'Karte wird abgelehnt'],
        ['authenticate', '3-D Secure verlangen'],
        ['delayed-succeeds', 'Verzögert (Lastschrift): später bezahlt'],
        ['delayed-fails', 'Verzögert (Lastschrift): später gescheitert'],
        ['expire', 'Bezahlseite läuft ab'],
      ]);
      expect(html).toContain('<legend>Andere Ergebnisse testen</legend>');
      expect(html).toContain(`<form method="post" action="${session.id}">`);
      // The styles are the sandbox's style sheet, allowed by its hash.
      const styles = readFileSync(
        new URL('../../src/server/payment-sandbox/assets/sandbox.css', import.meta.url),
        'utf8',
      );
      expect(html).toContain(`<style>${styles}</style>`);
      expect(html).not.toMatch(/<script|\ssrc=|https?:\/\/(?!localhost)/);
    });

    it('asks for 3-D Secure: passed, the card pays; failed, the page again with 402 and nothing paid', async () => {
      const session = await createSession();
      const asked = await submit(session.id, 'authenticate');
      expect(asked.status).toBe(200);
      const step = await asked.text();
      expect(step).toContain('<h1>3-D Secure</h1>');
      expect(step).toContain('Ihre Bank bittet Sie, die Zahlung über 1.200,00\u00a0€ an HWDS zu bestätigen.');
      expect(step).toMatch(/value="authentication-passed"[^>]*>Bestätigung erfolgreich</);
      expect(step).toMatch(/value="authentication-failed"[^>]*>Bestätigung fehlgeschlagen</);

      const failed = await submit(session.id, 'authentication-failed');
      expect(failed.status).toBe(402);
      expect(await failed.text()).toContain(
        '<p class="alert" role="alert">Die 3-D-Secure-Bestätigung ist fehlgeschlagen. Es wurde nichts abgebucht.</p>',
      );
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'open',
        payment_status: 'unpaid',
      });

      await submit(session.id, 'authenticate');
      const passed = await submit(session.id, 'authentication-passed');
      expect(passed.status).toBe(303);
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'complete',
        payment_status: 'paid',
      });
    });

    it('runs out on request: expired with its event, never payable, a way back to the shop', async () => {
      const session = await createSession();
      const expired = await submit(session.id, 'expire');
      expect(expired.status).toBe(200);
      const html = await expired.text();
      expect(html).toContain('Bezahlseite abgelaufen');
      expect(html).toContain(`href="${ORIGIN}/cancel?bookingId=7"`);
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'expired', url: null });
      expect((await submit(session.id, 'pay')).status).toBe(409);
      const [event] = await waitFor(() => eventsOf(session.id).length > 0 && eventsOf(session.id));
      expect(event?.event.type).toBe('checkout.session.expired');
    });

    it('pays: 303 to the success URL with the session id, the session complete and paid, one signed event', async () => {
      const session = await createSession();
      const paid = await submit(session.id, 'pay');
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`${ORIGIN}/success?session_id=${session.id}&bookingId=7`);

      const after = await stripe.checkout.sessions.retrieve(session.id);
      expect(after).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
      expect(after.payment_intent).toMatch(/^pi_[A-Za-z0-9]{24}$/);

      const [delivery] = await waitFor(() => eventsOf(session.id).length > 0 && eventsOf(session.id));
      const event = Stripe.webhooks.constructEvent(delivery?.body ?? '', delivery?.signature ?? '', WEBHOOK_SECRET);
      expect(event).toMatchObject({
        object: 'event',
        type: 'checkout.session.completed',
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        api_version: Stripe.API_VERSION,
        data: { object: { id: session.id, status: 'complete', payment_status: 'paid', amount_total: 120_000 } },
      });
      expect(event.id).toMatch(/^evt_/);
      expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    });

    it('declines: the page again with 402 and an alert, nothing paid, still payable', async () => {
      const session = await createSession();
      const declined = await submit(session.id, 'decline');
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain(
        '<p class="alert" role="alert">Ihre Karte wurde abgelehnt. Es wurde nichts abgebucht.</p>',
      );
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
      });
      await sleep(30);
      expect(eventsOf(session.id)).toHaveLength(0);
      expect((await submit(session.id, 'pay')).status).toBe(303);
    });

    it('cancels: 303 to the cancel URL, the session still open', async () => {
      const session = await createSession();
      const canceled = await submit(session.id, 'cancel');
      expect(canceled.status).toBe(303);
      expect(canceled.headers.get('location')).toBe(`${ORIGIN}/cancel?bookingId=7`);
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    });

    it('never takes a second payment: afterwards, or by many at once', async () => {
      const session = await createSession();
      const answers = await Promise.all(Array.from({ length: 5 }, () => submit(session.id, 'pay')));
      expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409, 409, 409, 409]);
      const again = await submit(session.id, 'pay');
      expect(again.status).toBe(409);
      expect(await again.text()).toContain('Zahlung bereits abgeschlossen');
      expect((await page(session.id)).status).toBe(409);
      await waitFor(() => eventsOf(session.id).length > 0);
      await sleep(50);
      expect(eventsOf(session.id).map((delivery) => delivery.event.type)).toEqual(['checkout.session.completed']);
    });

    it('expires a session at expires_at when the clock passes it, with one expired event, never payable', async () => {
      const read = await createSession();
      const paidLate = await createSession();
      await clock.advance(24 * 60 * 60 - 60);
      expect((await stripe.checkout.sessions.retrieve(read.id)).status).toBe('open');
      await clock.advance(61);
      expect(await stripe.checkout.sessions.retrieve(read.id)).toMatchObject({ status: 'expired', url: null });
      const late = await submit(paidLate.id, 'pay');
      expect(late.status).toBe(409);
      expect(await late.text()).toContain('Bezahlseite abgelaufen');
      expect((await page(read.id)).status).toBe(409);
      for (const id of [read.id, paidLate.id]) {
        await waitFor(() => eventsOf(id).length > 0);
      }
      await sleep(50);
      expect(eventsOf(read.id).map((delivery) => delivery.event.type)).toEqual(['checkout.session.expired']);
      expect(eventsOf(paidLate.id).map((delivery) => delivery.event.type)).toEqual(['checkout.session.expired']);
      expect((await stripe.checkout.sessions.retrieve(paidLate.id)).payment_status).toBe('unpaid');
    });

    it('takes the older API’s payment_method_types and no mode; without a success URL it confirms on a page', async () => {
      const body = new URLSearchParams({
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '990',
        'line_items[0][price_data][product_data][name]': 'Flyer',
        'line_items[0][quantity]': '1',
        'payment_method_types[0]': 'card',
      }).toString();
      const created = await json<{ id: string; mode: string; success_url: null; payment_method_types: string[] }>(
        api('POST', '/v1/checkout/sessions', body),
      );
      expect(created).toMatchObject({
        status: 200,
        body: {
          mode: 'payment',
          success_url: null,
          payment_method_types: ['card'],
          allowed_payment_method_types: null,
        },
      });
      const shown = await (await page(created.body.id)).text();
      expect(shown).not.toContain('value="cancel"');
      expect((await submit(created.body.id, 'cancel')).status).toBe(400);
      const paid = await submit(created.body.id, 'pay');
      expect(paid.status).toBe(200);
      expect(await paid.text()).toContain('Zahlung erfolgreich');
    });

    it('answers an unknown session with a German 404 page', async () => {
      const response = await page('cs_test_unknown');
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Bezahlseite nicht gefunden');
    });
  });

  describe('over time, on the sandbox clock', () => {
    const typesOf = (id: string) =>
      deliveries.filter((d) => JSON.stringify(d.event.data.object).includes(id)).map((d) => d.event.type);
    const intentOf = async (id: string) =>
      (await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }))
        .payment_intent as Stripe.PaymentIntent;
    const THREE_DAYS = 3 * 24 * 60 * 60;

    it('a delayed payment (SEPA) completes unpaid, processing, and succeeds three days later with its event', async () => {
      const session = await createSession();
      await setMode(session.id, 'before-redirect');
      expect((await submit(session.id, 'delayed-succeeds')).status).toBe(303);
      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'complete',
        payment_status: 'unpaid',
      });
      const intent = await intentOf(session.id);
      expect(intent).toMatchObject({ object: 'payment_intent', status: 'processing', amount_received: 0 });
      expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'processing' });
      await clock.advance(THREE_DAYS - 60);
      expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
      // The advance answers once the event that fell due has arrived.
      await clock.advance(60);
      expect(typesOf(session.id)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
      expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
      expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
        status: 'succeeded',
        amount_received: 120_000,
      });
    });

    it('a delayed payment that fails: async_payment_failed, the PaymentIntent needs another method; out of order on request', async () => {
      const session = await createSession();
      await setMode(session.id, 'out-of-order');
      await submit(session.id, 'delayed-fails');
      await sleep(50);
      // Held back until the payment's next event.
      expect(typesOf(session.id)).toEqual([]);
      await clock.advance(THREE_DAYS);
      expect(typesOf(session.id)).toEqual(['checkout.session.async_payment_failed', 'checkout.session.completed']);
      expect(await intentOf(session.id)).toMatchObject({
        status: 'requires_payment_method',
        last_payment_error: { code: 'payment_intent_payment_attempt_failed' },
      });
      expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
      await expect(stripe.refunds.create({ payment_intent: (await intentOf(session.id)).id })).rejects.toMatchObject({
        code: 'charge_not_refundable',
      });
    });

    it('a refund a test made pending fails an hour later: refund.updated and refund.failed, the charge refundable again', async () => {
      const session = await createSession();
      await setMode(session.id, 'before-redirect');
      await submit(session.id, 'pay');
      const intent = (await intentOf(session.id)).id;
      expect((await app.request(`${STRIPE}/test/refunds/fail-next`, { method: 'POST' })).status).toBe(200);
      const refund = await stripe.refunds.create({ payment_intent: intent });
      expect(refund.status).toBe('pending');
      expect((await stripe.refunds.list({ payment_intent: intent })).data.map((r) => [r.id, r.status])).toEqual([
        [refund.id, 'pending'],
      ]);
      await clock.advance(60 * 60);
      expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({
        status: 'failed',
        failure_reason: 'expired_or_canceled_card',
      });
      const refundEvents = deliveries.filter((d) => d.event.data.object.id === refund.id).map((d) => d.event.type);
      expect(refundEvents).toEqual(['refund.created', 'refund.updated', 'refund.failed']);
      // The money stayed: the charge can be refunded again, and that refund (delayed) succeeds.
      await app.request(`${STRIPE}/test/refunds/delay-next`, { method: 'POST' });
      const again = await stripe.refunds.create({ payment_intent: intent });
      await clock.advance(60 * 60);
      expect((await stripe.refunds.retrieve(again.id)).status).toBe('succeeded');
      expect((await stripe.refunds.list({ payment_intent: intent })).data.map((r) => r.status)).toEqual([
        'succeeded',
        'failed',
      ]);
    });

    it('a dispute: opened with its events and deadline, refunds refused meanwhile, lost once and final', async () => {
      const session = await createSession();
      await setMode(session.id, 'before-redirect');
      await submit(session.id, 'pay');
      const intent = (await intentOf(session.id)).id;
      const dispute = (control: unknown) =>
        json<{ id: string; status: string; reason: string; evidence_details: { due_by: number } }>(
          app.request(`${STRIPE}/test/sessions/${session.id}/dispute`, {
            method: 'POST',
            body: JSON.stringify(control),
          }),
        );
      const opened = await dispute({ outcome: 'open', reason: 'product_not_received' });
      expect(opened.body).toMatchObject({ status: 'needs_response', reason: 'product_not_received' });
      expect(opened.body.evidence_details.due_by).toBeGreaterThan(clock.now().getTime() / 1000 + 6 * 24 * 3600);
      expect(await stripe.disputes.retrieve(opened.body.id)).toMatchObject({ payment_intent: intent, amount: 120_000 });
      await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({
        code: 'charge_disputed',
      });
      expect((await dispute({ outcome: 'lost' })).body.status).toBe('lost');
      expect((await dispute({ outcome: 'won' })).status).toBe(409);
      const types = deliveries.filter((d) => d.event.data.object.id === opened.body.id).map((d) => d.event.type);
      expect(types).toEqual(['charge.dispute.created', 'charge.dispute.funds_withdrawn', 'charge.dispute.closed']);
      expect((await stripe.disputes.retrieve(opened.body.id)).status).toBe('lost');
      expect((await dispute({ outcome: 'x' })).status).toBe(400);
    });
  });

  describe('webhook delivery', () => {
    it('signs as the stripe package expects, and the package rejects a changed body or another secret', async () => {
      const payload = JSON.stringify({ id: 'evt_test', object: 'event' });
      const timestamp = Math.floor(Date.now() / 1000);
      expect(signStripeEvent(payload, WEBHOOK_SECRET, timestamp)).toBe(
        Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
      );

      const session = await createSession();
      await submit(session.id, 'pay');
      const [delivery] = await waitFor(() => eventsOf(session.id).length > 0 && eventsOf(session.id));
      const { body = '', signature = '' } = delivery ?? {};
      expect(() => Stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET)).not.toThrow();
      expect(() =>
        Stripe.webhooks.constructEvent(body.replace('"paid"', '"unpaid"'), signature, WEBHOOK_SECRET),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);
      expect(() => Stripe.webhooks.constructEvent(body, signature, 'whsec_another_secret')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    });

    it('delivers after the redirect by default: the browser does not wait for the webhook', async () => {
      const session = await createSession();
      webhookAnswer = async () => {
        await sleep(100);
        return 200;
      };
      try {
        expect((await submit(session.id, 'pay')).status).toBe(303);
        // Not even started when the browser has its redirect.
        expect(eventsOf(session.id)).toHaveLength(0);
        await waitFor(() => eventsOf(session.id).length === 1);
      } finally {
        webhookAnswer = () => 200;
      }
    });

    it('mode before-redirect: delivered before the 303 is answered', async () => {
      const session = await createSession();
      expect((await setMode(session.id, 'before-redirect')).status).toBe(200);
      webhookAnswer = async () => {
        await sleep(50);
        return 200;
      };
      try {
        expect((await submit(session.id, 'pay')).status).toBe(303);
        expect(eventsOf(session.id)).toHaveLength(1);
      } finally {
        webhookAnswer = () => 200;
      }
    });

    it('mode twice: the same event, with the same id, delivered two times', async () => {
      const session = await createSession();
      await setMode(session.id, 'twice');
      await submit(session.id, 'pay');
      const [first, second] = await waitFor(() => eventsOf(session.id).length === 2 && eventsOf(session.id));
      expect(second?.event.id).toBe(first?.event.id);
      expect(second?.body).toBe(first?.body);
    });

    it('mode late: delivered well after the redirect; mode never: not delivered', async () => {
      const late = await createSession();
      const never = await createSession();
      await setMode(late.id, 'late');
      await setMode(never.id, 'never');
      await submit(late.id, 'pay');
      await submit(never.id, 'pay');
      await sleep(150);
      expect(eventsOf(late.id)).toHaveLength(0);
      await waitFor(() => eventsOf(late.id).length === 1);
      expect(eventsOf(never.id)).toHaveLength(0);
      expect((await stripe.checkout.sessions.retrieve(never.id)).status).toBe('complete');
    });

    it('applies the mode to the expired event too', async () => {
      const session = await createSession();
      await setMode(session.id, 'before-redirect');
      await stripe.checkout.sessions.expire(session.id);
      expect(eventsOf(session.id).map((delivery) => delivery.event.type)).toEqual(['checkout.session.expired']);
    });

    it('retries a refused or failed delivery with the same event id, then gives up and logs it', async () => {
      const session = await createSession();
      let attempts = 0;
      webhookAnswer = () => {
        attempts += 1;
        if (attempts === 1) return 500;
        if (attempts === 2) throw new Error('connection refused');
        return 200;
      };
      try {
        await submit(session.id, 'pay');
        const tries = await waitFor(() => eventsOf(session.id).length === 3 && eventsOf(session.id));
        expect(new Set(tries.map((delivery) => delivery.event.id)).size).toBe(1);
        expect(tries.every((delivery) => delivery.verified)).toBe(true);
        await sleep(100);
        expect(eventsOf(session.id)).toHaveLength(3);

        const hopeless = await createSession();
        const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
        webhookAnswer = () => 503;
        try {
          await submit(hopeless.id, 'pay');
          await waitFor(() => logged.mock.calls.length > 0);
          expect(eventsOf(hopeless.id)).toHaveLength(4);
          expect(String(logged.mock.calls[0]?.[0])).toContain('not delivered');
        } finally {
          logged.mockRestore();
        }
      } finally {
        webhookAnswer = () => 200;
      }
    });

    it('serves the test controls only when they are on', async () => {
      const session = await createSession();
      expect((await app.request(`${STRIPE_PLAIN}/test/fail-next`, { method: 'POST', body: '{}' })).status).toBe(404);
      expect(
        (
          await app.request(`${STRIPE_PLAIN}/test/sessions/${session.id}/webhook`, {
            method: 'POST',
            body: '{"mode":"never"}',
          })
        ).status,
      ).toBe(404);
      expect((await setMode(session.id, 'sometimes')).status).toBe(400);
      expect((await setMode('cs_test_unknown', 'never')).status).toBe(404);
      expect((await failNext(200)).status).toBe(400);
    });

    it('every event the emulator delivered was accepted by stripe.webhooks.constructEvent', () => {
      expect(deliveries.length).toBeGreaterThan(10);
      expect(deliveries.filter((delivery) => !delivery.verified)).toEqual([]);
    });
  });
});

describe('PayPal emulator', () => {
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const requestToken = (authorization: string, body = 'grant_type=client_credentials') =>
    app.request(`${PAYPAL}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
  let token = '';

  /** The REST API as the shop's client calls it: asking for whole resources, unless a test's headers say otherwise. */
  const paypal = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    app.request(`${PAYPAL}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  interface Order {
    id: string;
    status: string;
    payer?: { name: { given_name: string; surname: string }; payer_id: string };
    links: { rel: string; href: string; method: string }[];
    purchase_units: {
      amount: { currency_code: string; value: string };
      custom_id?: string;
      payments?: { captures: { id: string; status: string; amount: { currency_code: string; value: string } }[] };
    }[];
  }
  interface PayPalErrorAnswer {
    name: string;
    message: string;
    debug_id: string;
    details?: { field?: string; issue: string; description: string }[];
    links: unknown[];
  }

  const orderBody = (value = '1200.00', extra: Record<string, unknown> = {}) => ({
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: 'booking-7', custom_id: '7', amount: { currency_code: 'EUR', value } }],
    ...extra,
  });
  const createOrder = async (value?: string, extra?: Record<string, unknown>) =>
    (await json<Order>(paypal('POST', '/v2/checkout/orders', { body: orderBody(value, extra) }))).body;
  const approve = (id: string, body: unknown = {}) =>
    json<Order>(
      app.request(`${PAYPAL}/v2/checkout/orders/${id}/approve`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const capture = (id: string, headers: Record<string, string> = {}) =>
    json<Order & PayPalErrorAnswer>(paypal('POST', `/v2/checkout/orders/${id}/capture`, { body: {}, headers }));
  /** An order the buyer approved with the outcome chosen in the sandbox window. */
  const createApproved = async (outcome = 'completed') => {
    const order = await createOrder();
    expect((await approve(order.id, { outcome })).status).toBe(200);
    return order;
  };
  const captureOf = (order: Order) => order.purchase_units[0]?.payments?.captures[0];

  beforeAll(async () => {
    token = (await json<{ access_token: string }>(requestToken(basic(CLIENT_ID, CLIENT_SECRET)))).body.access_token;
  });

  it('issues an access token for the right credentials only', async () => {
    const issued = await json(requestToken(basic(CLIENT_ID, CLIENT_SECRET)));
    expect(issued).toMatchObject({
      status: 200,
      body: {
        access_token: expect.stringMatching(/^A21AA/),
        token_type: 'Bearer',
        app_id: expect.stringMatching(/^APP-/),
        expires_in: 32_400,
        scope: expect.stringContaining('https://uri.paypal.com/services/payments/payment'),
        nonce: expect.any(String),
      },
    });
    expect(await json(requestToken(basic(CLIENT_ID, 'wrong')))).toEqual({
      status: 401,
      headers: expect.anything(),
      body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
    });
    expect((await requestToken('Bearer nothing')).status).toBe(401);
    expect((await requestToken(basic(CLIENT_ID, CLIENT_SECRET), 'grant_type=password')).status).toBe(400);
  });

  it('refuses the Orders API without a valid token, in PayPal’s error shape', async () => {
    for (const authorization of [undefined, 'Bearer A21AAnot-a-token', basic(CLIENT_ID, CLIENT_SECRET)]) {
      const refused = await json<PayPalErrorAnswer>(
        app.request(`${PAYPAL}/v2/checkout/orders`, {
          method: 'POST',
          headers: authorization ? { Authorization: authorization } : {},
          body: JSON.stringify(orderBody()),
        }),
      );
      expect(refused).toMatchObject({
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message: expect.any(String),
          debug_id: expect.stringMatching(/^[0-9a-f]{13}$/),
          links: expect.any(Array),
        },
      });
    }
  });

  it('creates an order in PayPal’s shape: by default the minimal answer, the whole order on request', async () => {
    // No preference: PayPal's default, the minimal answer.
    const minimal = await json<Order>(
      app.request(`${PAYPAL}/v2/checkout/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(orderBody()),
      }),
    );
    expect(minimal.status).toBe(201);
    expect(Object.keys(minimal.body).sort()).toEqual(['id', 'links', 'status']);
    expect(minimal.body.status).toBe('CREATED');

    const created = await json<Order & { intent: string; create_time: string }>(
      paypal('POST', '/v2/checkout/orders', { body: orderBody() }),
    );
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(order).toMatchObject({
      status: 'CREATED',
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: 'booking-7', custom_id: '7', amount: { currency_code: 'EUR', value: '1200.00' } },
      ],
      create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(order.links).toEqual(
      expect.arrayContaining([
        { rel: 'self', method: 'GET', href: `${ORIGIN}${PAYPAL}/v2/checkout/orders/${order.id}` },
        { rel: 'approve', method: 'GET', href: `${ORIGIN}${PAYPAL}/checkout/${order.id}` },
        { rel: 'capture', method: 'POST', href: `${ORIGIN}${PAYPAL}/v2/checkout/orders/${order.id}/capture` },
      ]),
    );
    expect((await json(paypal('GET', `/v2/checkout/orders/${order.id}`))).body).toEqual(order);

    expect(await json<PayPalErrorAnswer>(paypal('GET', '/v2/checkout/orders/NOSUCHORDER0000000'))).toMatchObject({
      status: 404,
      body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
    });
  });

  it('refuses a malformed order with 400 and a rule it breaks with 422, naming each field and issue', async () => {
    const issues = async (body: unknown, status: 400 | 422) => {
      const answer = await json<PayPalErrorAnswer>(paypal('POST', '/v2/checkout/orders', { body }));
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({
        name: status === 400 ? 'INVALID_REQUEST' : 'UNPROCESSABLE_ENTITY',
        debug_id: expect.any(String),
      });
      return answer.body.details?.map((detail) => [detail.field, detail.issue]);
    };
    const amount = '/purchase_units/0/amount/value';
    expect(await issues(orderBody('1200.001'), 422)).toEqual([[amount, 'DECIMAL_PRECISION']]);
    expect(await issues(orderBody('0.00'), 422)).toEqual([[amount, 'CANNOT_BE_ZERO_OR_NEGATIVE']]);
    expect(await issues(orderBody('-5'), 422)).toEqual([[amount, 'CANNOT_BE_ZERO_OR_NEGATIVE']]);
    expect(await issues(orderBody('zwölf'), 400)).toEqual([[amount, 'INVALID_PARAMETER_SYNTAX']]);
    expect(
      await issues({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'eur', value: '1.00' } }] }, 422),
    ).toEqual([['/purchase_units/0/amount/currency_code', 'INVALID_CURRENCY_CODE']]);
    expect(await issues({ intent: 'CAPTURE', purchase_units: [{}] }, 400)).toEqual([
      ['/purchase_units/0/amount', 'MISSING_REQUIRED_PARAMETER'],
    ]);
    expect(await issues({ ...orderBody(), intent: 'AUTHORIZE' }, 422)).toEqual([['/intent', 'UNSUPPORTED_INTENT']]);
    // custom_id: at most 127 characters, as the specification says.
    const withCustomId = (customId: string) => ({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: customId, amount: { currency_code: 'EUR', value: '1.00' } }],
    });
    expect((await json(paypal('POST', '/v2/checkout/orders', { body: withCustomId('H'.repeat(127)) }))).status).toBe(
      201,
    );
    expect(await issues(withCustomId('H'.repeat(128)), 400)).toEqual([
      ['/purchase_units/0/custom_id', 'INVALID_STRING_LENGTH'],
    ]);
    const malformed = await json<PayPalErrorAnswer>(
      app.request(`${PAYPAL}/v2/checkout/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{"intent":',
      }),
    );
    expect(malformed).toMatchObject({ status: 400, body: { details: [{ issue: 'MALFORMED_REQUEST_JSON' }] } });
  });

  it('captures an approved order once: before approval 422, after the capture 422 ORDER_ALREADY_CAPTURED', async () => {
    const order = await createOrder();
    expect(await capture(order.id)).toMatchObject({
      status: 422,
      body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
    });

    const approved = await approve(order.id);
    expect(approved).toMatchObject({
      status: 200,
      body: { status: 'APPROVED', payer: { name: { given_name: 'Erika', surname: 'Mustermann' } } },
    });
    expect((await approve(order.id)).status).toBe(422);

    const captured = await capture(order.id);
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      id: order.id,
      status: 'COMPLETED',
      payer: { payer_id: approved.body.payer?.payer_id },
      payment_source: { paypal: { name: { given_name: 'Erika' } } },
      purchase_units: [
        {
          payments: {
            captures: [
              {
                id: expect.stringMatching(/^[A-Z0-9]{17}$/),
                status: 'COMPLETED',
                amount: { currency_code: 'EUR', value: '1200.00' },
                final_capture: true,
                custom_id: '7',
                create_time: expect.any(String),
              },
            ],
          },
        },
      ],
    });
    expect(await capture(order.id)).toMatchObject({
      status: 422,
      body: {
        name: 'UNPROCESSABLE_ENTITY',
        debug_id: expect.any(String),
        details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: expect.stringContaining('already captured') }],
      },
    });
    const minimal = await capture((await createApproved()).id, { Prefer: 'return=minimal' });
    expect(Object.keys(minimal.body).sort()).toEqual(['id', 'links', 'status']);
  });

  it('takes the payer’s name from the approval', async () => {
    const order = await createOrder();
    expect((await approve(order.id, { payerName: 'Hans-Peter Müller' })).body.payer?.name).toEqual({
      given_name: 'Hans-Peter',
      surname: 'Müller',
    });
    expect((await approve('NOSUCHORDER000000')).status).toBe(404);
  });

  it('answers a repeated PayPal-Request-Id with the stored capture (200), without capturing again', async () => {
    const order = await createApproved();
    const requestId = `capture-${order.id}`;
    const first = await capture(order.id, { 'PayPal-Request-Id': requestId });
    const again = await capture(order.id, { 'PayPal-Request-Id': requestId });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect((await capture(order.id, { 'PayPal-Request-Id': `${requestId}-other` })).body.details?.[0]?.issue).toBe(
      'ORDER_ALREADY_CAPTURED',
    );

    const ordersBefore = await countOf('paypal.order');
    // The same request id on another call (creating an order) is a request of its own.
    const createOnce = () =>
      json<Order>(
        paypal('POST', '/v2/checkout/orders', { body: orderBody(), headers: { 'PayPal-Request-Id': requestId } }),
      );
    const created = [await createOnce(), await createOnce()];
    expect(created.map((answer) => answer.status)).toEqual([201, 200]);
    expect(created.map((answer) => answer.body.id)).toEqual([created[0]?.body.id, created[0]?.body.id]);
    expect(await countOf('paypal.order')).toBe(ordersBefore + 1);
    // PayPal keeps the first answer whatever a repetition's body says.
    const otherAmount = await json<Order>(
      paypal('POST', '/v2/checkout/orders', { body: orderBody('1.00'), headers: { 'PayPal-Request-Id': requestId } }),
    );
    expect(otherAmount.body.purchase_units[0]?.amount.value).toBe('1200.00');
  });

  it('lets exactly one of 20 concurrent captures succeed', async () => {
    const order = await createApproved();
    const answers = await Promise.all(Array.from({ length: 20 }, () => capture(order.id)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 422);
    expect(refused).toHaveLength(19);
    expect(refused.every((answer) => answer.body.details?.[0]?.issue === 'ORDER_ALREADY_CAPTURED')).toBe(true);
  });

  describe('the outcomes a buyer can choose', () => {
    const eventsAbout = (id: string) =>
      paypalDeliveries.filter((delivery) => JSON.stringify(delivery.event.resource).includes(id));
    const settle = (id: string, status?: string) =>
      app.request(`${PAYPAL}/test/orders/${id}/settle`, { method: 'POST', body: JSON.stringify({ status }) });

    it('instrument declined: 422 INSTRUMENT_DECLINED, the order stays APPROVED until another source is approved', async () => {
      const order = await createApproved('instrument-declined');
      const declined = await capture(order.id);
      expect(declined).toMatchObject({
        status: 422,
        body: {
          name: 'UNPROCESSABLE_ENTITY',
          details: [
            { issue: 'INSTRUMENT_DECLINED', description: expect.stringContaining('declined by the processor') },
          ],
        },
      });
      expect((await json<Order>(paypal('GET', `/v2/checkout/orders/${order.id}`))).body.status).toBe('APPROVED');
      expect((await capture(order.id)).body.details?.[0]?.issue).toBe('INSTRUMENT_DECLINED');
      // The buyer chooses another funding source: the order is approved again, and captures.
      expect((await approve(order.id, { outcome: 'completed' })).body.status).toBe('APPROVED');
      const captured = await capture(order.id);
      expect(captured).toMatchObject({ status: 201, body: { status: 'COMPLETED' } });
      expect(captureOf(captured.body)?.status).toBe('COMPLETED');
    });

    it('pending, then completed: PENDING_REVIEW until it settles, then COMPLETED with PAYMENT.CAPTURE.COMPLETED', async () => {
      const order = await createApproved('pending-then-completed');
      const captured = await capture(order.id);
      expect(captured.body.status).toBe('COMPLETED');
      const pending = captureOf(captured.body);
      expect(pending).toMatchObject({ status: 'PENDING', status_details: { reason: 'PENDING_REVIEW' } });
      await sleep(50);
      expect(eventsAbout(pending?.id ?? '-')).toEqual([]);
      expect((await json(settle(order.id))).status).toBe(200);
      const read = (await json<Order>(paypal('GET', `/v2/checkout/orders/${order.id}`))).body;
      expect(captureOf(read)).toMatchObject({ id: pending?.id, status: 'COMPLETED' });
      expect(captureOf(read)).not.toHaveProperty('status_details');
      const [event] = await waitFor(
        () => eventsAbout(pending?.id ?? '-').length > 0 && eventsAbout(pending?.id ?? '-'),
      );
      expect(event?.event).toMatchObject({
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource: { id: pending?.id, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: order.id } } },
      });
    });

    it('pending and held by a test: stays PENDING when read after its time, until the test settles it', async () => {
      const order = await createApproved('pending-then-completed');
      await capture(order.id);
      expect((await app.request(`${PAYPAL}/test/orders/${order.id}/hold`, { method: 'POST' })).status).toBe(200);
      await sleep(250);
      expect(captureOf((await json<Order>(paypal('GET', `/v2/checkout/orders/${order.id}`))).body)?.status).toBe(
        'PENDING',
      );
      await settle(order.id, 'COMPLETED');
      expect(captureOf((await json<Order>(paypal('GET', `/v2/checkout/orders/${order.id}`))).body)?.status).toBe(
        'COMPLETED',
      );
      const done = await createApproved();
      await capture(done.id);
      expect((await app.request(`${PAYPAL}/test/orders/${done.id}/hold`, { method: 'POST' })).status).toBe(400);
    });

    it('pending, then denied: DECLINED with PAYMENT.CAPTURE.DENIED, settled when read after its time', async () => {
      const order = await createApproved('pending-then-denied');
      const pending = captureOf((await capture(order.id)).body);
      expect(pending?.status).toBe('PENDING');
      expect(captureOf((await json<Order>(paypal('GET', `/v2/checkout/orders/${order.id}`))).body)?.status).toBe(
        'PENDING',
      );
      await sleep(250); // the emulator's pending time in this suite
      const capture2 = await json<{ status: string }>(paypal('GET', `/v2/payments/captures/${pending?.id}`));
      expect(capture2.body.status).toBe('DECLINED');
      const [event] = await waitFor(
        () => eventsAbout(pending?.id ?? '-').length > 0 && eventsAbout(pending?.id ?? '-'),
      );
      expect(event?.event.event_type).toBe('PAYMENT.CAPTURE.DENIED');
      expect((await settle(order.id)).status).toBe(200);
      await sleep(50);
      expect(eventsAbout(pending?.id ?? '-')).toHaveLength(1);
    });

    it('serves the capture with its order, and keeps its events back when a test says so', async () => {
      const order = await createApproved();
      await app.request(`${PAYPAL}/test/orders/${order.id}/webhook`, { method: 'POST', body: '{"mode":"never"}' });
      const captured = captureOf((await capture(order.id)).body);
      const read = await json(paypal('GET', `/v2/payments/captures/${captured?.id}`));
      expect(read).toMatchObject({
        status: 200,
        body: {
          id: captured?.id,
          status: 'COMPLETED',
          amount: { currency_code: 'EUR', value: '1200.00' },
          supplementary_data: { related_ids: { order_id: order.id } },
          payee: { merchant_id: expect.any(String) },
        },
      });
      await sleep(50);
      expect(eventsAbout(captured?.id ?? '-')).toEqual([]);
      expect((await json(paypal('GET', '/v2/payments/captures/NOSUCHCAPTURE0000'))).status).toBe(404);
    });

    it('takes a test’s amount for the capture, and serves its controls only when they are on', async () => {
      const order = await createApproved();
      const setAmount = (id: string, body: unknown) =>
        app.request(`${PAYPAL}/test/orders/${id}/capture-amount`, { method: 'POST', body: JSON.stringify(body) });
      expect((await setAmount(order.id, { value: '1.00', currency_code: 'USD' })).status).toBe(200);
      expect(captureOf((await capture(order.id)).body)?.amount).toEqual({ currency_code: 'USD', value: '1.00' });
      expect((await setAmount(order.id, { value: 'viel' })).status).toBe(400);
      expect((await setAmount('NOSUCHORDER000000', {})).status).toBe(404);
      for (const control of ['capture-amount', 'webhook', 'settle', 'hold']) {
        const plain = await app.request(`${PAYPAL_PLAIN}/test/orders/${order.id}/${control}`, {
          method: 'POST',
          body: '{}',
        });
        expect(plain.status).toBe(404);
      }
      expect((await app.request(`${PAYPAL_PLAIN}/test/fail-next`, { method: 'POST', body: '{}' })).status).toBe(404);
    });
  });

  describe('refunds', () => {
    const refund = (captureId: string, body: unknown = {}, headers: Record<string, string> = {}) =>
      json<
        {
          id: string;
          status: string;
          amount: { value: string };
          links: { rel: string; href: string }[];
        } & PayPalErrorAnswer
      >(paypal('POST', `/v2/payments/captures/${captureId}/refund`, { body, headers }));
    const capturedOrder = async (outcome = 'completed') => {
      const order = await createApproved(outcome);
      return (await capture(order.id)).body.purchase_units[0]?.payments?.captures[0]?.id ?? '';
    };

    it('refunds a capture in full (201), marks it REFUNDED and sends PAYMENT.CAPTURE.REFUNDED', async () => {
      const captureId = await capturedOrder();
      const made = await refund(captureId, { note_to_payer: 'Erstattung Ihrer Bestellung' });
      expect(made).toMatchObject({
        status: 201,
        body: {
          id: expect.stringMatching(/^[A-Z0-9]{17}$/),
          status: 'COMPLETED',
          amount: { currency_code: 'EUR', value: '1200.00' },
          note_to_payer: 'Erstattung Ihrer Bestellung',
        },
      });
      expect(made.body.links).toEqual(
        expect.arrayContaining([
          { rel: 'up', method: 'GET', href: `${ORIGIN}${PAYPAL}/v2/payments/captures/${captureId}` },
        ]),
      );
      expect((await json<{ status: string }>(paypal('GET', `/v2/payments/captures/${captureId}`))).body.status).toBe(
        'REFUNDED',
      );
      expect((await json(paypal('GET', `/v2/payments/refunds/${made.body.id}`))).body).toEqual(made.body);
      const [event] = await waitFor(
        () =>
          paypalDeliveries.filter(
            (d) => d.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && d.event.resource.id === made.body.id,
          ).length > 0 && paypalDeliveries.filter((d) => d.event.resource.id === made.body.id),
      );
      expect(event?.event).toMatchObject({
        resource_type: 'refund',
        resource: { id: made.body.id, status: 'COMPLETED' },
      });
      expect(await refund(captureId)).toMatchObject({
        status: 422,
        body: { details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] },
      });
      const minimal = await refund(await capturedOrder(), {}, { Prefer: 'return=minimal' });
      expect(Object.keys(minimal.body).sort()).toEqual(['id', 'links', 'status']);
    });

    it('refunds once under one PayPal-Request-Id; refuses more than was captured and a pending capture', async () => {
      const captureId = await capturedOrder();
      const requestId = `refund-${captureId}`;
      const [first, second] = await Promise.all([
        refund(captureId, {}, { 'PayPal-Request-Id': requestId }),
        refund(captureId, {}, { 'PayPal-Request-Id': requestId }),
      ]);
      const answered = [first, second].filter((answer) => answer.status === 201);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      expect(new Set(answered.map((answer) => answer.body.id)).size).toBe(1);
      const again = await refund(captureId, {}, { 'PayPal-Request-Id': requestId });
      expect(again.body.id).toBe(answered[0]?.body.id);

      const partly = await capturedOrder();
      expect((await refund(partly, { amount: { currency_code: 'EUR', value: '200.00' } })).status).toBe(201);
      expect((await json<{ status: string }>(paypal('GET', `/v2/payments/captures/${partly}`))).body.status).toBe(
        'PARTIALLY_REFUNDED',
      );
      expect(await refund(partly, { amount: { currency_code: 'EUR', value: '1000.01' } })).toMatchObject({
        status: 422,
        body: { details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] },
      });
      expect(await refund(await capturedOrder('pending-then-completed'))).toMatchObject({
        status: 422,
        body: { details: [{ issue: 'PENDING_CAPTURE' }] },
      });
      expect((await refund('NOSUCHCAPTURE0000')).status).toBe(404);
    });
  });

  describe('webhook verification', () => {
    const verify = (delivery: PayPalDelivery, overrides: Record<string, unknown> = {}) =>
      json<{ verification_status: string }>(
        paypal('POST', '/v1/notifications/verify-webhook-signature', {
          body: {
            auth_algo: delivery.headers['PAYPAL-AUTH-ALGO'],
            cert_url: delivery.headers['PAYPAL-CERT-URL'],
            transmission_id: delivery.headers['PAYPAL-TRANSMISSION-ID'],
            transmission_sig: delivery.headers['PAYPAL-TRANSMISSION-SIG'],
            transmission_time: delivery.headers['PAYPAL-TRANSMISSION-TIME'],
            webhook_id: PAYPAL_WEBHOOK_ID,
            webhook_event: delivery.event,
            ...overrides,
          },
        }),
      );

    it('sends PayPal’s transmission headers, and verifies exactly what it sent with the webhook’s id', async () => {
      const order = await createApproved();
      await capture(order.id);
      const captured = (d: PayPalDelivery) =>
        d.event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && JSON.stringify(d.event).includes(order.id);
      const [delivery] = await waitFor(() => paypalDeliveries.some(captured) && paypalDeliveries.filter(captured));
      if (!delivery) throw new Error('no delivery');
      expect(delivery.headers).toMatchObject({
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': expect.stringMatching(/^http/),
        'PAYPAL-TRANSMISSION-ID': expect.stringMatching(/^[0-9a-f-]{36}$/),
        'PAYPAL-TRANSMISSION-TIME': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        'PAYPAL-TRANSMISSION-SIG': expect.any(String),
      });
      expect(delivery.event).toMatchObject({
        id: expect.stringMatching(/^WH-/),
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
      });
      expect(await verify(delivery)).toMatchObject({ status: 200, body: { verification_status: 'SUCCESS' } });
      const changed = { ...delivery.event, resource: { ...delivery.event.resource, status: 'DECLINED' } };
      expect((await verify(delivery, { webhook_event: changed })).body.verification_status).toBe('FAILURE');
      expect((await verify(delivery, { webhook_id: 'ANOTHERWEBHOOK000' })).body.verification_status).toBe('FAILURE');
      expect((await verify(delivery, { transmission_id: 'another' })).body.verification_status).toBe('FAILURE');
      expect((await verify(delivery, { webhook_id: undefined })).status).toBe(400);
    });

    it('every transmission the emulator sent verifies', async () => {
      expect(paypalDeliveries.length).toBeGreaterThan(3);
      const verdicts = await Promise.all(paypalDeliveries.map((delivery) => verify(delivery)));
      expect(verdicts.every((verdict) => verdict.body.verification_status === 'SUCCESS')).toBe(true);
    });
  });

  describe('over time, on the sandbox clock', () => {
    const THREE_HOURS = 3 * 60 * 60;
    const eventTypes = (id: string) =>
      paypalDeliveries.filter((d) => JSON.stringify(d.event.resource).includes(id)).map((d) => d.event.event_type);
    const freshToken = async () => {
      token = (await json<{ access_token: string }>(requestToken(basic(CLIENT_ID, CLIENT_SECRET)))).body.access_token;
    };

    it('approval tells the shop (CHECKOUT.ORDER.APPROVED) and leaves update_time unset', async () => {
      const order = await createApproved();
      await waitFor(() => eventTypes(order.id).includes('CHECKOUT.ORDER.APPROVED'));
      const read = await json<Order & { update_time?: string }>(paypal('GET', `/v2/checkout/orders/${order.id}`));
      expect(read.body).toMatchObject({ status: 'APPROVED' });
      expect(read.body.update_time).toBeUndefined();
    });

    it('an order not completed within three hours is gone (404 INVALID_RESOURCE_ID); a completed one stays', async () => {
      const created = await createOrder();
      const approvedOnly = await createApproved();
      const done = await createApproved();
      await capture(done.id);
      await clock.advance(THREE_HOURS - 60);
      expect((await json<Order>(paypal('GET', `/v2/checkout/orders/${created.id}`))).body.status).toBe('CREATED');
      await clock.advance(60);
      await freshToken();
      for (const id of [created.id, approvedOnly.id]) {
        const gone = await json<PayPalErrorAnswer>(paypal('GET', `/v2/checkout/orders/${id}`));
        expect(gone).toMatchObject({ status: 404, body: { details: [{ issue: 'INVALID_RESOURCE_ID' }] } });
      }
      expect((await capture(approvedOnly.id)).status).toBe(404);
      expect((await app.request(`${PAYPAL}/checkout/${created.id}`)).status).toBe(404);
      expect((await approve(created.id)).status).toBe(404);
      expect((await json<Order>(paypal('GET', `/v2/checkout/orders/${done.id}`))).body.status).toBe('COMPLETED');
    });

    it('a refund a test made pending fails an hour later: FAILED, no event, the capture refundable again', async () => {
      const order = await createApproved();
      const captureId = captureOf((await capture(order.id)).body)?.id ?? '';
      await app.request(`${PAYPAL}/test/refunds/fail-next`, { method: 'POST' });
      const pending = await json<{ id: string; status: string }>(
        paypal('POST', `/v2/payments/captures/${captureId}/refund`, { body: {} }),
      );
      expect(pending).toMatchObject({ status: 201, body: { status: 'PENDING' } });
      await clock.advance(60 * 60);
      await freshToken();
      expect((await json(paypal('GET', `/v2/payments/refunds/${pending.body.id}`))).body.status).toBe('FAILED');
      expect((await json(paypal('GET', `/v2/payments/captures/${captureId}`))).body.status).toBe('COMPLETED');
      expect(eventTypes(pending.body.id)).toEqual([]);
      await app.request(`${PAYPAL}/test/refunds/delay-next`, { method: 'POST' });
      const later = await json<{ id: string; status: string }>(
        paypal('POST', `/v2/payments/captures/${captureId}/refund`, { body: {} }),
      );
      expect(later.body.status).toBe('PENDING');
      await clock.advance(60 * 60);
      await freshToken();
      expect((await json(paypal('GET', `/v2/payments/refunds/${later.body.id}`))).body.status).toBe('COMPLETED');
      expect((await json(paypal('GET', `/v2/payments/captures/${captureId}`))).body.status).toBe('REFUNDED');
      expect(eventTypes(later.body.id)).toEqual(['PAYMENT.CAPTURE.REFUNDED']);
    });

    it('a dispute lost: CREATED, RESOLVED for the buyer and the capture REVERSED; the dispute as the Disputes API shows it', async () => {
      const order = await createApproved();
      const captureId = captureOf((await capture(order.id)).body)?.id ?? '';
      const dispute = (control: unknown) =>
        json<{ dispute_id: string; status: string; seller_response_due_date?: string }>(
          app.request(`${PAYPAL}/test/orders/${order.id}/dispute`, { method: 'POST', body: JSON.stringify(control) }),
        );
      const opened = await dispute({ outcome: 'open' });
      expect(opened.body).toMatchObject({
        status: 'WAITING_FOR_SELLER_RESPONSE',
        seller_response_due_date: expect.any(String),
      });
      expect((await dispute({ outcome: 'lost' })).body.status).toBe('RESOLVED');
      expect((await dispute({ outcome: 'won' })).status).toBe(400);
      const read = await json(paypal('GET', `/v1/customer/disputes/${opened.body.dispute_id}`));
      expect(read.body).toMatchObject({
        reason: 'UNAUTHORISED',
        dispute_outcome: { outcome_code: 'RESOLVED_BUYER_FAVOUR' },
        disputed_transactions: [{ seller_transaction_id: captureId }],
      });
      expect(await json(paypal('GET', `/v2/payments/captures/${captureId}`))).toMatchObject({
        body: { status: 'REFUNDED', status_details: { reason: 'CHARGEBACK' } },
      });
      await waitFor(() => eventTypes(captureId).includes('PAYMENT.CAPTURE.REVERSED'));
      expect(eventTypes(captureId)).toEqual(
        expect.arrayContaining(['CUSTOMER.DISPUTE.CREATED', 'CUSTOMER.DISPUTE.RESOLVED', 'PAYMENT.CAPTURE.REVERSED']),
      );
    });

    it('sends an order’s events twice, or out of order, when a test says so', async () => {
      const twice = await createOrder();
      await app.request(`${PAYPAL}/test/orders/${twice.id}/webhook`, { method: 'POST', body: '{"mode":"twice"}' });
      await approve(twice.id, { outcome: 'completed' });
      await waitFor(() => eventTypes(twice.id).length === 2);
      const sameId = paypalDeliveries.filter((d) => JSON.stringify(d.event.resource).includes(twice.id));
      expect(sameId[1]?.event.id).toBe(sameId[0]?.event.id);
      const reordered = await createOrder();
      await app.request(`${PAYPAL}/test/orders/${reordered.id}/webhook`, {
        method: 'POST',
        body: '{"mode":"out-of-order"}',
      });
      await approve(reordered.id, { outcome: 'completed' });
      await sleep(50);
      expect(eventTypes(reordered.id)).toEqual([]);
      await capture(reordered.id);
      await waitFor(() => eventTypes(reordered.id).length === 2);
      expect(eventTypes(reordered.id)).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'CHECKOUT.ORDER.APPROVED']);
    });
  });

  it('fails the next request after doing its work; the retry with its request id gets the capture', async () => {
    const order = await createApproved();
    await app.request(`${PAYPAL}/test/fail-next`, { method: 'POST', body: JSON.stringify({ status: 500 }) });
    const requestId = `retry-${order.id}`;
    const failed = await capture(order.id, { 'PayPal-Request-Id': requestId });
    expect(failed).toMatchObject({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } });
    const retried = await capture(order.id, { 'PayPal-Request-Id': requestId });
    expect(retried).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
    expect((await json<Order>(paypal('GET', `/v2/checkout/orders/${order.id}`))).body.status).toBe('COMPLETED');
  });

  it('serves a German approval page with a button per outcome, which returns the buyer to the shop', async () => {
    const order = await createOrder('49.90', {
      payment_source: {
        paypal: { experience_context: { return_url: `${ORIGIN}/paypal/zurueck`, cancel_url: `${ORIGIN}/cancel` } },
      },
    });
    const shown = await app.request(`${PAYPAL}/checkout/${order.id}`);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('lang="de"');
    expect(html).toContain('Testzahlung – es wird kein echtes Geld bewegt');
    expect(html).toContain('49,90\u00a0€');
    const buttons = [
      ...html.matchAll(/<button type="submit" name="(outcome|action)" value="([^"]+)"[^>]*>([^<]+)<\/button>/g),
    ];
    expect(buttons.map(([, name, value, label]) => [name, value, label])).toEqual([
      ['outcome', 'completed', 'Zahlung genehmigen'],
      ['action', 'cancel', 'Abbrechen'],
      ['outcome', 'pending-then-completed', 'Genehmigen: Zahlung ausstehend, dann abgeschlossen'],
      ['outcome', 'pending-then-denied', 'Genehmigen: Zahlung ausstehend, dann abgelehnt'],
      ['outcome', 'instrument-declined', 'Genehmigen: Zahlungsquelle wird abgelehnt'],
    ]);

    const post = (id: string, body: string) =>
      app.request(`${PAYPAL}/checkout/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
    const canceled = await post(order.id, 'action=cancel');
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${ORIGIN}/cancel?token=${order.id}`);
    const approved = await post(order.id, 'outcome=pending-then-completed');
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toMatch(
      new RegExp(`^${ORIGIN}/paypal/zurueck\\?token=${order.id}&PayerID=[A-Z0-9]{13}$`),
    );
    expect((await app.request(`${PAYPAL}/checkout/${order.id}`)).status).toBe(409);
    expect(captureOf((await capture(order.id)).body)?.status).toBe('PENDING');
  });

  describe('the v6 SDK stand-in', () => {
    const scriptUrl = `${ORIGIN}${PAYPAL}/sdk/v6/core.js`;

    async function loadStandIn() {
      const response = await app.request(`${PAYPAL}/sdk/v6/core.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      const browser = fakeBrowser({ scriptSrc: scriptUrl, fetch: fetchInto('') });
      browser.runScript(await response.text());
      const namespace = browser.window.paypal as PayPalV6Namespace;
      const instance = await namespace.createInstance({ clientId: CLIENT_ID, components: ['paypal-payments'] });
      return { browser, namespace, instance };
    }

    /** A session whose callbacks are recorded; `done` resolves with onComplete's data. */
    function recordedSession(instance: Awaited<ReturnType<typeof loadStandIn>>['instance']) {
      const calls: { name: string; data: unknown }[] = [];
      let complete: (data: OnCompleteData) => void = () => {};
      const done = new Promise<OnCompleteData>((resolve) => {
        complete = resolve;
      });
      const session = instance.createPayPalOneTimePaymentSession({
        onApprove: async (data) => {
          calls.push({ name: 'onApprove', data });
        },
        onCancel: (data) => calls.push({ name: 'onCancel', data }),
        onError: (data) => calls.push({ name: 'onError', data }),
        onComplete: (data) => {
          calls.push({ name: 'onComplete', data });
          complete(data);
        },
      });
      return { session, calls, done };
    }

    it('defines window.paypal with a v6 version, which @paypal/paypal-js’s loader then returns', async () => {
      const { browser, namespace, instance } = await loadStandIn();
      expect(namespace.version.startsWith('6.')).toBe(true);
      const methods = await instance.findEligibleMethods();
      expect(methods.isEligible('paypal')).toBe(true);

      const { loadCoreSdkScript } = await import('@paypal/paypal-js/sdk-v6');
      Object.assign(globalThis, { window: browser.window, document: browser.document });
      try {
        expect(await loadCoreSdkScript({ environment: 'sandbox' })).toBe(namespace);
      } finally {
        Reflect.deleteProperty(globalThis, 'window');
        Reflect.deleteProperty(globalThis, 'document');
      }
    });

    it('approves in an accessible dialog: onApprove with the order and payer, then onComplete; the order captures', async () => {
      const { browser, instance } = await loadStandIn();
      const order = await createOrder();
      const { session, calls, done } = recordedSession(instance);
      await session.start({ presentationMode: 'auto' }, Promise.resolve({ orderId: order.id }));

      const dialog = browser.document.body.find('hwds-paypal-sandbox-dialog');
      expect(dialog?.tagName).toBe('DIALOG');
      expect(dialog?.open).toBe(true);
      expect(dialog?.getAttribute('aria-labelledby')).toBe('hwds-paypal-sandbox-title');
      expect(dialog?.text).toContain('PayPal – Testzahlung');
      expect(dialog?.text).toContain('Testmodus: Es wird kein echtes Geld bewegt.');
      expect(dialog?.text).toContain(order.id);
      const approveButton = dialog?.find('hwds-paypal-sandbox-approve');
      expect(approveButton?.textContent).toBe('Zahlung genehmigen');
      expect(dialog?.find('hwds-paypal-sandbox-cancel')?.textContent).toBe('Abbrechen');
      expect(browser.document.activeElement).toBe(approveButton);
      // Every outcome of the approval page, with the same words.
      const buttons = [...(dialog?.descendants() ?? [])].filter((element) => element.tagName === 'BUTTON');
      expect(buttons.map((button) => button.textContent).sort()).toEqual(
        [...Object.values(OUTCOME_LABELS), 'Abbrechen'].sort(),
      );
      expect(dialog?.find('hwds-paypal-sandbox-legend')?.textContent).toBe('Andere Ergebnisse testen');
      // Its styles: the emulator's style sheet, added once.
      const sheet = browser.document.getElementById('hwds-paypal-sandbox-styles') as unknown as { href: string };
      expect(sheet.href).toBe(`${ORIGIN}${PAYPAL}/sdk/v6/window.css`);
      const styles = await app.request(`${PAYPAL}/sdk/v6/window.css`);
      expect(styles.headers.get('content-type')).toMatch(/^text\/css/);
      expect(await styles.text()).toContain('.hwds-paypal-sandbox-dialog button:focus-visible');

      approveButton?.click();
      expect(await done).toEqual({ paymentSessionState: 'approved' });
      expect(calls.map((call) => call.name)).toEqual(['onApprove', 'onComplete']);
      expect(calls[0]?.data).toEqual({
        orderId: order.id,
        payerId: expect.stringMatching(/^[A-Z0-9]{13}$/),
        fundingSource: 'paypal',
      });
      expect(browser.document.body.find('hwds-paypal-sandbox-dialog')).toBeUndefined();

      expect((await capture(order.id)).body.status).toBe('COMPLETED');
    });

    it('opens its window only once the window’s styles apply, and opens it too when they fail to load', async () => {
      for (const outcome of ['load', 'error'] as const) {
        const { browser, instance } = await loadStandIn();
        browser.document.holdLoads = true;
        const order = await createOrder();
        const { session } = recordedSession(instance);
        const starting = session.start({ presentationMode: 'auto' }, Promise.resolve({ orderId: order.id }));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(browser.document.getElementById('hwds-paypal-sandbox-styles')).not.toBeNull();
        expect(browser.document.body.find('hwds-paypal-sandbox-dialog'), outcome).toBeUndefined();
        browser.document.finishLoading(outcome);
        await starting;
        expect(browser.document.body.find('hwds-paypal-sandbox-dialog')?.open, outcome).toBe(true);
        session.destroy();
      }
    });

    it('approves with the outcome the tester chose: a pending capture', async () => {
      const { browser, instance } = await loadStandIn();
      const order = await createOrder();
      const { session, done } = recordedSession(instance);
      await session.start({ presentationMode: 'auto' }, Promise.resolve({ orderId: order.id }));
      browser.document.body.find('hwds-paypal-sandbox-outcome-pending-then-completed')?.click();
      expect(await done).toEqual({ paymentSessionState: 'approved' });
      expect(captureOf((await capture(order.id)).body)?.status).toBe('PENDING');
    });

    it('cancels on Escape: onCancel and onComplete, the order still unapproved', async () => {
      const { browser, instance } = await loadStandIn();
      const order = await createOrder();
      const { session, calls, done } = recordedSession(instance);
      await session.start({ presentationMode: 'popup' }, Promise.resolve({ orderId: order.id }));
      const escapeKey = browser.document.body.find('hwds-paypal-sandbox-dialog')?.dispatch('cancel');
      expect(escapeKey?.defaultPrevented).toBe(true);
      expect(await done).toEqual({ paymentSessionState: 'canceled' });
      expect(calls.map((call) => call.name)).toEqual(['onCancel', 'onComplete']);
      expect(calls[0]?.data).toEqual({ orderId: order.id });
      expect((await json<Order>(paypal('GET', `/v2/checkout/orders/${order.id}`))).body.status).toBe('CREATED');
    });

    it('reports a failed order promise to onError as a PayPal error, without a dialog', async () => {
      const { browser, instance } = await loadStandIn();
      const { session, calls, done } = recordedSession(instance);
      await session.start({ presentationMode: 'auto' }, Promise.reject(new Error('Bestellung fehlgeschlagen')));
      expect(await done).toEqual({ paymentSessionState: 'error' });
      expect(calls.map((call) => call.name)).toEqual(['onError', 'onComplete']);
      const error = calls[0]?.data as OnErrorData;
      expect(error).toMatchObject({ name: 'PayPalError', code: 'CREATE_ORDER_FAILED', isRecoverable: true });
      expect(error.message).toBe('Bestellung fehlgeschlagen');
      expect(browser.document.body.find('hwds-paypal-sandbox-dialog')).toBeUndefined();
    });
  });
});

describe('sandbox building blocks', () => {
  it('serves the sandbox clock: read it, move it on (never back), 400 for anything else', async () => {
    const read = await json<{ now: string }>(app.request('/api/sandbox/test/clock'));
    expect(Math.abs(Date.parse(read.body.now) - clock.now().getTime())).toBeLessThan(1000);
    const before = clock.now().getTime();
    const moved = await json<{ now: string }>(
      app.request('/api/sandbox/test/clock', { method: 'POST', body: JSON.stringify({ advanceSeconds: 3600 }) }),
    );
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(3600 * 1000);
    for (const body of ['{"advanceSeconds":-1}', '{"advanceSeconds":1.5}', '{}', 'x']) {
      const refused = await json<{ message: string; statusCode: number }>(
        app.request('/api/sandbox/test/clock', { method: 'POST', body }),
      );
      expect(refused).toMatchObject({
        status: 400,
        body: { statusCode: 400, message: expect.stringContaining('advanceSeconds') },
      });
    }
  });
  it('reads Stripe’s bracket form encoding into objects and arrays', () => {
    const encoded =
      'mode=payment&line_items[0][price_data][unit_amount]=100&line_items[0][quantity]=2' +
      '&line_items[1][quantity]=1&metadata[bookingId]=7&expand[]=a&expand[]=b&empty=';
    expect(JSON.parse(JSON.stringify(parseFormParams(encoded)))).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { unit_amount: '100' }, quantity: '2' }, { quantity: '1' }],
      metadata: { bookingId: '7' },
      expand: ['a', 'b'],
    });
    expect(() => parseFormParams('a=1&a[b]=2')).toThrow('Invalid hash');
    expect(() => parseFormParams('list[1]=x')).toThrow('Invalid array');
    expect(() => parseFormParams('a]=1')).toThrow('Invalid parameter name');
    expect(Object.getPrototypeOf(parseFormParams('__proto__[polluted]=1'))).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('changes a stored document exactly once under concurrent locked updates', async () => {
    const store = sandboxStore(database.db);
    await store.put('test.counter', 'one', { value: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.update<{ value: number }>('test.counter', 'one', (current) => ({ value: current.value + 1 })),
      ),
    );
    expect(await store.get('test.counter', 'one')).toEqual({ value: 20 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        store.update<{ value: number; claimed?: boolean }>('test.counter', 'one', (current) =>
          current.claimed ? current : { ...current, claimed: true },
        ),
      ),
    );
    expect(results.filter((result) => result && !result.before.claimed)).toHaveLength(1);
    expect(await store.update('test.counter', 'none', (current) => current)).toBeUndefined();
    expect(await store.take('test.counter', 'one')).toEqual({ value: 20, claimed: true });
    expect(await store.take('test.counter', 'one')).toBeUndefined();
  });
});
