/**
 * Refunds (docs/product.md#d33-refunds): staff refund a paid booking through the provider it was
 * paid with, a refund made in a provider's dashboard arrives by webhook, and both end alike (the
 * booking refunded, 'Erstattet' for customer and staff, one German mail naming order and amount)
 * exactly once: under double clicks, concurrent calls, a webhook arriving during the call, and a
 * provider that cannot be reached. Real `stripe` package and PayPal client against the emulators;
 * runs on PGlite and on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../../src/server/db/schema.ts';
import type { AdminBookingPage } from '../../src/server/features/admin/admin.views.ts';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import { reconcilePayments } from '../../src/server/features/payments/reconciliation.ts';
import { paymentFlows } from './support/payment-flows.ts';
import { answer, createTestApi, type ErrorBody, type TestApi, type TestUser } from './support/test-api.ts';

let api: TestApi;
let admin: TestUser;
const {
  customerWithCart,
  startCard,
  startPayPal,
  hostedPage,
  cardWebhooks,
  approve,
  capture,
  stripeDashboard,
  paypalDashboard,
  bookingOf,
  paymentsOf,
  refundsOf,
  mailsTo,
} = paymentFlows(() => api);

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.admin();
});

afterAll(() => api.close());

const refund = (bookingId: number, token = admin.token) =>
  answer<{ bookingId: number; bookingNumber: string; amount: number; status: string } & ErrorBody>(
    api.request('POST', `/admin/bookings/${bookingId}/refund`, { token }),
  );

const refundMails = (to: string) => mailsTo(to, 'Erstattung Ihrer Bestellung');

/** A customer and their booking, paid by card on the hosted page (webhook timing as given). */
async function paidByCard(articles = [1], webhooks: 'after-redirect' | 'before-redirect' | 'never' = 'never') {
  const user = await customerWithCart(articles);
  const { body: session } = await startCard(user);
  await cardWebhooks(session.sessionId, webhooks);
  expect((await hostedPage(session.sessionId, 'pay')).status).toBe(303);
  await api.request('POST', '/payments/confirm-payment', {
    token: user.token,
    body: { bookingId: session.bookingId, sessionId: session.sessionId },
  });
  expect((await bookingOf(session.bookingId))?.status).toBe('paid');
  return { user, bookingId: session.bookingId, sessionId: session.sessionId };
}

async function paidByPayPal(articles = [2]) {
  const user = await customerWithCart(articles);
  const { body: order } = await startPayPal(user);
  await approve(order.id);
  expect((await capture(user, order.id)).body.status).toBe('paid');
  return { user, bookingId: order.bookingId, orderId: order.id };
}

/** The booking as staff see it in the overview. */
async function inOverview(bookingId: number) {
  const page = await answer<AdminBookingPage>(api.request('GET', '/admin/bookings?page=1', { token: admin.token }));
  return page.body.bookings.find((booking) => booking.id === bookingId);
}

async function asCustomerSees(user: TestUser, bookingId: number) {
  const list = await answer<BookingView[]>(api.request('GET', '/booking/get', { token: user.token }));
  return list.body.find((booking) => booking.id === bookingId);
}

