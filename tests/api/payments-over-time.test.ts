/**
 * What hours and weeks do to an order (docs/product.md#d32-payment-states, #d33-refunds): the
 * sandbox clock moves the providers on, as their own time would, through every case the
 * reconciliation and the webhooks must end in the state D32 names, with the mail it names,
 * whichever order the events arrive in and however often:
 * 1. a PayPal order abandoned and gone after three hours; 2. a delayed card payment that fails
 * days later; 3. chargebacks won and lost; 4. refunds that fail after they were accepted; 5. money
 * that does not fit the order; 6. an approval never captured by the browser; 7. a second approval
 * after a declined funding source. Real `stripe` package and PayPal client against the emulators;
 * runs on PGlite and on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes, invoices, mailQueue, paymentAttempts } from '../../src/server/db/schema.ts';
import type { AdminBookingPage } from '../../src/server/features/admin/admin.views.ts';
import { applyProviderDispute, recordChargeback } from '../../src/server/features/payments/disputes.ts';
import { applyProviderRefund } from '../../src/server/features/payments/provider-refunds.ts';
import { reconcilePayments } from '../../src/server/features/payments/reconciliation.ts';
import { checkEInvoices } from '../support/einvoice.ts';
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
  confirm,
  settlePayPal,
  losePayPalWebhooks,
  payPalWebhooks,
  advanceClock,
  dispute,
  nextRefund,
  stripeDashboard,
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

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** The booking still awaits payment at PayPal after this long: its order is gone. */
const PAYPAL_ORDER_GONE = 3 * HOUR + 60;
/** A delayed card payment (SEPA) ends three days after it was made. */
const DELAYED_PAYMENT_ENDS = 3 * DAY;

const reconcileNow = () => reconcilePayments(api.deps, api.providers, { olderThanMs: 0 });
const agencyMails = (subject: string) => mailsTo(api.deps.company.email, subject);
const attemptOf = async (ref: string) =>
  (await api.db.select().from(paymentAttempts).where(eq(paymentAttempts.providerRef, ref)))[0];
const refund = (bookingId: number) =>
  answer<{ status: string } & ErrorBody>(
    api.request('POST', `/admin/bookings/${bookingId}/refund`, { token: admin.token }),
  );

/** The booking as staff see it in the overview (filtered by its status). */
async function inOverview(bookingId: number, status = '') {
  const page = await answer<AdminBookingPage>(
    api.request('GET', `/admin/bookings?status=${status}&page=1`, { token: admin.token }),
  );
  return page.body.bookings.find((booking) => booking.id === bookingId);
}

/** A customer whose booking was paid by card on the hosted page, its events delivered as `mode` says. */
async function paidByCard(articles: number[], mode: 'after-redirect' | 'twice' | 'out-of-order' = 'after-redirect') {
  const user = await customerWithCart(articles);
  const { body: session } = await startCard(user);
  await cardWebhooks(session.sessionId, mode);
  expect((await hostedPage(session.sessionId, 'pay')).status).toBe(303);
  expect((await confirm(user, { bookingId: session.bookingId, sessionId: session.sessionId })).status).toBe(200);
  return { user, bookingId: session.bookingId, sessionId: session.sessionId };
}

async function paidByPayPal(articles: number[], mode: 'send' | 'twice' | 'out-of-order' = 'send') {
  const user = await customerWithCart(articles);
  const { body: order } = await startPayPal(user);
  await payPalWebhooks(order.id, mode);
  await approve(order.id);
  expect((await capture(user, order.id)).body.status).toBe('paid');
  return { user, bookingId: order.bookingId, orderId: order.id };
}

