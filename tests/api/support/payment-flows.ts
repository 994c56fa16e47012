/**
 * What the payment suites do again and again, as a customer, a provider's dashboard or the
 * sandbox window would do it: carts, payment starts, the buttons of the hosted pages, PayPal's
 * approval with the outcome a tester chooses, provider-side refunds, signed webhooks.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { bookings, mailQueue, payments, refunds } from '../../../src/server/db/schema.ts';
import type { CheckoutSessionView, PayPalOrderView } from '../../../src/server/features/payments/payments.views.ts';
import { answer, type ErrorBody, inDays, type TestApi, type TestUser } from './test-api.ts';

export type PayPalOutcome = 'completed' | 'pending-then-completed' | 'pending-then-denied' | 'instrument-declined';

export function paymentFlows(api: () => TestApi) {
  /** A customer whose cart holds the given articles (ids of the seeded catalogue). */
  async function customerWithCart(articleIds = [1]): Promise<TestUser> {
    const user = await api().user();
    for (const [index, articleId] of articleIds.entries()) {
      const added = await api().request('POST', `/cart/article/${articleId}`, {
        token: user.token,
        body: { entryDate: inDays(5 + index), departureDate: inDays(6 + index) },
      });
      expect(added.status).toBe(201);
    }
    return user;
  }

  const startCard = (user: TestUser, body: Record<string, unknown> = {}) =>
    answer<CheckoutSessionView & ErrorBody>(
      api().request('POST', '/payment/stripe/checkout-session', {
        token: user.token,
        body: { earlyStart: true, ...body },
      }),
    );

  const startPayPal = (user: TestUser) =>
    answer<PayPalOrderView & ErrorBody>(
      api().request('POST', '/payment/paypal/orders', { token: user.token, body: { earlyStart: true } }),
    );

  /** A button of the sandbox's hosted card page. */
  const hostedPage = (sessionId: string, action: string) =>
    api().request('POST', `/sandbox/stripe/checkout/${sessionId}`, {
      rawBody: new URLSearchParams({ action }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });

  const cardWebhooks = (
    sessionId: string,
    mode: 'after-redirect' | 'before-redirect' | 'twice' | 'late' | 'never' | 'out-of-order',
  ) => api().request('POST', `/sandbox/stripe/test/sessions/${sessionId}/webhook`, { body: { mode } });

  /** The payer's choice in PayPal's window. */
  const approve = (orderId: string, outcome: PayPalOutcome = 'completed') =>
    api().request('POST', `/sandbox/paypal/v2/checkout/orders/${orderId}/approve`, { body: { outcome } });

  const capture = (user: TestUser, orderId: string) =>
    answer<{ bookingId: number; status: string; payerName?: string } & ErrorBody>(
      api().request('POST', `/payment/paypal/orders/${orderId}/capture`, { token: user.token }),
    );

  const confirm = (user: TestUser, body: { bookingId: number; sessionId: string; paymentMethod?: string }) =>
    answer<{ id: number; status: string } & ErrorBody>(
      api().request('POST', '/payments/confirm-payment', { token: user.token, body: { earlyStart: true, ...body } }),
    );

  /** PayPal decides about a pending capture now (as it would after its review). */
  const settlePayPal = (orderId: string, status: 'COMPLETED' | 'DECLINED') =>
    api().request('POST', `/sandbox/paypal/test/orders/${orderId}/settle`, { body: { status } });

  /** PayPal's webhooks for the order stop reaching the shop (a lost webhook). */
  const losePayPalWebhooks = (orderId: string) => payPalWebhooks(orderId, 'never');

  /** How PayPal's webhooks for the order reach the shop. */
  const payPalWebhooks = (orderId: string, mode: 'send' | 'never' | 'twice' | 'out-of-order') =>
    api().request('POST', `/sandbox/paypal/test/orders/${orderId}/webhook`, { body: { mode } });

  /** Time passes at the providers (the sandbox clock); resolves once what fell due has happened, events delivered. */
  async function advanceClock(seconds: number) {
    const moved = await api().request('POST', '/sandbox/test/clock', { body: { advanceSeconds: seconds } });
    expect(moved.status).toBe(200);
  }

  /** The payer disputes a payment at its provider, and the provider decides. */
  const dispute = (provider: 'stripe' | 'paypal', ref: string, outcome: 'open' | 'won' | 'lost', reason?: string) =>
    api().request('POST', `/sandbox/${provider}/test/${provider === 'stripe' ? 'sessions' : 'orders'}/${ref}/dispute`, {
      body: { outcome, reason },
    });

  /** The provider's next refund goes pending and, an hour later, fails (or succeeds). */
  const nextRefund = (provider: 'stripe' | 'paypal', ending: 'fails' | 'succeeds') =>
    api().request('POST', `/sandbox/${provider}/test/refunds/${ending === 'fails' ? 'fail-next' : 'delay-next'}`);

  /** The `stripe` package as a provider's dashboard uses Stripe: with the secret key, behind the shop's back. */
  const stripeDashboard = () =>
    new Stripe(api().paymentConfig.stripe.secretKey, {
      protocol: 'http',
      host: 'sandbox',
      port: 80,
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient(((input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        return api().app.request(`/api/sandbox/stripe${url.pathname}${url.search}`, init);
      }) as typeof fetch),
    });

  /** PayPal's REST API as its dashboard would call it. */
  async function paypalDashboard(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const { clientId, clientSecret } = api().paymentConfig.paypal;
    const issued = await api().request('POST', '/sandbox/paypal/v1/oauth2/token', {
      rawBody: 'grant_type=client_credentials',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    });
    const { access_token: token } = (await issued.json()) as { access_token: string };
    return api().request(method, `/sandbox/paypal${path}`, {
      body,
      headers: { Authorization: `Bearer ${token}`, Prefer: 'return=representation', ...headers },
    });
  }

  /** Stripe's webhook as Stripe calls it: a raw body signed with the webhook secret. */
  function signedStripeEvent(event: object, secret = api().paymentConfig.stripe.webhookSecret) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return api().request('POST', '/payment/stripe/webhook', {
      rawBody: payload,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    });
  }

  const bookingOf = async (id: number) => (await api().db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const paymentsOf = (bookingId: number) => api().db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const refundsOf = (bookingId: number) => api().db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
  /** Queued mails to `to` whose subject starts with `subject`. */
  const mailsTo = async (to: string, subject: string) =>
    (await api().db.select().from(mailQueue).where(eq(mailQueue.recipient, to))).filter((mail) =>
      mail.subject.startsWith(subject),
    );

  return {
    customerWithCart,
    startCard,
    startPayPal,
    hostedPage,
    cardWebhooks,
    approve,
    capture,
    confirm,
    settlePayPal,
    losePayPalWebhooks,
    payPalWebhooks,
    advanceClock,
    dispute,
    nextRefund,
    stripeDashboard,
    paypalDashboard,
    signedStripeEvent,
    bookingOf,
    paymentsOf,
    refundsOf,
    mailsTo,
  };
}
