/**
 * Refunds (docs/product.md#d33-refunds): staff refund a paid booking in full through the provider
 * it was paid with; a refund made at the provider (its dashboard) arrives by webhook and ends the
 * same way. The provider's final word decides: when it says the refund succeeded, the payment and
 * the booking become 'refunded', the correcting invoice is issued and the customer gets one German
 * mail; while it is pending nothing of that happens; when it fails, the booking is paid again, the
 * agency is told, and staff can refund it anew.
 *
 * Exactly once: the refund row is written (under the booking's row lock) before the provider is
 * asked, and its id is the idempotency key of that request, so a double click, a concurrent call,
 * a lost answer or a crash in between never refunds twice; the reconciliation asks again for a
 * request that got no answer.
 */
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { ApiDependencies } from '../../context.ts';
import { bookings, type Database, payments, refunds } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { idempotencyKey } from './idempotency-keys.ts';
import type { PaymentProviders } from './payment-providers.ts';
import type { RefundView } from './payments.views.ts';
import { PayPalApiError } from './paypal-client.ts';
import { applyProviderRefund, refundStatusOf } from './provider-refunds.ts';
import { markRefunded, type PaymentRow, type RefundRow } from './refund-outcomes.ts';

const REFUND_MESSAGES = {
  bookingNotFound: 'Bestellung nicht gefunden.',
  notPaid: 'Nur bezahlte Bestellungen können erstattet werden.',
  alreadyRefunded: 'Diese Bestellung ist bereits erstattet.',
  underWay: 'Diese Bestellung wird gerade erstattet. Bitte laden Sie die Übersicht gleich neu.',
  pendingAtProvider:
    'Der Zahlungsanbieter hat die Erstattung dieser Bestellung angenommen und zahlt sie gerade aus. Scheitert sie, erfahren Sie es per E-Mail.',
  disputed:
    'Die Zahlung dieser Bestellung ist beim Zahlungsanbieter angefochten. Sie kann erst erstattet werden, wenn er über die Anfechtung entschieden hat.',
  chargedBack: 'Die Zahlung dieser Bestellung wurde zurückgebucht; es gibt nichts mehr zu erstatten.',
  providerRefused:
    'Der Zahlungsanbieter hat die Erstattung abgelehnt. Bitte prüfen Sie die Zahlung im Konto des Zahlungsanbieters.',
  providerUnreachable:
    'Der Zahlungsanbieter ist gerade nicht erreichbar. Die Erstattung wird in einigen Minuten automatisch erneut versucht.',
} as const;

const m = REFUND_MESSAGES;

/** A staff refund still asking its provider after this long got no answer: it may be asked again. */
const REQUEST_TIMEOUT_SECONDS = 120;

/** What the provider answered to a refund request. */
type ProviderAnswer =
  | { status: 'completed' | 'pending'; providerRefundId: string | null }
  | { status: 'failed'; reason: string };

/**
 * Takes the refund of a paid booking for this call, under the booking's row lock: a new staff
 * refund row, or one left without an answer long enough to ask again. Anything else is a 404/409.
 */
async function claimRefund(db: Database, bookingId: number) {
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw new ApiError(404, m.bookingNotFound);
    const [live] = await tx
      .select({
        refund: refunds,
        fresh: sql<boolean>`${refunds.updatedAt} > now() - make_interval(secs => ${REQUEST_TIMEOUT_SECONDS})`,
      })
      .from(refunds)
      .where(and(eq(refunds.bookingId, bookingId), ne(refunds.status, 'failed')));
    if (live?.refund.status === 'requested') {
      if (live.fresh) throw new ApiError(409, m.underWay);
      const [again] = await tx
        .update(refunds)
        .set({ updatedAt: sql`now()` })
        .where(eq(refunds.id, live.refund.id))
        .returning();
      const [payment] = await tx.select().from(payments).where(eq(payments.id, live.refund.paymentId));
      if (!again || !payment) throw new Error('refund vanished');
      return { booking, payment, refund: again };
    }
    if (live?.refund.status === 'pending') throw new ApiError(409, m.pendingAtProvider);
    if (live || booking.status === 'refunded') throw new ApiError(409, m.alreadyRefunded);
    if (booking.status === 'disputed') throw new ApiError(409, m.disputed);
    if (booking.status === 'charged_back') throw new ApiError(409, m.chargedBack);
    if (booking.status !== 'paid') throw new ApiError(409, m.notPaid);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'settled')));
    if (!payment) throw new ApiError(409, m.notPaid);
    const [refund] = await tx
      .insert(refunds)
      .values({ bookingId, paymentId: payment.id, amountCents: payment.amountCents, origin: 'staff' })
      .returning();
    if (!refund) throw new Error('refund not stored');
    return { booking, payment, refund };
  });
}

