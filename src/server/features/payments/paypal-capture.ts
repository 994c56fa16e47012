/**
 * Capturing an approved PayPal order (docs/product.md#d21-paypal, #d22-fulfilment): the customer's
 * browser asks for it right after the approval, PayPal's CHECKOUT.ORDER.APPROVED webhook and the
 * reconciliation ask for it when the browser never came back. Whoever asks, one capture runs at a
 * time per booking (its claim); the others wait for it and answer what it did. The booking's card
 * sessions are closed first; if one was paid meanwhile, that payment counts and PayPal's money is
 * never taken.
 */
import { and, eq } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { bookings, paymentAttempts } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import type { Fulfilment } from './fulfilment.ts';
import {
  type CaptureClaim,
  captureInProgress,
  claimCapture,
  closeCardSessions,
  recordDeclinedCapture,
  releaseCapture,
  stillClaimed,
} from './open-attempts.ts';
import { PAYMENT_API_MESSAGES as m } from './payment-messages.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { askProvider, orderVerdict, type ProviderVerdict } from './payment-states.ts';
import type { PaymentResultView } from './payments.views.ts';
import { PayPalApiError, type PayPalOrder } from './paypal-client.ts';
import { applyVerdict, recordTaken } from './settlement.ts';

/** Booking statuses that a payment settled: a capture of it has nothing left to do. */
const PAID_STATUSES = new Set(['paid', 'disputed', 'charged_back']);

/** How long a capture waits for another one of the same booking (its claim lasts at most two minutes). */
const WAIT_FOR_OTHER_CAPTURE_MS = 30_000;

/** What the provider says, or 502 when it cannot be reached. */
export async function verdictOf(providers: PaymentProviders, provider: 'stripe' | 'paypal', ref: string) {
  try {
    return await askProvider(providers, provider, ref);
  } catch (error) {
    log.error({ provider, ref, err: error }, 'could not ask the provider about a payment');
    throw new ApiError(502, m.confirmFailed);
  }
}

/** Applies a paid or pending verdict; a payment that does not fit the booking is refused (409). */
export async function takePayment(deps: ApiDependencies, providers: PaymentProviders, verdict: ProviderVerdict) {
  const done: Fulfilment | undefined = await applyVerdict(deps, providers, verdict);
  if (done?.outcome === 'refused') throw new ApiError(409, m.refused);
  return done;
}

async function attemptOf(deps: ApiDependencies, orderId: string) {
  const [found] = await deps.db
    .select({ attempt: paymentAttempts, booking: bookings })
    .from(paymentAttempts)
    .innerJoin(bookings, eq(bookings.id, paymentAttempts.bookingId))
    .where(and(eq(paymentAttempts.provider, 'paypal'), eq(paymentAttempts.providerRef, orderId)));
  if (!found) throw new ApiError(404, m.paymentNotFound);
  return found;
}

/** The payer's given name, for 'Zahlung erfolgreich abgeschlossen von …' (best effort: the page has a fallback). */
const payerNameOf = (providers: PaymentProviders, orderId: string) =>
  providers.paypal
    .getOrder(orderId)
    .then((order) => order.payment_source?.paypal?.name?.given_name)
    .catch(() => undefined);

