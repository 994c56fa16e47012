/**
 * The emulators against the providers' published schemas (docs/product.md#d19-provider-emulators):
 * every object the shop reads from Stripe or PayPal, in every state the sandbox produces, fits the
 * specification's schema for the fields the shop reads, and every error names an issue the
 * specification lists for that call. The schemas are extracts of stripe/openapi and
 * paypal/paypal-rest-api-specifications (tests/api/fixtures/*-schemas.json say which versions).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnv } from '../../src/server/context.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { readSandboxAssets } from '../../src/server/payment-sandbox/assets.ts';
import { paypalEmulator } from '../../src/server/payment-sandbox/paypal/paypal-emulator.ts';
import { type SandboxClock, sandboxClock } from '../../src/server/payment-sandbox/sandbox-clock.ts';
import { sandboxStore } from '../../src/server/payment-sandbox/sandbox-store.ts';
import { stripeEmulator } from '../../src/server/payment-sandbox/stripe/stripe-emulator.ts';
import { openTestDatabase } from './support/test-api.ts';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const STRIPE_SCHEMAS = fixture('stripe-schemas.json');
const PAYPAL_SCHEMAS = fixture('paypal-schemas.json');
const PAYPAL_ISSUES = PAYPAL_SCHEMAS.issues as Record<string, Record<string, string[]>>;

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** The body fits the named schema of the provider's specification. */
function expectFits(provider: 'stripe' | 'paypal', name: string, body: unknown) {
  const key = `${provider}:${name}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile((provider === 'stripe' ? STRIPE_SCHEMAS : PAYPAL_SCHEMAS)[name] as object);
    validators.set(key, validate);
  }
  expect(validate(body) ? [] : validate.errors, `${key}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}

const ORIGIN = 'http://localhost:4321';
const SECRET_KEY = 'sk_test_hwds_contract_0123456789';
const CLIENT = { id: 'hwds-contract-client', secret: 'hwds-contract-secret' };

const stripeEvents: { type: string; data: { object: Record<string, unknown> } }[] = [];
const paypalEvents: { event_type: string; resource: Record<string, unknown> }[] = [];
let database: DatabaseHandle;
let app: Hono<ApiEnv>;
let token = '';
/** Moved on for what providers do later: delayed payments, pending refunds, orders gone. */
let clock: SandboxClock;

beforeAll(async () => {
  database = await openTestDatabase();
  clock = sandboxClock(sandboxStore(database.db), { controlled: true });
  const { pages } = readSandboxAssets();
  app = new Hono<ApiEnv>();
  app.route(
    '/stripe',
    stripeEmulator({
      db: database.db,
      secretKey: SECRET_KEY,
      webhookSecret: 'whsec_contract',
      publicBaseUrl: `${ORIGIN}/stripe`,
      deliverWebhook: async (body) => {
        stripeEvents.push(JSON.parse(body));
        return 200;
      },
      pages,
      testControls: true,
      clock,
    }),
  );
  app.route(
    '/paypal',
    paypalEmulator({
      db: database.db,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      webhookId: 'CONTRACTWEBHOOK01',
      webhookSigningSecret: 'contract-signing',
      publicBaseUrl: `${ORIGIN}/paypal`,
      deliverWebhook: async (body) => {
        paypalEvents.push(JSON.parse(body));
        return 200;
      },
      pages,
      sdk: { script: '', styles: '' },
      testControls: true,
      settleAfterMs: 60_000,
      clock,
    }),
  );
});

function tokenRequest(): RequestInit {
  return {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  };
}

afterAll(() => database.close());

const answered = async (response: Response | Promise<Response>) => {
  const resolved = await response;
  return { status: resolved.status, body: (await resolved.json()) as Record<string, unknown> & { id: string } };
};