describe('1. a PayPal order the customer opened and left', () => {
  it('is gone at PayPal after three hours: the customer who comes back pays by card or PayPal at once, nothing 5xx', async () => {
    const byCard = await customerWithCart([2]);
    const left = (await startPayPal(byCard)).body;
    const byPayPal = await customerWithCart([3]);
    const leftToo = (await startPayPal(byPayPal)).body;
    await advanceClock(4 * HOUR);

    const card = await startCard(byCard);
    expect(card).toMatchObject({ status: 200, body: { bookingId: left.bookingId } });
    expect((await attemptOf(left.id))?.status).toBe('expired');
    expect((await hostedPage(card.body.sessionId, 'pay')).status).toBe(303);
    await expect.poll(async () => (await bookingOf(left.bookingId))?.status).toBe('paid');

    const again = await startPayPal(byPayPal);
    expect(again).toMatchObject({ status: 201, body: { bookingId: leftToo.bookingId } });
    expect(again.body.id).not.toBe(leftToo.id);
    // The old order's return page and capture: no 5xx, nothing paid by it.
    const oldConfirm = await confirm(byPayPal, {
      bookingId: leftToo.bookingId,
      sessionId: leftToo.id,
      paymentMethod: 'paypal',
    });
    expect(oldConfirm.status).toBe(402);
    expect((await capture(byPayPal, leftToo.id)).status).toBe(409);
    await approve(again.body.id);
    expect((await capture(byPayPal, again.body.id)).body.status).toBe('paid');
    expect(await paymentsOf(leftToo.bookingId)).toMatchObject([{ providerRef: again.body.id, status: 'settled' }]);
  });

  it('is closed by the reconciliation too, which no longer fails on it', async () => {
    const user = await customerWithCart([4]);
    const { body: order } = await startPayPal(user);
    await advanceClock(PAYPAL_ORDER_GONE);
    expect((await reconcileNow()).changed).toBeGreaterThan(0);
    expect((await attemptOf(order.id))?.status).toBe('expired');
    expect((await bookingOf(order.bookingId))?.status).toBe('pending_payment');
  });
});

describe('2. a delayed card payment that fails days later', () => {
  for (const mode of ['twice', 'out-of-order'] as const) {
    it(`ends payable again, with one mail, its events delivered ${mode}: a failed attempt is never revived`, async () => {
      const user = await customerWithCart([1]);
      const { body: session } = await startCard(user);
      await cardWebhooks(session.sessionId, mode);
      expect((await hostedPage(session.sessionId, 'delayed-fails')).status).toBe(303);
      expect((await confirm(user, { bookingId: session.bookingId, sessionId: session.sessionId })).body.status).toBe(
        'processing',
      );
      await advanceClock(DELAYED_PAYMENT_ENDS);
      // Out of order, completed (unpaid) arrives after async_payment_failed; twice, both arrive twice.
      expect((await attemptOf(session.sessionId))?.status).toBe('failed');
      expect((await bookingOf(session.bookingId))?.status).toBe('pending_payment');
      // The success page still polling afterwards: not paid, and nothing revived.
      expect((await confirm(user, { bookingId: session.bookingId, sessionId: session.sessionId })).status).toBe(402);
      await reconcileNow();
      expect((await attemptOf(session.sessionId))?.status).toBe('failed');
      await expect.poll(async () => (await mailsTo(user.userEmail, 'Ihre Zahlung zur Bestellung')).length).toBe(1);
      // The customer pays again; staff could cancel it instead once its window passed.
      const again = await startCard(user);
      expect(again).toMatchObject({ status: 200, body: { bookingId: session.bookingId } });
      expect((await hostedPage(again.body.sessionId, 'pay')).status).toBe(303);
      await expect.poll(async () => (await bookingOf(session.bookingId))?.status).toBe('paid');
    });
  }

  it('succeeds days later: paid once, whatever the order of its events', async () => {
    const user = await customerWithCart([5]);
    const { body: session } = await startCard(user);
    await cardWebhooks(session.sessionId, 'out-of-order');
    await hostedPage(session.sessionId, 'delayed-succeeds');
    await advanceClock(DELAYED_PAYMENT_ENDS);
    expect((await bookingOf(session.bookingId))?.status).toBe('paid');
    await expect.poll(async () => (await mailsTo(user.userEmail, 'Ihre Bestellung')).length).toBe(1);
  });
});