/** The provider's id of what is refunded: Stripe's PaymentIntent, PayPal's capture (read for older payments). */
async function refundedPaymentId(providers: PaymentProviders, payment: PaymentRow): Promise<string> {
  if (payment.providerPaymentId) return payment.providerPaymentId;
  if (payment.provider === 'stripe') {
    const session = await providers.stripe.checkout.sessions.retrieve(payment.providerRef);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (intent) return intent;
  } else {
    const order = await providers.paypal.getOrder(payment.providerRef);
    const capture = order.purchase_units.flatMap((unit) => unit.payments?.captures ?? [])[0];
    if (capture) return capture.id;
  }
  throw new Error(`payment ${payment.providerRef} has nothing to refund`);
}

/**
 * Asks the provider for the full refund. A refusal is an answer (failed); a provider that cannot
 * be reached throws, and the refund stays requested for the reconciliation to ask again.
 */
async function requestRefund(
  deps: ApiDependencies,
  providers: PaymentProviders,
  claim: { booking: { bookingNumber: string }; payment: PaymentRow; refund: RefundRow },
): Promise<ProviderAnswer> {
  const { booking, payment, refund } = claim;
  const key = await idempotencyKey(deps.db, booking, 'refund', refund.id);
  const paymentId = await refundedPaymentId(providers, payment);
  try {
    if (payment.provider === 'stripe') {
      const made = await providers.stripe.refunds.create(
        {
          payment_intent: paymentId,
          reason: 'requested_by_customer',
          metadata: { bookingNumber: booking.bookingNumber },
        },
        { idempotencyKey: key },
      );
      return answerOf(made.status, made.id);
    }
    const made = await providers.paypal.refundCapture(
      paymentId,
      { noteToPayer: `Erstattung Ihrer Bestellung ${booking.bookingNumber} bei HWDS` },
      key,
    );
    return answerOf(made.status, made.id);
  } catch (error) {
    // Refunded at the provider already (its dashboard), and its webhook not here yet: done.
    if (
      (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') ||
      (error instanceof PayPalApiError && error.issue === 'CAPTURE_FULLY_REFUNDED')
    ) {
      return { status: 'completed', providerRefundId: null };
    }
    // A refusal is final; PayPal's 409 is the same request still running elsewhere: ask again later.
    const refused =
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      (error instanceof PayPalApiError && error.status >= 400 && error.status < 500 && error.status !== 409);
    if (refused) return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    throw error;
  }
}

function answerOf(providerStatus: string | null | undefined, providerRefundId: string): ProviderAnswer {
  const status = refundStatusOf(providerStatus);
  return status === 'failed'
    ? { status, reason: `refund ${providerRefundId} ${providerStatus}` }
    : { status, providerRefundId };
}

/** Records the provider's answer to a requested refund, once (a webhook may have told it first). */
async function finishRefund(deps: ApiDependencies, refundId: number, answer: ProviderAnswer): Promise<RefundRow> {
  const { refund, mailed } = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!current) throw new Error('refund vanished');
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, current.bookingId)).for('update');
    const [locked] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!locked) throw new Error('refund vanished');
    if (locked.status !== 'requested') {
      if (answer.status !== 'failed' && answer.providerRefundId && !locked.providerRefundId) {
        await tx.update(refunds).set({ providerRefundId: answer.providerRefundId }).where(eq(refunds.id, refundId));
      }
      return { refund: locked, mailed: false };
    }
    if (answer.status === 'failed') {
      log.error({ refundId, reason: answer.reason }, 'the provider refused a refund');
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', updatedAt: sql`now()` })
        .where(eq(refunds.id, refundId))
        .returning();
      return { refund: failed ?? locked, mailed: false };
    }
    const [done] = await tx
      .update(refunds)
      .set({ status: answer.status, providerRefundId: answer.providerRefundId, updatedAt: sql`now()` })
      .where(eq(refunds.id, refundId))
      .returning();
    // A pending refund is not made yet: the invoice and the customer wait for the provider's final word.
    if (answer.status === 'pending') return { refund: done ?? locked, mailed: false };
    const [payment] = await tx.select().from(payments).where(eq(payments.id, locked.paymentId));
    const mailed = payment ? await markRefunded(tx, deps, payment) : false;
    return { refund: done ?? locked, mailed };
  });
  if (mailed) deps.mailSender.wake();
  return refund;
}

