/**
 * The money path (docs/product.md#d8-server-computed-amounts, #d9-order-flow, #d22-fulfilment)
 * through the real server code and the real `stripe` package, against the sandbox's emulators:
 * signatures, replays, races, tampering and other customers' payments.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, mailQueue, paymentAttempts, payments } from '../../src/server/db/schema.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import { fulfilPayment } from '../../src/server/features/payments/fulfilment.ts';
import type { CheckoutSessionView, PayPalOrderView } from '../../src/server/features/payments/payments.views.ts';
import {
  answer,
  createTestApi,
  type ErrorBody,
  inDays,
  SITE_URL,
  type TestApi,
  type TestUser,
} from './support/test-api.ts';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});

afterAll(() => api.close());

/** A customer whose cart holds the given articles (ids of the seeded catalogue). */
async function customerWithCart(articleIds = [1]): Promise<TestUser> {
  const user = await api.user();
  for (const [index, articleId] of articleIds.entries()) {
    const added = await api.request('POST', `/cart/article/${articleId}`, {
      token: user.token,
      body: { entryDate: inDays(5 + index), departureDate: inDays(6 + index) },
    });
    expect(added.status).toBe(201);
  }
  return user;
}

const startCard = (user: TestUser, body: Record<string, unknown> = {}) =>
  answer<CheckoutSessionView & ErrorBody>(
    api.request('POST', '/payment/stripe/checkout-session', { token: user.token, body: { earlyStart: true, ...body } }),
  );