describe('3. a chargeback', () => {
  it('by card, lost: disputed for staff with the reason and deadline mailed at once, then charged back with a correcting invoice, the customer not mailed', async () => {
    const { user, bookingId, sessionId } = await paidByCard([2, 3], 'out-of-order');
    const booking = await bookingOf(bookingId);
    const number = booking?.bookingNumber ?? '';
    expect((await dispute('stripe', sessionId, 'open', 'product_not_received')).status).toBe(200);
    await advanceClock(60);
    expect((await bookingOf(bookingId))?.status).toBe('disputed');
    expect(await inOverview(bookingId, 'disputed')).toMatchObject({
      status: 'disputed',
      refundable: false,
      dispute: {
        outcome: 'open',
        reason: 'Leistung nicht erhalten (product_not_received)',
        respondBy: expect.any(String),
      },
    });
    const [opened] = await agencyMails(`Zahlung angefochten: Bestellung ${number}`);
    expect(opened?.text).toContain('Grund laut Zahlungsanbieter: Leistung nicht erhalten (product_not_received).');
    expect(opened?.text).toMatch(/Frist für eine Stellungnahme beim Zahlungsanbieter: \d\d\.\d\d\.\d{4}/);
    expect(await refund(bookingId)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('angefochten') },
    });

    expect((await dispute('stripe', sessionId, 'lost')).status).toBe(200);
    await advanceClock(60);
    expect((await bookingOf(bookingId))?.status).toBe('charged_back');
    expect(await paymentsOf(bookingId)).toMatchObject([{ status: 'charged_back' }]);
    const shown = await inOverview(bookingId, 'charged_back');
    expect(shown).toMatchObject({ status: 'charged_back', dispute: { outcome: 'lost' } });
    const creditNote = shown?.creditNoteNumber ?? '';
    expect(creditNote).toMatch(/^RE-\d{4}-\d{5}$/);
    const [lost] = await agencyMails(`Rückbuchung: Bestellung ${number}`);
    expect(lost?.invoiceNumber).toBe(creditNote);
    expect(lost?.text).toContain(`Die Rechnungskorrektur ${creditNote}`);
    expect(await mailsTo(user.userEmail, 'Erstattung')).toEqual([]);
    // Events again, or the reconciliation: nothing more.
    await reconcileNow();
    expect(await agencyMails(`Rückbuchung: Bestellung ${number}`)).toHaveLength(1);
    expect(await api.db.select().from(invoices).where(eq(invoices.bookingId, bookingId))).toHaveLength(2);

    const pdf = await api.request('GET', `/booking/${bookingId}/credit-note`, { token: admin.token });
    expect(pdf.status).toBe(200);
    const [check] = checkEInvoices([new Uint8Array(await pdf.arrayBuffer())]);
    expect(check?.findings).toEqual([]);
    expect(check?.xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
  });

  it('with PayPal, won: paid again, the agency told both times; events delivered twice', async () => {
    const { bookingId, orderId } = await paidByPayPal([4], 'twice');
    const number = (await bookingOf(bookingId))?.bookingNumber ?? '';
    await dispute('paypal', orderId, 'open');
    await advanceClock(60);
    expect((await bookingOf(bookingId))?.status).toBe('disputed');
    await dispute('paypal', orderId, 'won');
    await advanceClock(60);
    expect((await bookingOf(bookingId))?.status).toBe('paid');
    expect(await inOverview(bookingId)).toMatchObject({
      status: 'paid',
      refundable: true,
      dispute: { outcome: 'won' },
    });
    expect(await agencyMails(`Zahlung angefochten: Bestellung ${number}`)).toHaveLength(1);
    expect(await agencyMails(`Anfechtung abgewehrt: Bestellung ${number}`)).toHaveLength(1);
  });

  it('with PayPal, lost while its webhooks were lost: the reconciliation reads the dispute and charges it back, once', async () => {
    const { bookingId, orderId } = await paidByPayPal([1], 'out-of-order');
    await dispute('paypal', orderId, 'open');
    await advanceClock(60);
    expect((await bookingOf(bookingId))?.status).toBe('disputed');
    await losePayPalWebhooks(orderId);
    await dispute('paypal', orderId, 'lost');
    expect((await bookingOf(bookingId))?.status).toBe('disputed');
    await reconcileNow();
    expect((await bookingOf(bookingId))?.status).toBe('charged_back');
    const [row] = await api.db.select().from(disputes).where(eq(disputes.bookingId, bookingId));
    expect(row).toMatchObject({ provider: 'paypal', status: 'lost', reason: 'UNAUTHORISED' });
    const number = (await bookingOf(bookingId))?.bookingNumber ?? '';
    expect(await agencyMails(`Rückbuchung: Bestellung ${number}`)).toHaveLength(1);
  });
});