/** Waits until no capture of the booking is under way; false when one still is after the wait. */
async function otherCaptureEnded(deps: ApiDependencies, bookingId: number): Promise<boolean> {
  const deadline = Date.now() + WAIT_FOR_OTHER_CAPTURE_MS;
  while (await captureInProgress(deps.db, bookingId)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * Captures the approved order `orderId` and records what PayPal says: paid (`paid`), pending
 * (`processing`), declined (402). A capture of the booking already under way is waited for and
 * its outcome answered; an order that can no longer be captured answers what became of its
 * booking, and money PayPal holds all the same (a capture whose answer was lost) is recorded.
 */
export async function captureOrder(
  deps: ApiDependencies,
  providers: PaymentProviders,
  orderId: string,
): Promise<PaymentResultView> {
  for (let round = 0; ; round++) {
    const { attempt, booking } = await attemptOf(deps, orderId);
    const view = (status: PaymentResultView['status'], payerName?: string) => ({
      bookingId: booking.id,
      bookingNumber: booking.bookingNumber,
      status,
      ...(payerName ? { payerName } : {}),
    });
    if (PAID_STATUSES.has(booking.status)) return view('paid', await payerNameOf(providers, orderId));
    if (booking.status === 'refunded') throw new ApiError(409, m.refunded);
    if (booking.status === 'processing' && attempt.status === 'pending') return view('processing');
    if (booking.status !== 'pending_payment' || attempt.status !== 'open') {
      // Not to be captured any more, but PayPal may hold its money all the same (a capture whose
      // answer was lost): then that payment is recorded, never dropped.
      const verdict = await verdictOf(providers, 'paypal', orderId);
      if (verdict.state === 'failed') throw new ApiError(402, m.paypalDeclined);
      if (verdict.state !== 'paid' && verdict.state !== 'pending') {
        throw new ApiError(409, booking.status === 'processing' ? m.paymentPending : m.replaced);
      }
      const done = await takePayment(deps, providers, verdict);
      return view(done?.outcome === 'pending' ? 'processing' : 'paid');
    }
    const claim = await claimCapture(deps.db, attempt.id, booking.id);
    if (!claim) {
      // Another capture of the booking (the webhook's, another tab's) is under way: its outcome is ours.
      if (round < 2 && (await otherCaptureEnded(deps, booking.id))) continue;
      throw new ApiError(409, m.paypalUnderWay);
    }
    try {
      return await captureClaimed(
        deps,
        providers,
        { orderId, attemptId: attempt.id, bookingId: booking.id },
        claim,
        view,
      );
    } finally {
      await releaseCapture(deps.db, attempt.id, claim);
    }
  }
}

/** The capture itself, while its claim holds: card sessions closed first, then PayPal asked once. */
async function captureClaimed(
  deps: ApiDependencies,
  providers: PaymentProviders,
  ids: { orderId: string; attemptId: number; bookingId: number },
  claim: CaptureClaim,
  view: (status: PaymentResultView['status'], payerName?: string) => PaymentResultView,
): Promise<PaymentResultView> {
  let takenByCard: Awaited<ReturnType<typeof closeCardSessions>>;
  try {
    takenByCard = await closeCardSessions(deps, providers, [ids.bookingId]);
  } catch (error) {
    log.error({ orderId: ids.orderId, err: error }, 'PayPal capture stopped: card sessions stay open');
    throw new ApiError(502, m.paypalFailed);
  }
  for (const payment of takenByCard) await recordTaken(deps, payment);
  if (takenByCard.some((taken) => taken.state === 'pending')) throw new ApiError(409, m.paymentPending);
  if (takenByCard.length > 0) return view('paid');
  // Closing the card sessions may have taken long: the claim must still be this capture's.
  if (!(await stillClaimed(deps.db, ids.attemptId))) throw new ApiError(409, m.paypalUnderWay);
  const order = await captureApproved(deps, providers, ids, claim);
  const verdict = orderVerdict(providers, order);
  if (verdict.state === 'failed') {
    await applyVerdict(deps, providers, verdict);
    throw new ApiError(402, m.paypalDeclined);
  }
  if (verdict.state !== 'paid' && verdict.state !== 'pending') throw new ApiError(402, m.paypalFailed);
  const done = await takePayment(deps, providers, verdict);
  return view(done?.outcome === 'pending' ? 'processing' : 'paid', order.payment_source?.paypal?.name?.given_name);
}

/** The order after a capture that is done or under way elsewhere; waits a little for one in progress. */
async function capturedOrder(providers: PaymentProviders, orderId: string): Promise<PayPalOrder> {
  for (let attempt = 0; ; attempt++) {
    const order = await providers.paypal.getOrder(orderId);
    if (order.status === 'COMPLETED' || attempt === 10) return order;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Captures an approved order; an order captured already (or right now under the same request id)
 * is read. The request id is the approval's: PayPal answers a repeated id with its stored answer,
 * so concurrent or repeated captures of one approval capture once; after a declined funding source
 * (402, the order stays approved) the count of declines moves on, so the payer's next approval,
 * with another source, is captured anew (docs/product.md#d21-paypal).
 */
async function captureApproved(
  deps: ApiDependencies,
  providers: PaymentProviders,
  ids: { orderId: string; attemptId: number },
  claim: CaptureClaim,
): Promise<PayPalOrder> {
  const { orderId } = ids;
  try {
    const order = await providers.paypal.getOrder(orderId);
    return order.status === 'APPROVED'
      ? await providers.paypal.captureOrder(orderId, `hwds-capture-${orderId}-${claim.declinedCaptures}`)
      : order;
  } catch (error) {
    if (error instanceof PayPalApiError && error.issue === 'INSTRUMENT_DECLINED') {
      await recordDeclinedCapture(deps.db, ids.attemptId, claim.declinedCaptures);
      throw new ApiError(402, m.instrumentDeclined);
    }
    // 422: captured already (or being completed); 409: the same request is still running elsewhere.
    if (!(error instanceof PayPalApiError && (error.status === 422 || error.status === 409))) {
      log.error({ orderId, err: error }, 'PayPal capture failed');
      throw new ApiError(502, m.paypalFailed);
    }
    return capturedOrder(providers, orderId);
  }
}

/**
 * A capture the shop makes on its own (PayPal's approval webhook, the reconciliation): PayPal's
 * answer is recorded as for the customer's; a refusal (a declined source, another capture under
 * way) is logged, the payer can still act while the order lives.
 */
export async function captureForPayer(deps: ApiDependencies, providers: PaymentProviders, orderId: string) {
  try {
    const result = await captureOrder(deps, providers, orderId);
    log.info({ orderId, status: result.status }, 'approved PayPal order captured by the shop');
    return result;
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    log.warn({ orderId, status: error.statusCode, reason: error.message }, 'approved PayPal order not captured');
    return undefined;
  }
}