/** The customer's button on the sandbox's hosted checkout page. */
const hostedPage = (sessionId: string, action: 'pay' | 'decline' | 'cancel') =>
  api.request('POST', `/sandbox/stripe/checkout/${sessionId}`, {
    rawBody: new URLSearchParams({ action }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

const webhookMode = (sessionId: string, mode: 'after-redirect' | 'before-redirect' | 'twice' | 'late' | 'never') =>
  api.request('POST', `/sandbox/stripe/test/sessions/${sessionId}/webhook`, { body: { mode } });

/** PayPal's webhooks for the order do not reach the shop (yet). */
const losePayPalWebhooks = (orderId: string) =>
  api.request('POST', `/sandbox/paypal/test/orders/${orderId}/webhook`, { body: { mode: 'never' } });

/** An access token of the PayPal emulator, as the shop's client gets one. */
async function paypalToken(): Promise<string> {
  const { clientId, clientSecret } = api.paymentConfig.paypal;
  const response = await api.request('POST', '/sandbox/paypal/v1/oauth2/token', {
    rawBody: 'grant_type=client_credentials',
    headers: {
      Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

const bookingOf = async (id: number) => (await api.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const paymentsOf = (bookingId: number) => api.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const confirmationMailsTo = async (to: string) =>
  (await api.db.select().from(mailQueue).where(eq(mailQueue.recipient, to))).filter((mail) =>
    mail.subject.startsWith('Ihre Bestellung'),
  );
const cartCount = async (user: TestUser) =>
  (await answer<{ countArticles: number }>(api.request('GET', '/cart', { token: user.token }))).body.countArticles;

/** The webhook route as Stripe calls it: a raw body signed with the sandbox's secret. */
function signedEvent(event: object, secret = api.paymentConfig.stripe.webhookSecret, timestamp?: number) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return api.request('POST', '/payment/stripe/webhook', {
    rawBody: payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  });
}

/** A signed event about a session, as Stripe sends it (the fields the shop reads, and a few more). */
const sessionEvent = (id: string, session: Record<string, unknown>, type = 'checkout.session.completed') => ({
  id,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: {
    object: {
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      currency: 'eur',
      livemode: false,
      payment_intent: `pi_${id}`,
      ...session,
    },
  },
});

describe('starting a card payment', () => {
  it('freezes the cart into a booking awaiting payment and opens a Checkout Session for the server’s total', async () => {
    const user = await customerWithCart([1, 3]);
    const { status, body } = await startCard(user);
    expect(status).toBe(200);
    expect(body).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      url: expect.any(String),
      bookingId: expect.any(Number),
    });
    expect(new URL(body.url).href).toBe(`${SITE_URL}/api/sandbox/stripe/checkout/${body.sessionId}`);
    expect(await bookingOf(body.bookingId)).toMatchObject({ status: 'pending_payment', totalCents: 470_000 });
    expect(await cartCount(user)).toBe(2); // the cart stays until the booking is paid
  });

  it('answers 409 and starts nothing when the client’s amount is not the server’s', async () => {
    const user = await customerWithCart([1]);
    const { status, body } = await startCard(user, { amount: 100 });
    expect(status).toBe(409);
    expect(body.message).toMatch(/Betrag/);
    expect(await api.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);
    expect((await startCard(user, { amount: 120_000 })).status).toBe(200);
  });

  it('refuses an empty cart and return addresses on other sites', async () => {
    const empty = await api.user();
    expect(await startCard(empty)).toMatchObject({
      status: 400,
      body: { message: 'Der Warenkorb ist leer oder die Summe konnte nicht geladen werden.' },
    });
    const user = await customerWithCart([2]);
    expect((await startCard(user, { successUrl: 'https://evil.example/success' })).status).toBe(400);
  });

  it('gives the same session to a repeated start, and a new booking when the cart changed', async () => {
    const user = await customerWithCart([1]);
    const first = (await startCard(user)).body;
    const again = (await startCard(user)).body;
    expect(again).toEqual(first);
    await api.request('POST', '/cart/article/2', {
      token: user.token,
      body: { entryDate: inDays(9), departureDate: inDays(9) },
    });
    const changed = (await startCard(user)).body;
    expect(changed.bookingId).not.toBe(first.bookingId);
    expect((await bookingOf(first.bookingId))?.status).toBe('cancelled');
    expect((await bookingOf(changed.bookingId))?.totalCents).toBe(370_000);
  });
});

describe('paying by card', () => {
  it('pays through the hosted page: webhook and success page end in one paid booking, an emptied cart and one mail', async () => {
    const user = await customerWithCart([1]);
    const { body: session } = await startCard(user);
    const paid = await hostedPage(session.sessionId, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `${SITE_URL}/success?bookingId=${session.bookingId}&session_id=${session.sessionId}`,
    );
    await expect.poll(async () => (await bookingOf(session.bookingId))?.status).toBe('paid');

    const confirmed = await answer<BookingView>(
      api.request('POST', '/payments/confirm-payment', {
        token: user.token,
        body: { bookingId: session.bookingId, paymentMethod: 'card', paidAmount: 10, sessionId: session.sessionId },
      }),
    );
    expect(confirmed).toMatchObject({
      status: 200,
      body: { id: session.bookingId, status: 'paid', paymentMethod: 'stripe' },
    });
    expect(await paymentsOf(session.bookingId)).toHaveLength(1);
    expect(await cartCount(user)).toBe(0);
    const mail = await api.lastMailTo(user.userEmail, `Ihre Bestellung ${confirmed.body.bookingNumber} bei HWDS`);
    expect(mail.text).toContain('Informationsseite mit CMS (Artikel 1)');
    expect(mail.text).toContain('Gesamtbetrag: 1.200,00');
    expect(mail.text).toContain('Alle Preise in Euro inklusive 19 % Umsatzsteuer.');
    expect(mail.text).toContain('Zahlungsart: Kreditkarte (Stripe)');
    expect(mail.text).toContain(`So geht es weiter (Ihre Bestellnummer: ${confirmed.body.bookingNumber}):`);
    expect(mail.text).toContain('Ihre Website: Geben Sie uns bitte auf der Seite „Unterlagen abgeben“'); // a website's next steps only
    expect(mail.text).not.toContain('Druckdaten:');
    expect(mail.text).toContain(
      `Unterlagen abgeben:\n${SITE_URL}/unterlagen?bestellung=${confirmed.body.bookingNumber}`,
    );
    expect(await confirmationMailsTo(user.userEmail)).toHaveLength(1);
  });

  it.each(['before-redirect', 'never', 'twice', 'late'] as const)(
    'ends paid exactly once when the webhook comes %s',
    async (mode) => {
      const user = await customerWithCart([2]);
      const { body: session } = await startCard(user);
      expect((await webhookMode(session.sessionId, mode)).status).toBe(200);
      expect((await hostedPage(session.sessionId, 'pay')).status).toBe(303);
      const confirm = () =>
        api.request('POST', '/payments/confirm-payment', {
          token: user.token,
          body: { bookingId: session.bookingId, paymentMethod: 'stripe', sessionId: session.sessionId },
        });
      expect((await confirm()).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, mode === 'late' ? 2500 : 300));
      expect((await confirm()).status).toBe(200);
      expect((await bookingOf(session.bookingId))?.status).toBe('paid');
      expect(await paymentsOf(session.bookingId)).toHaveLength(1);
      expect(await confirmationMailsTo(user.userEmail)).toHaveLength(1);
    },
  );

  it('pays nothing when the card is declined or the customer cancels; the booking stays payable', async () => {
    const user = await customerWithCart([3]);
    const { body: session } = await startCard(user);
    expect((await hostedPage(session.sessionId, 'decline')).status).toBe(402);
    const cancelled = await hostedPage(session.sessionId, 'cancel');
    expect(cancelled.headers.get('location')).toBe(`${SITE_URL}/cancel`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
    expect(await cartCount(user)).toBe(1);
    const confirm = await api.request('POST', '/payments/confirm-payment', {
      token: user.token,
      body: { bookingId: session.bookingId, sessionId: session.sessionId },
    });
    expect(confirm.status).toBe(402);
    expect((await hostedPage(session.sessionId, 'pay')).status).toBe(303); // paying again works
    await expect.poll(async () => (await bookingOf(session.bookingId))?.status).toBe('paid');
  });

  it('never pays a booking whose session expired; a new start opens a fresh session', async () => {
    const user = await customerWithCart([4]);
    const { body: session } = await startCard(user);
    const sdk = new Stripe(api.paymentConfig.stripe.secretKey, {
      protocol: 'http',
      host: 'sandbox',
      port: 80,
      httpClient: Stripe.createFetchHttpClient(((input: string | URL | Request, init?: RequestInit) =>
        api.app.request(`/api/sandbox/stripe${new URL(String(input)).pathname}`, init)) as typeof fetch),
    });
    await sdk.checkout.sessions.expire(session.sessionId);
    expect((await hostedPage(session.sessionId, 'pay')).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
    const fresh = (await startCard(user)).body;
    expect(fresh.bookingId).toBe(session.bookingId);
    expect(fresh.sessionId).not.toBe(session.sessionId);
  });

  it('keeps the booking paid once under 20 concurrent confirmations from webhook and success page', async () => {
    const user = await customerWithCart([1, 2]);
    const { body: session } = await startCard(user);
    await webhookMode(session.sessionId, 'never');
    expect((await hostedPage(session.sessionId, 'pay')).status).toBe(303);
    const completed = sessionEvent('evt_race', {
      id: session.sessionId,
      amount_total: 370_000,
      client_reference_id: String(session.bookingId),
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? signedEvent({ ...completed, id: `evt_race_${index}` })
          : api.request('POST', '/payments/confirm-payment', {
              token: user.token,
              body: { bookingId: session.bookingId, sessionId: session.sessionId },
            }),
      ),
    );
    expect(answers.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await bookingOf(session.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(session.bookingId)).toHaveLength(1);
    expect(await confirmationMailsTo(user.userEmail)).toHaveLength(1);
  });
});

describe('the Stripe webhook', () => {
  it('refuses a bad signature, another secret or a stale timestamp (400) and changes nothing', async () => {
    const user = await customerWithCart([2]);
    const { body: session } = await startCard(user);
    const event = sessionEvent('evt_forged', { id: session.sessionId, amount_total: 250_000 });
    const unsigned = await api.request('POST', '/payment/stripe/webhook', {
      rawBody: JSON.stringify(event),
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=deadbeef' },
    });
    expect(unsigned.status).toBe(400);
    expect((await signedEvent(event, 'whsec_someone_else')).status).toBe(400);
    expect((await signedEvent(event, undefined, Math.floor(Date.now() / 1000) - 3600)).status).toBe(400);
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
  });

  it('takes an event only as a hint: what it claims, an unknown session and a replay change nothing', async () => {
    const user = await customerWithCart([5]);
    const { body: session } = await startCard(user);
    await webhookMode(session.sessionId, 'never');
    // Signed, but Stripe shows the session open: the shop reads it there and records nothing.
    expect(
      (await signedEvent(sessionEvent('evt_claimed', { id: session.sessionId, amount_total: 1_000_000 }))).status,
    ).toBe(200);
    expect(
      (await signedEvent(sessionEvent('evt_foreign', { id: 'cs_test_not_ours', amount_total: 1_000_000 }))).status,
    ).toBe(200);
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');

    expect((await hostedPage(session.sessionId, 'pay')).status).toBe(303);
    const real = sessionEvent('evt_once', { id: session.sessionId, amount_total: 1 });
    expect((await signedEvent(real)).status).toBe(200);
    expect((await signedEvent(real)).status).toBe(200);
    expect((await bookingOf(session.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(session.bookingId)).toHaveLength(1);
    expect(await confirmationMailsTo(user.userEmail)).toHaveLength(1);
  });
});

describe('another customer’s payment', () => {
  it('cannot be confirmed, captured or seen by someone else (404)', async () => {
    const owner = await customerWithCart([1]);
    const intruder = await customerWithCart([2]);
    const { body: session } = await startCard(owner);
    await hostedPage(session.sessionId, 'pay');
    const attempt = await answer<ErrorBody>(
      api.request('POST', '/payments/confirm-payment', {
        token: intruder.token,
        body: { bookingId: session.bookingId, sessionId: session.sessionId },
      }),
    );
    expect(attempt).toEqual({
      status: 404,
      body: { message: 'Diese Zahlung ist uns nicht bekannt.', statusCode: 404 },
    });
    const order = (
      await answer<PayPalOrderView>(
        api.request('POST', '/payment/paypal/orders', { token: owner.token, body: { earlyStart: true } }),
      )
    ).body;
    expect(
      (await api.request('POST', `/payment/paypal/orders/${order.id}/capture`, { token: intruder.token })).status,
    ).toBe(404);
    const seen = await answer<BookingView[]>(api.request('GET', '/booking/get', { token: intruder.token }));
    expect(seen.body.map((booking) => booking.id)).not.toContain(session.bookingId);
  });
});

describe('paying with PayPal', () => {
  const approve = (orderId: string, outcome = 'completed') =>
    api.request('POST', `/sandbox/paypal/v2/checkout/orders/${orderId}/approve`, { body: { outcome } });
  const capture = (user: TestUser, orderId: string) =>
    answer<{ bookingId: number; status: string; payerName?: string } & ErrorBody>(
      api.request('POST', `/payment/paypal/orders/${orderId}/capture`, { token: user.token }),
    );

  it('creates an order for the server’s total, captures it after approval and fulfils it once', async () => {
    const user = await customerWithCart([3]);
    const created = await answer<PayPalOrderView & ErrorBody>(
      api.request('POST', '/payment/paypal/orders', { token: user.token, body: { amount: 350_000, earlyStart: true } }),
    );
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(String), bookingId: expect.any(Number) } });
    expect((await capture(user, created.body.id)).status).toBe(402); // not approved yet: nothing taken
    expect((await approve(created.body.id)).status).toBe(200);
    expect(await capture(user, created.body.id)).toMatchObject({
      status: 200,
      body: { bookingId: created.body.bookingId, status: 'paid', payerName: 'Erika' },
    });
    expect(await capture(user, created.body.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
    expect((await bookingOf(created.body.bookingId))?.paymentMethod).toBe('paypal');
    expect(await paymentsOf(created.body.bookingId)).toHaveLength(1);
    expect(await confirmationMailsTo(user.userEmail)).toHaveLength(1);
    expect(await cartCount(user)).toBe(0);
  });

  it('answers 409 on a tampered amount; money a capture reports wrongly is recorded for a refund, never as paid', async () => {
    const user = await customerWithCart([4]);
    expect(
      (
        await api.request('POST', '/payment/paypal/orders', {
          token: user.token,
          body: { amount: 1, earlyStart: true },
        })
      ).status,
    ).toBe(409);
    const { body: order } = await answer<PayPalOrderView>(
      api.request('POST', '/payment/paypal/orders', { token: user.token, body: { earlyStart: true } }),
    );
    await api.request('POST', `/sandbox/paypal/test/orders/${order.id}/capture-amount`, { body: { value: '1.00' } });
    await approve(order.id);
    expect((await capture(user, order.id)).status).toBe(409);
    expect((await bookingOf(order.bookingId))?.status).toBe('pending_payment');
    expect(await paymentsOf(order.bookingId)).toMatchObject([{ amountCents: 100, status: 'refund_due' }]);
    const booking = await bookingOf(order.bookingId);
    const [report] = (
      await api.db.select().from(mailQueue).where(eq(mailQueue.recipient, api.deps.company.email))
    ).filter((mail) => mail.subject.includes(booking?.bookingNumber ?? '-'));
    expect(report?.subject).toBe(`Zahlung passt nicht zur Bestellung ${booking?.bookingNumber}: bitte erstatten`);
    expect(report?.text).toMatch(/1,00\s€ statt 5\.000,00\s€/);
  });

  it('fulfils nothing when PayPal declines the funding source; another source can then be chosen', async () => {
    const user = await customerWithCart([5]);
    const { body: order } = await answer<PayPalOrderView>(
      api.request('POST', '/payment/paypal/orders', { token: user.token, body: { earlyStart: true } }),
    );
    // The browser captures; PayPal's approval webhook, which would capture too, is kept away.
    await losePayPalWebhooks(order.id);
    await approve(order.id, 'instrument-declined');
    expect(await capture(user, order.id)).toMatchObject({
      status: 402,
      body: {
        message:
          'PayPal hat die gewählte Zahlungsquelle abgelehnt. Es wurde nichts abgebucht. Bitte wählen Sie in PayPal eine andere Zahlungsquelle.',
      },
    });
    expect((await bookingOf(order.bookingId))?.status).toBe('pending_payment');
    // The same order again (PayPal's window reopens it), approved with another source this time.
    const again = await answer<PayPalOrderView>(
      api.request('POST', '/payment/paypal/orders', { token: user.token, body: { earlyStart: true } }),
    );
    expect(again.body.id).toBe(order.id);
    expect((await approve(order.id)).status).toBe(200);
    expect(await capture(user, order.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
    expect(await paymentsOf(order.bookingId)).toHaveLength(1);
  });

  it('keeps one payment under 20 concurrent captures and confirmations', async () => {
    const user = await customerWithCart([1, 5]);
    const { body: order } = await answer<PayPalOrderView>(
      api.request('POST', '/payment/paypal/orders', { token: user.token, body: { earlyStart: true } }),
    );
    await approve(order.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? api.request('POST', `/payment/paypal/orders/${order.id}/capture`, { token: user.token })
          : api.request('POST', '/payments/confirm-payment', {
              token: user.token,
              body: { bookingId: order.bookingId, paymentMethod: 'paypal', sessionId: order.id },
            }),
      ),
    );
    // Confirmations that come before the capture find nothing paid yet (402); every capture succeeds.
    expect(answers.filter((_, index) => index % 2 === 0).map((response) => response.status)).toEqual(
      Array(10).fill(200),
    );
    expect((await bookingOf(order.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(order.bookingId)).toHaveLength(1);
    expect(await confirmationMailsTo(user.userEmail)).toHaveLength(1);
  });
});

describe('one booking, one payment, whichever way the customer pays', () => {
  const approve = (orderId: string) =>
    api.request('POST', `/sandbox/paypal/v2/checkout/orders/${orderId}/approve`, { body: { earlyStart: true } });
  const startPayPal = async (user: TestUser) =>
    (
      await answer<PayPalOrderView>(
        api.request('POST', '/payment/paypal/orders', { token: user.token, body: { earlyStart: true } }),
      )
    ).body;
  const capture = (user: TestUser, orderId: string) =>
    answer<ErrorBody & { status: string }>(
      api.request('POST', `/payment/paypal/orders/${orderId}/capture`, { token: user.token }),
    );
  const stripeSession = (id: string) =>
    api.request('GET', `/sandbox/stripe/v1/checkout/sessions/${id}`, {
      headers: { Authorization: `Bearer ${api.paymentConfig.stripe.secretKey}` },
    });

  it('a PayPal capture first closes the open card session: the hosted page can no longer take money', async () => {
    const user = await customerWithCart([2]);
    const card = await startCard(user);
    const order = await startPayPal(user);
    expect(order.bookingId).toBe(card.body.bookingId);
    await approve(order.id);
    expect((await capture(user, order.id)).status).toBe(200);

    expect(((await (await stripeSession(card.body.sessionId)).json()) as { status: string }).status).toBe('expired');
    expect((await hostedPage(card.body.sessionId, 'pay')).status).toBeGreaterThanOrEqual(400);
    expect(await paymentsOf(card.body.bookingId)).toMatchObject([{ provider: 'paypal', status: 'settled' }]);
    expect(await confirmationMailsTo(user.userEmail)).toHaveLength(1);
  });

  it('a card payment that came first wins: PayPal’s approved order is never captured', async () => {
    const user = await customerWithCart([3]);
    const card = await startCard(user);
    const order = await startPayPal(user);
    // PayPal's approval webhook, which would capture at once, is still on its way.
    await losePayPalWebhooks(order.id);
    await approve(order.id);
    // Paid on the hosted page, but neither webhook nor success page has told the shop yet.
    await webhookMode(card.body.sessionId, 'never');
    expect((await hostedPage(card.body.sessionId, 'pay')).status).toBe(303);

    expect(await capture(user, order.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
    expect((await bookingOf(card.body.bookingId))?.paymentMethod).toBe('stripe');
    const paypalOrder = await api.request('GET', `/sandbox/paypal/v2/checkout/orders/${order.id}`, {
      headers: { Authorization: `Bearer ${await paypalToken()}` },
    });
    expect(((await paypalOrder.json()) as { status: string }).status).toBe('APPROVED');
    expect(await paymentsOf(card.body.bookingId)).toMatchObject([{ provider: 'stripe', status: 'settled' }]);
  });

  it('no card session is opened while a PayPal capture of the booking is under way', async () => {
    const user = await customerWithCart([4]);
    const order = await startPayPal(user);
    await api.db
      .update(paymentAttempts)
      .set({ captureStartedAt: new Date() })
      .where(eq(paymentAttempts.providerRef, order.id));
    const card = await startCard(user);
    expect(card).toMatchObject({
      status: 409,
      body: {
        message: 'Eine PayPal-Zahlung für diese Bestellung wird gerade abgeschlossen. Bitte warten Sie einen Moment.',
      },
    });
    const opened = await api.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, order.bookingId));
    expect(opened.map((attempt) => attempt.provider)).toEqual(['paypal']);
  });

  it('a PayPal order captured at PayPal whose answer never arrived is recorded, never replaced by a second order', async () => {
    const user = await customerWithCart([1]);
    const order = await startPayPal(user);
    // PayPal takes the money, but the shop never hears of it (the answer to its capture was lost,
    // its webhooks have not come yet).
    await losePayPalWebhooks(order.id);
    await approve(order.id);
    const captured = await api.request('POST', `/sandbox/paypal/v2/checkout/orders/${order.id}/capture`, {
      headers: { Authorization: `Bearer ${await paypalToken()}`, 'PayPal-Request-Id': `lost-${order.id}` },
      body: {},
    });
    expect(captured.status).toBe(201);

    const again = await answer<ErrorBody>(
      api.request('POST', '/payment/paypal/orders', { token: user.token, body: { earlyStart: true } }),
    );
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Diese Bestellung ist bereits bezahlt. Sie finden sie unter „Mein Profil“.' },
    });
    expect((await bookingOf(order.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(order.bookingId)).toMatchObject([{ providerRef: order.id, status: 'settled' }]);
    const attempts = await api.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, order.bookingId));
    expect(attempts).toHaveLength(1);
  });

  it('a card session paid while nobody told the shop yet is recorded when the customer clicks pay again', async () => {
    const user = await customerWithCart([2]);
    const card = await startCard(user);
    await webhookMode(card.body.sessionId, 'never');
    expect((await hostedPage(card.body.sessionId, 'pay')).status).toBe(303);

    const again = await startCard(user);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Diese Bestellung ist bereits bezahlt. Sie finden sie unter „Mein Profil“.' },
    });
    expect((await bookingOf(card.body.bookingId))?.paymentMethod).toBe('stripe');
    const attempts = await api.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.bookingId, card.body.bookingId));
    expect(attempts.map((attempt) => attempt.status)).toEqual(['completed']);
  });

  it('an order that holds an article deleted since is not reused: the new one costs what the cart costs', async () => {
    const user = await customerWithCart([1]);
    const admin = await api.admin();
    const extra = await api.createArticle(admin.token, {
      number: 'WEG',
      type: 'Wird gelöscht',
      price: 99,
      departamentId: 14,
    });
    await api.request('POST', `/cart/article/${extra.id}`, {
      token: user.token,
      body: { entryDate: inDays(9), departureDate: inDays(9) },
    });
    const first = await startCard(user);
    expect((await api.request('DELETE', `/articles/${extra.id}`, { token: admin.token })).status).toBe(204);

    const second = await startCard(user);
    expect(second.status).toBe(200);
    expect(second.body.bookingId).not.toBe(first.body.bookingId);
    expect((await bookingOf(second.body.bookingId))?.totalCents).toBe(120_000);
    expect((await bookingOf(first.body.bookingId))?.status).toBe('cancelled');
  });

  it('money taken twice for one booking is recorded for a refund and reported to the agency, never lost', async () => {
    const user = await customerWithCart([5]);
    const order = await startPayPal(user);
    const card = await startCard(user);
    await webhookMode(card.body.sessionId, 'never');
    expect((await hostedPage(card.body.sessionId, 'pay')).status).toBe(303);
    const booking = await bookingOf(card.body.bookingId);
    if (!booking) throw new Error('no booking');
    // A second provider reports money for the same booking (say, a payment the shop could not stop).
    await api.db.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, booking.id));
    const surplus = {
      provider: 'paypal' as const,
      attemptRef: order.id,
      amountCents: booking.totalCents,
      currency: 'EUR',
      testMode: true,
    };
    expect(await fulfilPayment(api.deps, surplus)).toEqual({ outcome: 'already-paid', bookingId: booking.id });
    expect(await fulfilPayment(api.deps, surplus)).toEqual({ outcome: 'already-paid', bookingId: booking.id });
    expect(await paymentsOf(booking.id)).toMatchObject([
      { provider: 'paypal', providerRef: order.id, status: 'refund_due' },
    ]);
    const reports = (
      await api.db.select().from(mailQueue).where(eq(mailQueue.recipient, api.deps.company.email))
    ).filter((mail) => mail.subject.includes(booking.bookingNumber));
    expect(reports.map((mail) => mail.subject)).toEqual([
      `Doppelte Zahlung zur Bestellung ${booking.bookingNumber}: bitte erstatten`,
    ]);
  });

  it('a test payment is marked as one, in the database and in the confirmation mail', async () => {
    const user = await customerWithCart([1]);
    const card = await startCard(user);
    expect((await hostedPage(card.body.sessionId, 'pay')).status).toBe(303);
    await expect.poll(async () => (await bookingOf(card.body.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(card.body.bookingId)).toMatchObject([{ testMode: true }]);
    const [mail] = await confirmationMailsTo(user.userEmail);
    expect(mail?.text).toContain('Dies war eine Testzahlung im Testmodus des Shops. Es wurde kein echtes Geld bewegt');
  });
});

describe('live keys', () => {
  it('switch a provider’s sandbox off: its routes answer 404, the other provider keeps its sandbox', async () => {
    const live = await createTestApi({
      paymentEnvironment: { STRIPE_SECRET_KEY: 'sk_live_example', STRIPE_WEBHOOK_SECRET: 'whsec_example' },
    });
    expect((await live.request('POST', '/sandbox/stripe/v1/checkout/sessions')).status).toBe(404);
    expect((await live.request('GET', '/sandbox/stripe/checkout/cs_test_x')).status).toBe(404);
    expect((await live.request('GET', '/sandbox/paypal/sdk/v6/core.js')).status).toBe(200);
    await live.close();
  });

  it('are not what the e2e server and this suite use: both providers run in the sandbox there', async () => {
    expect(api.paymentConfig.stripe.sandbox && api.paymentConfig.paypal.sandbox).toBe(true);
    expect((await api.request('GET', '/sandbox/paypal/sdk/v6/core.js')).headers.get('content-type')).toMatch(
      /javascript/,
    );
  });
});