describe('reports at the same moment (replicas, retries, the reconciliation)', () => {
  it('charge a lost dispute back once and end a failed refund once: one state, one correcting invoice, one mail each', async () => {
    const { bookingId, orderId } = await paidByPayPal([3]);
    const [payment] = await paymentsOf(bookingId);
    const captureId = payment?.providerPaymentId ?? '';
    await losePayPalWebhooks(orderId);
    const opened = await answer<{ dispute_id: string }>(dispute('paypal', orderId, 'lost'));
    const lost = {
      provider: 'paypal' as const,
      providerDisputeId: opened.body.dispute_id,
      paymentId: captureId,
      status: 'lost' as const,
      reason: 'UNAUTHORISED',
      respondBy: null,
      amountCents: payment?.amountCents ?? 0,
    };
    await Promise.all([
      ...Array.from({ length: 4 }, () => applyProviderDispute(api.deps, lost)),
      ...Array.from({ length: 4 }, () => recordChargeback(api.deps, 'paypal', captureId)),
      reconcileNow(),
    ]);
    expect((await bookingOf(bookingId))?.status).toBe('charged_back');
    const number = (await bookingOf(bookingId))?.bookingNumber ?? '';
    expect(await agencyMails(`Rückbuchung: Bestellung ${number}`)).toHaveLength(1);
    const kinds = (await api.db.select().from(invoices).where(eq(invoices.bookingId, bookingId))).map(
      (row) => row.kind,
    );
    expect(kinds.sort()).toEqual(['credit_note', 'invoice']);

    const card = await paidByCard([4]);
    await nextRefund('stripe', 'fails');
    expect((await refund(card.bookingId)).body.status).toBe('pending');
    const [row] = await refundsOf(card.bookingId);
    const [cardPayment] = await paymentsOf(card.bookingId);
    const failed = {
      provider: 'stripe' as const,
      paymentId: cardPayment?.providerPaymentId ?? '',
      providerRefundId: row?.providerRefundId ?? '',
      status: 'failed' as const,
    };
    await Promise.all(Array.from({ length: 10 }, () => applyProviderRefund(api.deps, failed)));
    expect(await refundsOf(card.bookingId)).toMatchObject([{ status: 'failed' }]);
    const cardNumber = (await bookingOf(card.bookingId))?.bookingNumber ?? '';
    expect(await agencyMails(`Erstattung fehlgeschlagen: Bestellung ${cardNumber}`)).toHaveLength(1);
    // Stripe's own word, an hour later, changes nothing more.
    await advanceClock(HOUR);
    expect(await agencyMails(`Erstattung fehlgeschlagen: Bestellung ${cardNumber}`)).toHaveLength(1);
  });
});