describe('a refund by staff', () => {
  // First in the file: on a fresh database the first payment and the first refund both have id 1,
  // the case where the overview once compared refunds.payment_id with refunds.id.
  it('the shop’s first refund leaves every other paid order refundable, paid before it and after', async () => {
    const refunded = await paidByPayPal([2]);
    const before = await paidByCard([1]);
    expect((await refund(refunded.bookingId)).status).toBe(200);
    expect(await refundsOf(refunded.bookingId)).toMatchObject([{ id: 1, paymentId: 1 }]);
    const after = await paidByCard([3]);
    const laterPayPal = await paidByPayPal([4]);
    const page = await answer<AdminBookingPage>(
      api.request('GET', '/admin/bookings?status=paid&page=1', { token: admin.token }),
    );
    const paidIds = [before, after, laterPayPal].map((order) => order.bookingId);
    expect(page.body.bookings.filter((booking) => paidIds.includes(booking.id))).toEqual(
      paidIds.map(() => expect.objectContaining({ status: 'paid', refundable: true })),
    );
    expect(await inOverview(refunded.bookingId)).toMatchObject({ status: 'refunded', refundable: false });
  });

  it('refunds a card payment through Stripe: booking refunded for both sides, one German mail', async () => {
    const { user, bookingId } = await paidByCard([1, 3]);
    expect(await inOverview(bookingId)).toMatchObject({ status: 'paid', refundable: true, testPayment: true });
    const booking = await bookingOf(bookingId);
    expect(await refund(bookingId)).toEqual({
      status: 200,
      body: { bookingId, bookingNumber: booking?.bookingNumber, amount: 4700, status: 'completed' },
    });
    expect((await bookingOf(bookingId))?.status).toBe('refunded');
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'refunded' }]);
    expect(await refundsOf(bookingId)).toMatchObject([
      { status: 'completed', origin: 'staff', amountCents: 470_000, providerRefundId: expect.stringMatching(/^re_/) },
    ]);
    expect(await asCustomerSees(user, bookingId)).toMatchObject({ status: 'refunded' });
    expect(await inOverview(bookingId)).toMatchObject({ status: 'refunded', refundable: false });

    const mail = await api.lastMailTo(user.userEmail, `Erstattung Ihrer Bestellung ${booking?.bookingNumber}`);
    expect(mail.text).toContain(`den Betrag Ihrer Bestellung ${booking?.bookingNumber} erstattet: 4.700,00`);
    expect(mail.text).toContain('(Kreditkarte (Stripe))');
    expect(mail.text).toContain('Es wurde kein echtes Geld bewegt und keines erstattet.');
    // The provider holds the refund too.
    const charge = await stripeDashboard().refunds.retrieve(String((await refundsOf(bookingId))[0]?.providerRefundId));
    expect(charge).toMatchObject({ amount: 470_000, status: 'succeeded' });
  });

  it('refunds a PayPal payment through PayPal’s refund API', async () => {
    const { user, bookingId } = await paidByPayPal([4]);
    expect(await refund(bookingId)).toMatchObject({ status: 200, body: { amount: 5000, status: 'completed' } });
    expect((await bookingOf(bookingId))?.status).toBe('refunded');
    const [row] = await refundsOf(bookingId);
    const [payment] = await paymentsOf(bookingId);
    const atPayPal = await paypalDashboard('GET', `/v2/payments/captures/${payment?.providerPaymentId}`);
    expect(((await atPayPal.json()) as { status: string }).status).toBe('REFUNDED');
    expect(row).toMatchObject({ status: 'completed', providerRefundId: expect.stringMatching(/^[A-Z0-9]{17}$/) });
    await expect.poll(async () => (await refundMails(user.userEmail)).length).toBe(1);
    expect((await refundMails(user.userEmail))[0]?.text).toContain('(PayPal)');
  });

  it('answers 409 for a booking not paid or refunded already, 404 for an unknown one, 403 for customers', async () => {
    const unpaid = await customerWithCart([5]);
    const { body: session } = await startCard(unpaid);
    expect(await refund(session.bookingId)).toEqual({
      status: 409,
      body: { message: 'Nur bezahlte Bestellungen können erstattet werden.', statusCode: 409 },
    });
    const { bookingId, user } = await paidByCard([2]);
    expect((await refund(bookingId, user.token)).status).toBe(403);
    expect((await refund(bookingId)).status).toBe(200);
    expect(await refund(bookingId)).toEqual({
      status: 409,
      body: { message: 'Diese Bestellung ist bereits erstattet.', statusCode: 409 },
    });
    expect((await refund(999_999)).status).toBe(404);
  });

  it('refunds once under a double click and 10 concurrent calls: one refund at Stripe, one mail', async () => {
    const { user, bookingId } = await paidByCard([3]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(bookingId)));
    expect(answers.filter((answered) => answered.status === 200)).toHaveLength(1);
    expect(answers.filter((answered) => answered.status === 409)).toHaveLength(9);
    expect((await bookingOf(bookingId))?.status).toBe('refunded');
    expect(await refundsOf(bookingId)).toHaveLength(1);
    const [payment] = await paymentsOf(bookingId);
    const atStripe = await stripeDashboard()
      .refunds.list({ payment_intent: payment?.providerPaymentId ?? '' })
      .catch(() => undefined);
    // The emulator serves no refund list: its charge says how much went back.
    if (atStripe) expect(atStripe.data).toHaveLength(1);
    await expect.poll(async () => (await refundMails(user.userEmail)).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await refundMails(user.userEmail)).toHaveLength(1);
  });

  it('ends once when Stripe’s webhook arrives while the call waits for Stripe’s answer', async () => {
    // The session's events come before Stripe answers (mode before-redirect): charge.refunded lands mid-call.
    const { user, bookingId } = await paidByCard([4], 'before-redirect');
    expect(await refund(bookingId)).toMatchObject({ status: 200, body: { status: 'completed' } });
    expect((await bookingOf(bookingId))?.status).toBe('refunded');
    expect(await refundsOf(bookingId)).toMatchObject([
      { origin: 'staff', status: 'completed', providerRefundId: expect.stringMatching(/^re_/) },
    ]);
    await expect.poll(async () => (await refundMails(user.userEmail)).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await refundMails(user.userEmail)).toHaveLength(1);
  });

  it('Stripe unreachable: 502, nothing refunded twice; the reconciliation asks again under the same key', async () => {
    const { user, bookingId } = await paidByCard([5]);
    await api.request('POST', '/sandbox/stripe/test/fail-next', { body: { status: 500 } });
    // The emulator does the refund, then answers 500: the package retries and meets the stored answer.
    const first = await refund(bookingId);
    expect([200, 502]).toContain(first.status);
    await api.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(refunds.bookingId, bookingId));
    await reconcilePayments(api.deps, api.providers, { olderThanMs: 0 });
    expect((await bookingOf(bookingId))?.status).toBe('refunded');
    expect(await refundsOf(bookingId)).toMatchObject([{ status: 'completed' }]);
    const [payment] = await paymentsOf(bookingId);
    // A second refund at Stripe would be refused: the charge is refunded once, in full.
    await expect(
      stripeDashboard().refunds.create({ payment_intent: payment?.providerPaymentId ?? '' }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
    await expect.poll(async () => (await refundMails(user.userEmail)).length).toBe(1);
  });
});

