/**
 * Payments as the providers have them (docs/product.md#d32-payment-states), through the real
 * server code, the real `stripe` package and the PayPal client against the emulators: a PayPal
 * capture left pending and then completed or denied, Stripe's asynchronous events, what a
 * customer may start while a payment is pending, the reconciliation that asks the providers when
 * a webhook is lost or the server restarted, the limits checked before a booking exists, and the
 * idempotency keys. Runs on PGlite and on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { appMeta, bookings, paymentAttempts } from '../../src/server/db/schema.ts';
import { idempotencyKey, installationId } from '../../src/server/features/payments/idempotency-keys.ts';
import { reconcilePayments } from '../../src/server/features/payments/reconciliation.ts';
import {
  addToCart,
  createCategory,
  FULL_CART_ENTRIES,
  payCartByCard,
  REALISTIC_CATEGORIES,
  REALISTIC_CUSTOMER,
  refundBooking,
  type Send,
} from '../support/realistic-shop.ts';
import { paymentFlows } from './support/payment-flows.ts';
import { answer, createTestApi, type ErrorBody, inDays, type TestApi } from './support/test-api.ts';

let api: TestApi;
const flows = paymentFlows(() => api);
const {
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
  advanceClock,
  signedStripeEvent,
  bookingOf,
  paymentsOf,
  mailsTo,
} = flows;

beforeAll(async () => {
  api = await createTestApi();
});

afterAll(() => api.close());

const PENDING = 'Ihre Zahlung wird noch bearbeitet.';
const confirmationMails = (to: string) => mailsTo(to, 'Ihre Bestellung');

/** Everything the reconciliation finds, whatever its age. */
const reconcileNow = (providers = api.providers) => reconcilePayments(api.deps, providers, { olderThanMs: 0 });