describe('4. a refund that fails after the provider accepted it', () => {
  it('by card: pending tells the customer nothing; failed makes the booking paid again, mails the agency, and refunding again works', async () => {
    const { user, bookingId } = await paidByCard([5]);
    const number = (await bookingOf(bookingId))?.bookingNumber ?? '';
    await nextRefund('stripe', 'fails');
    expect(await refund(bookingId)).toMatchObject({ status: 200, body: { status: 'pending' } });
    expect((await bookingOf(bookingId))?.status).toBe('paid');
    expect(await inOverview(bookingId)).toMatchObject({
      refundable: false,
      refund: { status: 'pending' },
      creditNoteNumber: null,
    });
    expect(await refund(bookingId)).toMatchObject({ status: 409 });
    await advanceClock(HOUR);
    expect(await refundsOf(bookingId)).toMatchObject([
      { status: 'failed', providerRefundId: expect.stringMatching(/^re_/) },
    ]);
    expect(await inOverview(bookingId)).toMatchObject({
      status: 'paid',
      refundable: true,
      refund: { status: 'failed' },
    });
    expect(await agencyMails(`Erstattung fehlgeschlagen: Bestellung ${number}`)).toHaveLength(1);
    expect(await mailsTo(user.userEmail, 'Erstattung Ihrer Bestellung')).toEqual([]);

    expect(await refund(bookingId)).toMatchObject({ status: 200, body: { status: 'completed' } });
    expect((await bookingOf(bookingId))?.status).toBe('refunded');
    expect((await inOverview(bookingId))?.creditNoteNumber).toMatch(/^RE-/);
    await expect.poll(async () => (await mailsTo(user.userEmail, 'Erstattung Ihrer Bestellung')).length).toBe(1);
  });

  it('made in Stripe’s dashboard: recorded with its refund id, so its failure finds it', async () => {
    const { user, bookingId } = await paidByCard([4]);
    const [payment] = await paymentsOf(bookingId);
    await nextRefund('stripe', 'fails');
    const made = await stripeDashboard().refunds.create({ payment_intent: payment?.providerPaymentId ?? '' });
    await expect.poll(async () => (await refundsOf(bookingId))[0]?.providerRefundId).toBe(made.id);
    expect(await refundsOf(bookingId)).toMatchObject([{ origin: 'provider', status: 'pending' }]);
    expect((await bookingOf(bookingId))?.status).toBe('paid');
    await advanceClock(HOUR);
    expect(await refundsOf(bookingId)).toMatchObject([{ status: 'failed' }]);
    expect((await bookingOf(bookingId))?.status).toBe('paid');
    expect(await mailsTo(user.userEmail, 'Erstattung Ihrer Bestellung')).toEqual([]);
  });

  it('with PayPal: no webhook tells a failed refund, the reconciliation does; a delayed one completes with its mail', async () => {
    const { user, bookingId } = await paidByPayPal([2]);
    const number = (await bookingOf(bookingId))?.bookingNumber ?? '';
    await nextRefund('paypal', 'fails');
    expect(await refund(bookingId)).toMatchObject({ status: 200, body: { status: 'pending' } });
    await advanceClock(HOUR);
    await reconcileNow();
    expect((await bookingOf(bookingId))?.status).toBe('paid');
    expect(await agencyMails(`Erstattung fehlgeschlagen: Bestellung ${number}`)).toHaveLength(1);
    await nextRefund('paypal', 'succeeds');
    expect(await refund(bookingId)).toMatchObject({ status: 200, body: { status: 'pending' } });
    expect(await mailsTo(user.userEmail, 'Erstattung Ihrer Bestellung')).toEqual([]);
    await advanceClock(HOUR);
    await expect.poll(async () => (await bookingOf(bookingId))?.status).toBe('refunded');
    await expect.poll(async () => (await mailsTo(user.userEmail, 'Erstattung Ihrer Bestellung')).length).toBe(1);
  });
});