/**
 * `POST /admin/bookings/{id}/refund`: refunds a paid booking in full through its provider. 409 for
 * a booking not paid, refunded already or being refunded right now; 502 when the provider refuses
 * or cannot be reached (the reconciliation asks again later).
 */
export async function refundBooking(
  deps: ApiDependencies,
  providers: PaymentProviders,
  bookingId: number,
): Promise<RefundView> {
  const claim = await claimRefund(deps.db, bookingId);
  let answer: ProviderAnswer;
  try {
    answer = await requestRefund(deps, providers, claim);
  } catch (error) {
    log.error({ booking: claim.booking.bookingNumber, err: error }, 'refund request got no answer');
    throw new ApiError(502, m.providerUnreachable);
  }
  const refund = await finishRefund(deps, claim.refund.id, answer);
  if (refund.status === 'failed') throw new ApiError(502, m.providerRefused);
  return {
    bookingId,
    bookingNumber: claim.booking.bookingNumber,
    amount: refund.amountCents / 100,
    status: refund.status === 'pending' ? 'pending' : 'completed',
  };
}

/**
 * For the reconciliation: staff refunds that got no answer are asked again under their key, and
 * pending ones are read at the provider (PayPal tells a failed refund by no webhook). Returns how
 * many changed.
 */
export async function reconcileRefunds(deps: ApiDependencies, providers: PaymentProviders): Promise<number> {
  const open = await deps.db
    .select({ refund: refunds, payment: payments, bookingNumber: bookings.bookingNumber })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(
      or(
        eq(refunds.status, 'pending'),
        and(
          eq(refunds.status, 'requested'),
          gt(sql`now() - ${refunds.updatedAt}`, sql`make_interval(secs => ${REQUEST_TIMEOUT_SECONDS})`),
        ),
      ),
    );
  let changed = 0;
  for (const { refund, payment, bookingNumber } of open) {
    try {
      if (refund.status === 'requested') {
        const answer = await requestRefund(deps, providers, { booking: { bookingNumber }, payment, refund });
        if ((await finishRefund(deps, refund.id, answer)).status !== 'requested') changed++;
      } else if (refund.providerRefundId && payment.providerPaymentId) {
        const status = refundStatusOf(
          payment.provider === 'stripe'
            ? (await providers.stripe.refunds.retrieve(refund.providerRefundId)).status
            : (await providers.paypal.getRefund(refund.providerRefundId)).status,
        );
        if (status === 'pending') continue;
        await applyProviderRefund(deps, {
          provider: payment.provider,
          paymentId: payment.providerPaymentId,
          providerRefundId: refund.providerRefundId,
          status,
        });
        changed++;
      }
    } catch (error) {
      log.warn({ refundId: refund.id, err: error }, 'reconciliation could not settle a refund');
    }
  }
  return changed;
}