describe('a PayPal capture that PayPal leaves pending', () => {
  it('is being processed, not failed: 200 `processing`, the booking processing, no mail, no second payment', async () => {
    const user = await customerWithCart([2]);
    const { body: order } = await startPayPal(user);
    await approve(order.id, 'pending-then-completed');
    expect(await capture(user, order.id)).toMatchObject({
      status: 200,
      body: { bookingId: order.bookingId, status: 'processing' },
    });
    expect((await bookingOf(order.bookingId))?.status).toBe('processing');
    expect(await paymentsOf(order.bookingId)).toEqual([]);
    expect(await confirmationMails(user.userEmail)).toEqual([]);

    // The customer's return: the success page reads that it is being processed.
    expect(
      await confirm(user, { bookingId: order.bookingId, sessionId: order.id, paymentMethod: 'paypal' }),
    ).toMatchObject({ status: 200, body: { id: order.bookingId, status: 'processing' } });
    // Neither a card payment nor another PayPal payment of it starts meanwhile.
    for (const again of [await startCard(user), await startPayPal(user)]) {
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(new RegExp(`^${PENDING}`));
    }
    expect((await capture(user, order.id)).body.status).toBe('processing');
    const attempts = await api.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, order.bookingId));
    expect(attempts.map((attempt) => [attempt.provider, attempt.status])).toEqual([['paypal', 'pending']]);
  });

  it('refuses a start of any cart holding a pending appointment, and takes a cart without it', async () => {
    const user = await customerWithCart([3]);
    const { body: order } = await startPayPal(user);
    await approve(order.id, 'pending-then-completed');
    await capture(user, order.id);
    const extra = await api.request('POST', '/cart/article/4', {
      token: user.token,
      body: { entryDate: inDays(30), departureDate: inDays(31) },
    });
    expect(extra.status).toBe(201);
    expect((await startCard(user)).status).toBe(409);
    // Only the new appointment left in the cart: that one can be paid.
    const cart = await answer<{ articles: { id: number; article: { id: number } }[] }>(
      api.request('GET', '/cart', { token: user.token }),
    );
    const pendingEntry = cart.body.articles.find((entry) => entry.article.id === 3);
    await api.request('DELETE', `/cart/entries/${pendingEntry?.id}`, { token: user.token });
    expect((await startCard(user)).status).toBe(200);
  });

  it('completed later: PayPal’s webhook makes it paid once, with one mail, and empties the cart', async () => {
    const user = await customerWithCart([1]);
    const { body: order } = await startPayPal(user);
    await approve(order.id, 'pending-then-completed');
    await capture(user, order.id);
    expect((await settlePayPal(order.id, 'COMPLETED')).status).toBe(200);
    await expect.poll(async () => (await bookingOf(order.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(order.bookingId)).toMatchObject([
      { provider: 'paypal', status: 'settled', providerPaymentId: expect.stringMatching(/^[A-Z0-9]{17}$/) },
    ]);
    await expect.poll(async () => (await confirmationMails(user.userEmail)).length).toBe(1);
    // PayPal's event again, or the reconciliation: nothing more.
    await reconcileNow();
    expect(await confirmationMails(user.userEmail)).toHaveLength(1);
    const cart = await answer<{ countArticles: number }>(api.request('GET', '/cart', { token: user.token }));
    expect(cart.body.countArticles).toBe(0);
  });

  it('denied later: nothing paid, the booking payable again, and a mail saying so', async () => {
    const user = await customerWithCart([5]);
    const { body: order } = await startPayPal(user);
    await approve(order.id, 'pending-then-denied');
    await capture(user, order.id);
    await settlePayPal(order.id, 'DECLINED');
    await expect.poll(async () => (await bookingOf(order.bookingId))?.status).toBe('pending_payment');
    const [mail] = await mailsTo(user.userEmail, 'Ihre Zahlung zur Bestellung');
    expect(mail?.subject).toMatch(/^Ihre Zahlung zur Bestellung HWDS-\w{8} wurde nicht ausgeführt$/);
    expect(mail?.text).toContain('Es wurde nichts abgebucht.');
    expect(await paymentsOf(order.bookingId)).toEqual([]);
    // Paying again works, by card this time.
    const card = await startCard(user);
    expect(card).toMatchObject({ status: 200, body: { bookingId: order.bookingId } });
    expect((await hostedPage(card.body.sessionId, 'pay')).status).toBe(303);
    await expect.poll(async () => (await bookingOf(order.bookingId))?.status).toBe('paid');
  });

  it('completed after a restart, while its webhook was lost: the reconciliation of the new server pays it', async () => {
    const user = await customerWithCart([2, 3]);
    const { body: order } = await startPayPal(user);
    await approve(order.id, 'pending-then-completed');
    await losePayPalWebhooks(order.id);
    await capture(user, order.id);
    // PayPal completes it while the shop is down; its webhook never arrives.
    await settlePayPal(order.id, 'COMPLETED');
    const restarted = createApp(api.deps);
    expect(await reconcileNow(restarted.providers)).toMatchObject({ changed: expect.any(Number) });
    expect((await bookingOf(order.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(order.bookingId)).toHaveLength(1);
    await expect.poll(async () => (await confirmationMails(user.userEmail)).length).toBe(1);
  });
});

describe('a card payment whose webhook is lost and whose customer never returns', () => {
  it('is paid by the reconciliation, which leaves younger attempts alone', async () => {
    const user = await customerWithCart([4]);
    const { body: session } = await startCard(user);
    await cardWebhooks(session.sessionId, 'never');
    expect((await hostedPage(session.sessionId, 'pay')).status).toBe(303);
    // Attempts younger than ten minutes are left to the webhook and the customer's return.
    await reconcilePayments(api.deps, api.providers);
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
    await api.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(paymentAttempts.providerRef, session.sessionId));
    await reconcilePayments(api.deps, api.providers);
    expect((await bookingOf(session.bookingId))?.status).toBe('paid');
    await expect.poll(async () => (await confirmationMails(user.userEmail)).length).toBe(1);
  });

  it('expires in the reconciliation when Stripe let it run out', async () => {
    const user = await customerWithCart([1]);
    const { body: session } = await startCard(user);
    await cardWebhooks(session.sessionId, 'never');
    expect((await hostedPage(session.sessionId, 'expire')).status).toBe(200);
    await reconcileNow();
    const [attempt] = await api.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.providerRef, session.sessionId));
    expect(attempt?.status).toBe('expired');
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
  });
});

