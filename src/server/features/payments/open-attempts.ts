/**
 * One booking, one payment (docs/product.md#d22-fulfilment). A card payment completes at Stripe
 * without us, a PayPal payment only when we capture it. So before a PayPal capture, and before a
 * booking is cancelled, every open Checkout Session of the booking is expired at Stripe; a session
 * that was paid (or is being paid) meanwhile cannot be expired and is recorded instead. While a
 * capture is under way no new card session may stay open for the booking.
 */

import { and, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { bookings, type Database, paymentAttempts } from '../../db/schema.ts';
import { recordClosedAttempt, recordFailedPayment } from './fulfilment.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { askProvider, type ProviderVerdict, sessionVerdict } from './payment-states.ts';

/**
 * A capture that started longer ago than this ended without telling us (a crashed process). The
 * provider clients' time limits keep a live capture well inside it.
 */
const CAPTURE_CLAIM_SECONDS = 120;

class OpenSessionError extends Error {
  override name = 'OpenSessionError';
}

/** A session that took money: paid, or paid with a method still on its way. */
export type TakenPayment = Extract<ProviderVerdict, { state: 'paid' | 'pending' }>;

/**
 * Expires the open Checkout Sessions of the bookings at Stripe. Returns the verdicts of sessions
 * that were paid (or are being paid) before they could be expired, for the caller to record.
 * Throws when a session can be neither expired nor found taken: then nobody may assume the card
 * route is closed.
 */
export async function closeCardSessions(
  deps: ApiDependencies,
  providers: PaymentProviders,
  bookingIds: number[],
): Promise<TakenPayment[]> {
  if (bookingIds.length === 0) return [];
  const open = await deps.db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.bookingId, bookingIds),
        eq(paymentAttempts.provider, 'stripe'),
        eq(paymentAttempts.status, 'open'),
      ),
    );
  const taken: TakenPayment[] = [];
  for (const attempt of open) {
    const expired = await providers.stripe.checkout.sessions.expire(attempt.providerRef).catch(() => undefined);
    // Only an open session can be expired; whatever else it is, Stripe tells on a read.
    const verdict = expired ? sessionVerdict(expired) : await askProvider(providers, 'stripe', attempt.providerRef);
    if (verdict.state === 'paid' || verdict.state === 'pending') taken.push(verdict);
    else if (verdict.state === 'closed') await recordClosedAttempt(deps, 'stripe', attempt.providerRef);
    else if (verdict.state === 'failed') await recordFailedPayment(deps, 'stripe', attempt.providerRef);
    else
      throw new OpenSessionError(
        `Checkout Session ${attempt.providerRef} is ${verdict.state} and could not be expired`,
      );
  }
  return taken;
}

/** A capture's claim: its start (in milliseconds, so it compares exactly), and the declines seen before it. */
export interface CaptureClaim {
  at: Date;
  declinedCaptures: number;
}

/**
 * Marks a PayPal attempt as being captured, under the booking's row lock: only while the booking
 * awaits payment, the attempt is open and no other attempt of the booking is being captured.
 * Returns the claim, or undefined.
 */
export async function claimCapture(
  db: Database,
  attemptId: number,
  bookingId: number,
): Promise<CaptureClaim | undefined> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    const [attempt] = await tx
      .select({ status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId));
    if (booking?.status !== 'pending_payment' || attempt?.status !== 'open') return undefined;
    const others = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.bookingId, bookingId), ne(paymentAttempts.id, attemptId), captureUnderWay()));
    if (others.length > 0) return undefined;
    const [claimed] = await tx
      .update(paymentAttempts)
      .set({ captureStartedAt: sql`date_trunc('milliseconds', now())` })
      .where(eq(paymentAttempts.id, attemptId))
      .returning({ at: paymentAttempts.captureStartedAt, declinedCaptures: paymentAttempts.declinedCaptures });
    return claimed?.at ? { at: claimed.at, declinedCaptures: claimed.declinedCaptures } : undefined;
  });
}

/** PayPal declined the funding source of this approval: the next approval is captured under a new request id. */
export async function recordDeclinedCapture(db: Database, attemptId: number, seen: number): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ declinedCaptures: seen + 1 })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.declinedCaptures, seen)));
}

/**
 * True while the attempt's claim is live: checked right before PayPal is asked to capture. (A
 * concurrent capture of the same order may have renewed it: that one captures under the same
 * request id, which PayPal answers once.)
 */
export async function stillClaimed(db: Database, attemptId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, attemptId), captureUnderWay()));
  return found !== undefined;
}

/** Ends this capture's claim; a later claim of the same attempt (a concurrent capture) is left alone. */
export async function releaseCapture(db: Database, attemptId: number, claim: CaptureClaim): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ captureStartedAt: null })
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.captureStartedAt, claim.at)));
}

const captureUnderWay = () =>
  and(
    isNotNull(paymentAttempts.captureStartedAt),
    gt(paymentAttempts.captureStartedAt, sql`now() - make_interval(secs => ${CAPTURE_CLAIM_SECONDS})`),
  );

/** True while a PayPal capture of the booking is under way. */
export async function captureInProgress(db: Database, bookingId: number): Promise<boolean> {
  const [found] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.bookingId, bookingId), captureUnderWay()))
    .limit(1);
  return found !== undefined;
}