describe('a refund made in the provider’s dashboard', () => {
  it('Stripe: charge.refunded ends it as a staff refund does', async () => {
    const { user, bookingId } = await paidByCard([2], 'after-redirect');
    const [payment] = await paymentsOf(bookingId);
    await stripeDashboard().refunds.create({ payment_intent: payment?.providerPaymentId ?? '' });
    await expect.poll(async () => (await bookingOf(bookingId))?.status).toBe('refunded');
    expect(await refundsOf(bookingId)).toMatchObject([{ origin: 'provider', status: 'completed' }]);
    await expect.poll(async () => (await refundMails(user.userEmail)).length).toBe(1);
    // Staff then: refunded already.
    expect((await refund(bookingId)).status).toBe(409);
  });

  it('PayPal: PAYMENT.CAPTURE.REFUNDED, verified with PayPal, ends it the same way', async () => {
    const { user, bookingId } = await paidByPayPal([3]);
    const [payment] = await paymentsOf(bookingId);
    const made = await paypalDashboard('POST', `/v2/payments/captures/${payment?.providerPaymentId}/refund`, {});
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await expect.poll(async () => (await bookingOf(bookingId))?.status).toBe('refunded');
    expect(await refundsOf(bookingId)).toMatchObject([{ origin: 'provider', providerRefundId: id }]);
    await expect.poll(async () => (await refundMails(user.userEmail)).length).toBe(1);
  });

  it('a partial refund at the provider leaves the booking paid (staff see it there)', async () => {
    const { bookingId } = await paidByCard([1], 'after-redirect');
    const [payment] = await paymentsOf(bookingId);
    await stripeDashboard().refunds.create({ payment_intent: payment?.providerPaymentId ?? '', amount: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bookingOf(bookingId))?.status).toBe('paid');
    expect(await refundsOf(bookingId)).toEqual([]);
  });
});

describe('PayPal’s webhook', () => {
  it('refuses a transmission PayPal does not verify, or without its headers (400), and changes nothing', async () => {
    const event = JSON.stringify({
      id: 'WH-FORGED',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: 'R', status: 'COMPLETED', links: [] },
    });
    const headers = {
      'Content-Type': 'application/json',
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      'PAYPAL-CERT-URL': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-x',
      'PAYPAL-TRANSMISSION-ID': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      'PAYPAL-TRANSMISSION-SIG': 'bm90IGEgc2lnbmF0dXJl',
      'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
    };
    const send = (sent: Record<string, string>, body = event) =>
      answer<ErrorBody>(api.request('POST', '/payment/paypal/webhook', { rawBody: body, headers: sent }));
    expect(await send(headers)).toEqual({
      status: 400,
      body: { message: 'Die Nachricht ist nicht von PayPal bestätigt.', statusCode: 400 },
    });
    const { 'PAYPAL-TRANSMISSION-SIG': _, ...unsigned } = headers;
    expect((await send(unsigned)).status).toBe(400);
    expect((await send(headers, '{"id":')).status).toBe(400);
  });
});