describe('5. money that does not fit the order', () => {
  it('a PayPal capture held for review, of another amount: recorded for a refund and mailed to the agency when PayPal completes it', async () => {
    const user = await customerWithCart([3]);
    const { body: order } = await startPayPal(user);
    await api.request('POST', `/sandbox/paypal/test/orders/${order.id}/capture-amount`, { body: { value: '1.00' } });
    await losePayPalWebhooks(order.id);
    await approve(order.id, 'pending-then-completed');
    expect((await capture(user, order.id)).status).toBe(409);
    expect((await bookingOf(order.bookingId))?.status).toBe('pending_payment');
    await payPalWebhooks(order.id, 'twice');
    await settlePayPal(order.id, 'COMPLETED');
    await expect.poll(async () => (await paymentsOf(order.bookingId)).map((p) => p.status)).toEqual(['refund_due']);
    expect((await attemptOf(order.id))?.status).toBe('completed');
    expect((await bookingOf(order.bookingId))?.status).toBe('pending_payment');
    const number = (await bookingOf(order.bookingId))?.bookingNumber ?? '';
    await expect.poll(async () => (await agencyMails(`Zahlung passt nicht zur Bestellung ${number}`)).length).toBe(1);
  });
});

describe('6. an approval the browser never captured', () => {
  it('is captured by PayPal’s CHECKOUT.ORDER.APPROVED webhook, without the browser', async () => {
    const user = await customerWithCart([1]);
    const { body: order } = await startPayPal(user);
    await approve(order.id);
    await expect.poll(async () => (await bookingOf(order.bookingId))?.status).toBe('paid');
    await expect.poll(async () => (await mailsTo(user.userEmail, 'Ihre Bestellung')).length).toBe(1);
    // The browser's capture, late: paid, with the payer's name.
    expect(await capture(user, order.id)).toMatchObject({ status: 200, body: { status: 'paid', payerName: 'Erika' } });
  });

  it('is captured by the reconciliation while the order lives, and given up once PayPal forgot it', async () => {
    const kept = await customerWithCart([2]);
    const { body: order } = await startPayPal(kept);
    await losePayPalWebhooks(order.id);
    await approve(order.id);
    await reconcileNow();
    expect((await bookingOf(order.bookingId))?.status).toBe('paid');

    const late = await customerWithCart([5]);
    const { body: forgotten } = await startPayPal(late);
    await losePayPalWebhooks(forgotten.id);
    await approve(forgotten.id);
    await advanceClock(PAYPAL_ORDER_GONE);
    await reconcileNow();
    expect((await attemptOf(forgotten.id))?.status).toBe('expired');
    expect((await bookingOf(forgotten.bookingId))?.status).toBe('pending_payment');
    expect(await paymentsOf(forgotten.bookingId)).toEqual([]);
  });
});

describe('7. a second approval after PayPal declined the funding source', () => {
  it('is captured under its own request id, once, whoever captures (browser, webhook, reconciliation)', async () => {
    const user = await customerWithCart([4]);
    const { body: order } = await startPayPal(user);
    await payPalWebhooks(order.id, 'twice');
    await approve(order.id, 'instrument-declined');
    expect((await capture(user, order.id)).body.message).toMatch(/^PayPal hat die gewählte Zahlungsquelle abgelehnt/);
    await reconcileNow();
    expect((await bookingOf(order.bookingId))?.status).toBe('pending_payment');
    await approve(order.id, 'completed');
    expect(await capture(user, order.id)).toMatchObject({ status: 200, body: { status: 'paid' } });
    expect(await paymentsOf(order.bookingId)).toHaveLength(1);
    const mails = await api.db.select().from(mailQueue).where(eq(mailQueue.recipient, user.userEmail));
    expect(mails.filter((mail) => mail.subject.startsWith('Ihre Bestellung'))).toHaveLength(1);
  });
});