describe('Stripe’s asynchronous payments', () => {
  /** A signed event of the session, as Stripe sends it. */
  const sessionEvent = (type: string, session: { id: string }, id = `evt_${type}_${session.id.slice(-8)}`) =>
    signedStripeEvent({
      id,
      object: 'event',
      type,
      livemode: false,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          status: 'complete',
          payment_status: 'unpaid',
          amount_total: 350_000,
          currency: 'eur',
          livemode: false,
          payment_intent: null,
        },
      },
    });
  const THREE_DAYS = 3 * 24 * 60 * 60;

  it('complete but unpaid is pending; async_payment_succeeded pays it days later; no other payment meanwhile', async () => {
    const user = await customerWithCart([2]);
    const { body: session } = await startCard(user);
    expect((await hostedPage(session.sessionId, 'delayed-succeeds')).status).toBe(303);
    await expect.poll(async () => (await bookingOf(session.bookingId))?.status).toBe('processing');
    expect(await confirm(user, { bookingId: session.bookingId, sessionId: session.sessionId })).toMatchObject({
      status: 200,
      body: { status: 'processing' },
    });
    expect((await startPayPal(user)).body.message).toMatch(new RegExp(`^${PENDING}`));
    await advanceClock(THREE_DAYS);
    expect((await bookingOf(session.bookingId))?.status).toBe('paid');
    expect(await paymentsOf(session.bookingId)).toMatchObject([{ provider: 'stripe', status: 'settled' }]);
    await expect.poll(async () => (await confirmationMails(user.userEmail)).length).toBe(1);
  });

  it('async_payment_failed makes the booking payable again and tells the customer', async () => {
    const user = await customerWithCart([3]);
    const { body: session } = await startCard(user);
    expect((await hostedPage(session.sessionId, 'delayed-fails')).status).toBe(303);
    await expect.poll(async () => (await bookingOf(session.bookingId))?.status).toBe('processing');
    await advanceClock(THREE_DAYS);
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
    await expect.poll(async () => (await mailsTo(user.userEmail, 'Ihre Zahlung zur Bestellung')).length).toBe(1);
    // An old event saying it completed (unpaid) changes nothing: Stripe shows the failure.
    expect((await sessionEvent('checkout.session.completed', { id: session.sessionId })).status).toBe(200);
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
  });

  it('refuses a signed event that lacks what the shop reads (400), and changes nothing', async () => {
    const user = await customerWithCart([4]);
    const { body: session } = await startCard(user);
    const malformed = [
      { id: 'evt_no_data', object: 'event', type: 'checkout.session.completed' },
      { id: 'evt_null', object: 'event', type: 'checkout.session.completed', data: { object: null } },
      { id: 'evt_no_id', object: 'event', type: 'charge.refunded', data: { object: { refunded: true } } },
    ];
    for (const event of malformed) {
      expect(await answer<ErrorBody>(signedStripeEvent(event))).toEqual({
        status: 400,
        body: { message: 'Die Nachricht hat nicht die erwartete Form.', statusCode: 400 },
      });
    }
    expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
  });
});

describe('limits checked before a booking exists', () => {
  it('refuses a card payment below Stripe’s 0,50 € (400, naming the limit); PayPal takes it', async () => {
    const admin = await api.admin();
    const cheap = await api.createArticle(admin.token, {
      number: 'PROBE-0,30',
      type: 'Probedruck einer Visitenkarte auf Naturpapier',
      price: 0.3,
      departamentId: 14,
    });
    const user = await api.user();
    await api.request('POST', `/cart/article/${cheap.id}`, {
      token: user.token,
      body: { entryDate: inDays(3), departureDate: inDays(3) },
    });
    expect(await startCard(user)).toEqual({
      status: 400,
      body: {
        message:
          'Kartenzahlungen sind erst ab 0,50 € möglich. Bitte bezahlen Sie diesen Betrag mit PayPal oder ergänzen Sie Ihren Warenkorb.',
        statusCode: 400,
      },
    });
    expect(await api.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);
    expect((await startPayPal(user)).status).toBe(201);
  });
});