const until = async <T>(read: () => T | undefined) => {
  for (let tries = 0; tries < 200; tries++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('nothing arrived');
};

describe('Stripe, as the shop reads it', () => {
  const stripe = (method: string, path: string, form?: Record<string, string>) =>
    answered(
      app.request(`/stripe${path}`, {
        method,
        headers: { Authorization: `Bearer ${SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form ? new URLSearchParams(form).toString() : undefined,
      }),
    );
  const button = (id: string, action: string) =>
    app.request(`/stripe/checkout/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
    });
  const session = () =>
    stripe('POST', '/v1/checkout/sessions', {
      mode: 'payment',
      'allowed_payment_method_types[0]': 'card',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '250000',
      'line_items[0][price_data][product_data][name]':
        'Moderne Informationsseite (Artikel 2), Termin 12.06.2026 – 14.06.2026',
      'line_items[0][quantity]': '1',
      success_url: `${ORIGIN}/success?bookingId=7&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/cancel`,
      client_reference_id: '7',
      'metadata[bookingNumber]': 'HWDS-7K3M9Q2X',
    });

  it('a Checkout Session, open, paid and expired', async () => {
    const open = await session();
    expectFits('stripe', 'checkout.session', open.body);
    await button(open.body.id, 'pay');
    expectFits('stripe', 'checkout.session', (await stripe('GET', `/v1/checkout/sessions/${open.body.id}`)).body);
    const other = await session();
    expectFits(
      'stripe',
      'checkout.session',
      (await stripe('POST', `/v1/checkout/sessions/${other.body.id}/expire`)).body,
    );
  });

  const intentOf = async (id: string) =>
    String((await stripe('GET', `/v1/checkout/sessions/${id}`)).body.payment_intent);

  it('a delayed payment’s PaymentIntent, processing, then succeeded or failed', async () => {
    const later = await session();
    const failing = await session();
    await button(later.body.id, 'delayed-succeeds');
    await button(failing.body.id, 'delayed-fails');
    const intents = [await intentOf(later.body.id), await intentOf(failing.body.id)];
    for (const intent of intents)
      expectFits('stripe', 'payment_intent', (await stripe('GET', `/v1/payment_intents/${intent}`)).body);
    await clock.advance(3 * 24 * 60 * 60);
    const ended = await Promise.all(intents.map((intent) => stripe('GET', `/v1/payment_intents/${intent}`)));
    expect(ended.map((intent) => intent.body.status)).toEqual(['succeeded', 'requires_payment_method']);
    for (const intent of ended) expectFits('stripe', 'payment_intent', intent.body);
  });

  it('its refunds (pending, failed, listed) and disputes, and the events of sessions, charges, refunds and disputes with their objects', async () => {
    const paid = await session();
    await button(paid.body.id, 'pay');
    const intent = await intentOf(paid.body.id);
    await stripe('POST', '/test/refunds/fail-next');
    const refund = await stripe('POST', '/v1/refunds', { payment_intent: intent });
    expectFits('stripe', 'refund', refund.body);
    await clock.advance(60 * 60);
    expectFits('stripe', 'refund', (await stripe('GET', `/v1/refunds/${refund.body.id}`)).body);
    const refunded = await stripe('POST', '/v1/refunds', { payment_intent: intent });
    const listed = await stripe('GET', `/v1/refunds?payment_intent=${intent}`);
    expect((listed.body.data as { status: string }[]).map((r) => r.status)).toEqual(['succeeded', 'failed']);
    for (const item of listed.body.data as object[]) expectFits('stripe', 'refund', item);
    expectFits('stripe', 'refund', refunded.body);
    const disputed = await session();
    await button(disputed.body.id, 'pay');
    const dispute = await answered(
      app.request(`/stripe/test/sessions/${disputed.body.id}/dispute`, { method: 'POST', body: '{"outcome":"lost"}' }),
    );
    expectFits('stripe', 'dispute', (await stripe('GET', `/v1/disputes/${dispute.body.id}`)).body);
    const schemaOf: Record<string, string> = {
      'checkout.session.completed': 'checkout.session',
      'checkout.session.expired': 'checkout.session',
      'checkout.session.async_payment_succeeded': 'checkout.session',
      'checkout.session.async_payment_failed': 'checkout.session',
      'charge.refunded': 'charge',
      'refund.created': 'refund',
      'refund.updated': 'refund',
      'refund.failed': 'refund',
      'charge.dispute.created': 'dispute',
      'charge.dispute.funds_withdrawn': 'dispute',
      'charge.dispute.closed': 'dispute',
    };
    await until(() => (stripeEvents.some((event) => event.type === 'charge.dispute.closed') ? true : undefined));
    expect(new Set(stripeEvents.map((event) => event.type))).toEqual(new Set(Object.keys(schemaOf)));
    for (const event of stripeEvents) {
      expectFits('stripe', 'event', event);
      expectFits('stripe', schemaOf[event.type] ?? '-', event.data.object);
    }
  });

  it('its errors', async () => {
    const refusals = [
      await stripe('POST', '/v1/checkout/sessions', { mode: 'payment' }),
      await stripe('GET', '/v1/checkout/sessions/cs_test_unknown'),
      await stripe('POST', '/v1/refunds', { payment_intent: 'pi_unknown' }),
      await answered(app.request('/stripe/v1/checkout/sessions/cs_test_x')),
    ];
    expect(refusals.map((refusal) => refusal.status)).toEqual([400, 404, 400, 401]);
    for (const refusal of refusals) expectFits('stripe', 'error', refusal.body);
  });
});

describe('PayPal, as the shop reads it', () => {
  /** A token issued now: the clock moved on by the Stripe tests outlives the one before. */
  const renewToken = async () => {
    token = (
      (await answered(app.request('/paypal/v1/oauth2/token', tokenRequest()))).body as unknown as {
        access_token: string;
      }
    ).access_token;
  };
  beforeAll(renewToken);
  const paypal = (method: string, path: string, body?: unknown) =>
    answered(
      app.request(`/paypal${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const order = (value = '2500.00') =>
    paypal('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: '7', custom_id: 'HWDS-7K3M9Q2X', amount: { currency_code: 'EUR', value } }],
    });
  const approvedOrder = async (outcome: string) => {
    const created = await order();
    await app.request(`/paypal/v2/checkout/orders/${created.body.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ outcome, payerName: 'Jürgen Weiß' }),
    });
    return created.body.id;
  };
  const captureIdOf = (body: Record<string, unknown>) =>
    String(
      (body as { purchase_units: { payments: { captures: { id: string }[] } }[] }).purchase_units[0]?.payments
        .captures[0]?.id,
    );

  /** An error body, and that the specification lists its issue for this call. */
  function expectIssue(call: string, answer: { status: number; body: Record<string, unknown> }) {
    expectFits('paypal', 'error', answer.body);
    const issue = (answer.body.details as { issue: string }[] | undefined)?.[0]?.issue ?? '';
    expect(PAYPAL_ISSUES[call]?.[String(answer.status)], `${call} ${answer.status}`).toContain(issue);
  }

  it('an order created, approved, and captured: completed, pending, denied', async () => {
    const created = await order();
    expectFits('paypal', 'order', created.body);
    for (const outcome of ['completed', 'pending-then-completed', 'pending-then-denied']) {
      const id = await approvedOrder(outcome);
      expectFits('paypal', 'order', (await paypal('GET', `/v2/checkout/orders/${id}`)).body);
      const captured = await paypal('POST', `/v2/checkout/orders/${id}/capture`);
      expectFits('paypal', 'order', captured.body);
      const captureId = captureIdOf(captured.body);
      expectFits('paypal', 'capture', (await paypal('GET', `/v2/payments/captures/${captureId}`)).body);
    }
  });

  it('an order gone after three hours, and a dispute of a capture', async () => {
    const left = await order();
    const id = await approvedOrder('completed');
    const captured = await paypal('POST', `/v2/checkout/orders/${id}/capture`);
    const opened = await answered(
      app.request(`/paypal/test/orders/${id}/dispute`, { method: 'POST', body: '{"outcome":"open"}' }),
    );
    expectFits('paypal', 'dispute', (await paypal('GET', `/v1/customer/disputes/${opened.body.dispute_id}`)).body);
    await app.request(`/paypal/test/orders/${id}/dispute`, { method: 'POST', body: '{"outcome":"lost"}' });
    const lost = await paypal('GET', `/v1/customer/disputes/${opened.body.dispute_id}`);
    expectFits('paypal', 'dispute', lost.body);
    expect(lost.body.disputed_transactions).toEqual([
      expect.objectContaining({ seller_transaction_id: captureIdOf(captured.body) }),
    ]);
    await clock.advance(3 * 60 * 60);
    await renewToken();
    expectIssue('orders.get', await paypal('GET', `/v2/checkout/orders/${left.body.id}`));
  });

  it('a refund, the verification of a webhook, and the events with their resources', async () => {
    const id = await approvedOrder('completed');
    const captureId = captureIdOf((await paypal('POST', `/v2/checkout/orders/${id}/capture`)).body);
    const refund = await paypal('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expectFits('paypal', 'refund', refund.body);
    expectFits('paypal', 'refund', (await paypal('GET', `/v2/payments/refunds/${refund.body.id}`)).body);
    const verdict = await paypal('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: 'SHA256withRSA',
      cert_url: `${ORIGIN}/paypal/v1/notifications/certs/CERT-hwds-sandbox`,
      transmission_id: 'x',
      transmission_sig: 'y',
      transmission_time: new Date().toISOString(),
      webhook_id: 'CONTRACTWEBHOOK01',
      webhook_event: {},
    });
    expectFits('paypal', 'verifyWebhookSignature', verdict.body);
    // A pending capture settled (as after PayPal's review), so that its event goes too.
    const pending = await approvedOrder('pending-then-denied');
    await paypal('POST', `/v2/checkout/orders/${pending}/capture`);
    await app.request(`/paypal/test/orders/${pending}/settle`, { method: 'POST', body: '{"status":"DECLINED"}' });
    const resourceOf: Record<string, string> = {
      'CHECKOUT.ORDER.APPROVED': 'order',
      'PAYMENT.CAPTURE.COMPLETED': 'capture',
      'PAYMENT.CAPTURE.DENIED': 'capture',
      'PAYMENT.CAPTURE.REFUNDED': 'refund',
      'PAYMENT.CAPTURE.REVERSED': 'refund',
      'CUSTOMER.DISPUTE.CREATED': 'dispute',
      'CUSTOMER.DISPUTE.RESOLVED': 'dispute',
    };
    const types = () => [...new Set(paypalEvents.map((event) => event.event_type))].sort();
    await until(() => (types().length === Object.keys(resourceOf).length ? true : undefined));
    expect(types()).toEqual(Object.keys(resourceOf).sort());
    for (const event of paypalEvents) {
      expectFits('paypal', 'event', event);
      expectFits('paypal', resourceOf[event.event_type] ?? '-', event.resource);
    }
  });

  it('its errors name issues the specification lists for the call', async () => {
    expectIssue('orders.create', await order('1.001'));
    expectIssue('orders.create', await order('zwölf'));
    expectIssue(
      'orders.create',
      await paypal('POST', '/v2/checkout/orders', { intent: 'CAPTURE', purchase_units: [{}] }),
    );
    const unapproved = await order();
    expectIssue('orders.capture', await paypal('POST', `/v2/checkout/orders/${unapproved.body.id}/capture`));
    expectIssue('orders.capture', await paypal('POST', '/v2/checkout/orders/NOSUCHORDER000000/capture'));
    const declined = await approvedOrder('instrument-declined');
    expectIssue('orders.capture', await paypal('POST', `/v2/checkout/orders/${declined}/capture`));
    const done = await approvedOrder('completed');
    const captureId = captureIdOf((await paypal('POST', `/v2/checkout/orders/${done}/capture`)).body);
    expectIssue('orders.capture', await paypal('POST', `/v2/checkout/orders/${done}/capture`));
    await paypal('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expectIssue('captures.refund', await paypal('POST', `/v2/payments/captures/${captureId}/refund`, {}));
    const pending = await approvedOrder('pending-then-completed');
    const pendingCapture = captureIdOf((await paypal('POST', `/v2/checkout/orders/${pending}/capture`)).body);
    expectIssue('captures.refund', await paypal('POST', `/v2/payments/captures/${pendingCapture}/refund`, {}));
    expectIssue('captures.refund', await paypal('POST', '/v2/payments/captures/NOSUCHCAPTURE0000/refund', {}));
  });
});