describe('idempotency keys', () => {
  it('name the installation (drawn once, kept in the database) and the booking by its booking number', async () => {
    const first = await installationId(api.db);
    expect(first).toMatch(/^[0-9a-f]{20}$/);
    expect(await installationId(api.db)).toBe(first);
    expect(await api.db.select().from(appMeta).where(eq(appMeta.key, 'installation_id'))).toEqual([
      { key: 'installation_id', value: first },
    ]);
    const user = await customerWithCart([1]);
    const { body: session } = await startCard(user);
    const booking = await bookingOf(session.bookingId);
    const key = await idempotencyKey(api.db, { bookingNumber: booking?.bookingNumber ?? '' }, 'stripe', 0);
    expect(key).toBe(`hwds-${first}-${booking?.bookingNumber}-stripe-0`);
    // The emulator kept the key the shop sent.
    const stored = await api.request('POST', '/sandbox/stripe/v1/checkout/sessions', {
      rawBody: 'mode=payment',
      headers: {
        Authorization: `Bearer ${api.paymentConfig.stripe.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Idempotency-Key': key,
      },
    });
    expect(stored.status).toBe(400);
    expect(((await stored.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
  });

  it('a PayPal order that does not hold the booking’s amount (a key met another order) is refused, never paid', async () => {
    const user = await customerWithCart([5]);
    const { body: session } = await startCard(user);
    const booking = await bookingOf(session.bookingId);
    // Another installation sharing the keys created an order at 1.00 € under the key this booking will use.
    const key = await idempotencyKey(api.db, { bookingNumber: booking?.bookingNumber ?? '' }, 'paypal', 0);
    await flows.paypalDashboard(
      'POST',
      '/v2/checkout/orders',
      { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value: '1.00' } }] },
      { 'PayPal-Request-Id': key },
    );
    expect(await startPayPal(user)).toMatchObject({
      status: 502,
      body: { message: 'Fehler bei der PayPal-Zahlung. Bitte versuchen Sie es erneut.' },
    });
    const attempts = await api.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.bookingId, session.bookingId));
    expect(attempts.map((attempt) => attempt.provider)).toEqual(['stripe']);
  });
});

describe('one booking, one payment, while a payment is pending', () => {
  it('20 concurrent starts by card and PayPal while PayPal holds the payment: all 409, nothing opened', async () => {
    const user = await customerWithCart([1, 2]);
    const { body: order } = await startPayPal(user);
    await approve(order.id, 'pending-then-completed');
    await capture(user, order.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? startCard(user) : startPayPal(user))),
    );
    expect(answers.map((started) => started.status)).toEqual(Array(20).fill(409));
    const attempts = await api.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, order.bookingId));
    expect(attempts).toHaveLength(1);
  });
});

describe('the shop as staff fill it (tests/support/realistic-shop.ts)', () => {
  const send: Send = (path, init) => Promise.resolve(api.app.request(`/api${path}`, init));

  it('pays a full cart with the longest names and the smallest price by card, and refunds it once', async () => {
    const admin = await api.admin();
    const tradeFair = await createCategory(send, admin.token, { ...REALISTIC_CATEGORIES.fivePhotos, photos: [] });
    const longest = tradeFair.articles.reduce((a, b) => (b.type.length > a.type.length ? b : a));
    expect(longest.type.length).toBeGreaterThan(160);
    const user = await api.user({ ...REALISTIC_CUSTOMER });
    await addToCart(send, user.token, tradeFair.articles.slice(0, FULL_CART_ENTRIES));
    const booking = await payCartByCard(send, user.token);
    expect(booking).toMatchObject({ status: 'paid', items: expect.arrayContaining([expect.anything()]) });
    expect(booking.items).toHaveLength(FULL_CART_ENTRIES);
    await refundBooking(send, admin.token, booking.id);
    expect((await bookingOf(booking.id))?.status).toBe('refunded');
    const [mail] = await mailsTo(user.userEmail, 'Erstattung Ihrer Bestellung');
    expect(mail?.text).toContain('Hallo Hans-Jürgen,');
  });

  it('takes a card payment of exactly Stripe’s minimum (0,50 €)', async () => {
    const admin = await api.admin();
    const tradeFair = await createCategory(send, admin.token, { ...REALISTIC_CATEGORIES.fivePhotos, photos: [] });
    const smallest = tradeFair.articles.find((article) => article.price === 0.5);
    if (!smallest) throw new Error('the realistic trade fair category has no 0,50 € article');
    const user = await api.user();
    await addToCart(send, user.token, [smallest]);
    expect((await payCartByCard(send, user.token)).totalPrice).toBe(0.5);
  });
});
