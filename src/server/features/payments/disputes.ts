/**
 * Disputes (docs/product.md#d32-payment-states): a payer who disputes a payment at the provider (a
 * card chargeback, a PayPal claim) puts the booking in 'disputed' ('Zahlung angefochten'), and the
 * agency gets a mail at once with the provider's reason and deadline. Won, the booking is paid
 * again; lost, the money went back: the booking is 'charged_back' ('Rückbuchung') and a correcting
 * invoice is issued as for a refund, but the customer is not mailed as if the shop had refunded.
 * The providers' events only say which dispute to read; what the provider shows is recorded, once,
 * whatever the order and number of the events.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatGermanDate, todayInGermany } from '../../../lib/dates.ts';
import { formatEuros } from '../../../lib/money.ts';
import { PAYMENT_METHOD_NAMES, type PaymentProvider } from '../../../lib/payments.ts';
import type { ApiDependencies } from '../../context.ts';
import { bookings, type Database, type DisputeStatus, disputes, payments, users } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { issueCreditNote } from '../invoices/invoices.service.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { type DisputeNotice, disputeMail } from './payments.mails.ts';
import { centsOf, type PayPalDispute } from './paypal-client.ts';

/** A dispute as its provider shows it now. */
export interface ProviderDispute {
  provider: PaymentProvider;
  providerDisputeId: string;
  /** What is disputed: Stripe's PaymentIntent, PayPal's capture. */
  paymentId: string;
  status: DisputeStatus;
  reason: string;
  respondBy: Date | null;
  amountCents: number;
}

/** The providers' reason codes, as the agency reads them (Stripe's and PayPal's Disputes API lists). */
const REASONS: Record<string, string> = {
  bank_cannot_process: 'Die Bank konnte die Zahlung nicht verarbeiten',
  credit_not_processed: 'Erstattung nicht erhalten',
  customer_initiated: 'Vom Kunden veranlasst',
  debit_not_authorized: 'Lastschrift nicht autorisiert',
  duplicate: 'Doppelt bezahlt',
  fraudulent: 'Zahlung nicht vom Karteninhaber autorisiert (Betrugsverdacht)',
  general: 'Allgemeiner Einwand',
  insufficient_funds: 'Keine ausreichende Deckung',
  product_not_received: 'Leistung nicht erhalten',
  product_unacceptable: 'Leistung mangelhaft oder nicht wie beschrieben',
  subscription_canceled: 'Abonnement gekündigt',
  unrecognized: 'Zahlung nicht wiedererkannt',
  MERCHANDISE_OR_SERVICE_NOT_RECEIVED: 'Leistung nicht erhalten',
  MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED: 'Leistung nicht wie beschrieben',
  UNAUTHORISED: 'Zahlung nicht vom Kontoinhaber autorisiert',
  CREDIT_NOT_PROCESSED: 'Erstattung nicht erhalten',
  DUPLICATE_TRANSACTION: 'Doppelt bezahlt',
  INCORRECT_AMOUNT: 'Falscher Betrag',
  PAYMENT_BY_OTHER_MEANS: 'Anderweitig bezahlt',
  CANCELED_RECURRING_BILLING: 'Wiederkehrende Zahlung gekündigt',
  PROBLEM_WITH_REMITTANCE: 'Problem mit der Überweisung',
  OTHER: 'Sonstiger Grund',
};

/** "Leistung nicht erhalten (product_not_received)". */
export const disputeReason = (code: string) => `${REASONS[code] ?? 'Unbekannter Grund'} (${code})`;

const STRIPE_WON = new Set(['won', 'warning_closed', 'prevented']);

export function stripeDisputeReport(dispute: Stripe.Dispute): ProviderDispute {
  const intent = dispute.payment_intent;
  const dueBy = dispute.evidence_details.due_by;
  return {
    provider: 'stripe',
    providerDisputeId: dispute.id,
    paymentId: (typeof intent === 'string' ? intent : intent?.id) ?? '',
    status: dispute.status === 'lost' ? 'lost' : STRIPE_WON.has(dispute.status) ? 'won' : 'open',
    reason: dispute.reason,
    // 0 when the card's bank allows no answer.
    respondBy: dueBy ? new Date(dueBy * 1000) : null,
    amountCents: dispute.amount,
  };
}

/** A PayPal dispute of one capture; one naming none concerns no payment of this shop. */
export function paypalDisputeReport(dispute: PayPalDispute): ProviderDispute | undefined {
  const captureId = dispute.disputed_transactions[0]?.seller_transaction_id;
  if (!captureId) return undefined;
  const outcome = dispute.dispute_outcome?.outcome_code;
  const resolved = dispute.status === 'RESOLVED';
  const lost = outcome === 'RESOLVED_BUYER_FAVOUR' || outcome === 'ACCEPTED' || outcome === 'RESOLVED_WITH_PAYOUT';
  return {
    provider: 'paypal',
    providerDisputeId: dispute.dispute_id,
    paymentId: captureId,
    status: resolved ? (lost ? 'lost' : 'won') : 'open',
    reason: dispute.reason,
    respondBy: dispute.seller_response_due_date ? new Date(dispute.seller_response_due_date) : null,
    amountCents: centsOf(dispute.dispute_amount.value),
  };
}

type PaymentRow = typeof payments.$inferSelect;

/** The payment a provider names, with its booking locked; undefined (logged) for one this shop does not know. */
async function lockedPayment(tx: Database, provider: PaymentProvider, paymentId: string) {
  const [found] = await tx
    .select({ bookingId: payments.bookingId })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, paymentId)));
  if (!found) {
    log.warn({ provider, paymentId }, 'dispute of a payment this shop does not know');
    return undefined;
  }
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, found.bookingId)).for('update');
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, paymentId)));
  return payment;
}

/**
 * The money went back to the payer: the booking's payment is charged back and the booking with it,
 * and the correcting invoice is issued. Returns its number, or undefined when nothing changed (a
 * payment charged back already, or money the booking did not take).
 */
async function chargeBack(tx: Database, payment: PaymentRow): Promise<{ creditNoteNumber?: string } | undefined> {
  if (payment.status !== 'settled') return undefined;
  await tx.update(payments).set({ status: 'charged_back' }).where(eq(payments.id, payment.id));
  const [booking] = await tx
    .update(bookings)
    .set({ status: 'charged_back' })
    .where(and(eq(bookings.id, payment.bookingId), inArray(bookings.status, ['paid', 'disputed'])))
    .returning({ id: bookings.id });
  log.error({ paymentId: payment.id, bookingId: payment.bookingId }, 'payment charged back');
  return booking ? { creditNoteNumber: await issueCreditNote(tx, booking.id) } : {};
}

/** Queues the agency's mail about a dispute of `payment`. */
async function queueDisputeMail(
  tx: Database,
  deps: ApiDependencies,
  payment: PaymentRow,
  notice: Pick<DisputeNotice, 'stage' | 'creditNoteNumber'> & { reason: string; respondBy: Date | null },
) {
  const [booking] = await tx
    .select({ bookingNumber: bookings.bookingNumber, email: users.email })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, payment.bookingId));
  if (!booking) return;
  await enqueueMail(
    tx,
    disputeMail(deps.company.email, {
      stage: notice.stage,
      bookingNumber: booking.bookingNumber,
      customerEmail: booking.email,
      paymentMethod: PAYMENT_METHOD_NAMES[payment.provider],
      amount: formatEuros(payment.amountCents / 100),
      reason: disputeReason(notice.reason),
      respondBy: notice.respondBy ? formatGermanDate(todayInGermany(notice.respondBy)) : null,
      creditNoteNumber: notice.creditNoteNumber,
      testMode: payment.testMode,
      overviewUrl: `${deps.siteUrl}/admin/bestellungen`,
    }),
  );
}

/**
 * Records a dispute as its provider shows it now, once: opened (the booking 'disputed'), won (paid
 * again) or lost (charged back). A dispute closed stays closed. The agency is mailed at each move.
 */
export async function applyProviderDispute(deps: ApiDependencies, reported: ProviderDispute): Promise<void> {
  const mailed = await deps.db.transaction(async (tx) => {
    const payment = await lockedPayment(tx, reported.provider, reported.paymentId);
    if (!payment) return false;
    const [known] = await tx
      .select()
      .from(disputes)
      .where(eq(disputes.providerDisputeId, reported.providerDisputeId))
      .for('update');
    if (known && (known.status !== 'open' || reported.status === 'open')) return false;
    const closedAt = reported.status === 'open' ? null : new Date();
    if (known) {
      await tx.update(disputes).set({ status: reported.status, closedAt }).where(eq(disputes.id, known.id));
    } else {
      await tx.insert(disputes).values({
        bookingId: payment.bookingId,
        paymentId: payment.id,
        provider: reported.provider,
        providerDisputeId: reported.providerDisputeId,
        status: reported.status,
        reason: reported.reason,
        respondBy: reported.respondBy,
        amountCents: reported.amountCents,
        closedAt,
      });
    }
    const mail = { reason: reported.reason, respondBy: reported.respondBy };
    if (reported.status === 'open') {
      if (payment.status === 'settled') {
        await tx
          .update(bookings)
          .set({ status: 'disputed' })
          .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'paid')));
      }
      await queueDisputeMail(tx, deps, payment, { stage: 'opened', ...mail });
      return true;
    }
    if (reported.status === 'won') {
      const stillOpen = await tx
        .select({ id: disputes.id })
        .from(disputes)
        .where(and(eq(disputes.paymentId, payment.id), eq(disputes.status, 'open')));
      if (stillOpen.length === 0) {
        await tx
          .update(bookings)
          .set({ status: 'paid' })
          .where(and(eq(bookings.id, payment.bookingId), eq(bookings.status, 'disputed')));
      }
      await queueDisputeMail(tx, deps, payment, { stage: 'won', ...mail });
      return true;
    }
    // Lost: the money is gone now, unless the provider's reversal told it first (and was mailed).
    if (payment.status === 'charged_back') return false;
    const charged = await chargeBack(tx, payment);
    await queueDisputeMail(tx, deps, payment, { stage: 'lost', creditNoteNumber: charged?.creditNoteNumber, ...mail });
    return true;
  });
  if (mailed) deps.mailSender.wake();
}

/**
 * The provider took a payment back (PayPal's PAYMENT.CAPTURE.REVERSED): charged back as a lost
 * dispute is, once, whichever of the two arrives first.
 */
export async function recordChargeback(deps: ApiDependencies, provider: PaymentProvider, paymentId: string) {
  const mailed = await deps.db.transaction(async (tx) => {
    const payment = await lockedPayment(tx, provider, paymentId);
    if (!payment) return false;
    const charged = await chargeBack(tx, payment);
    if (!charged) return false;
    const [dispute] = await tx
      .select()
      .from(disputes)
      .where(eq(disputes.paymentId, payment.id))
      .orderBy(desc(disputes.createdAt))
      .limit(1);
    await queueDisputeMail(tx, deps, payment, {
      stage: 'lost',
      creditNoteNumber: charged.creditNoteNumber,
      reason: dispute?.reason ?? 'OTHER',
      respondBy: null,
    });
    return true;
  });
  if (mailed) deps.mailSender.wake();
}

/** For the reconciliation: open disputes read again at their provider (a lost webhook costs no outcome). */
export async function reconcileDisputes(deps: ApiDependencies, providers: PaymentProviders): Promise<number> {
  const open = await deps.db.select().from(disputes).where(eq(disputes.status, 'open'));
  let changed = 0;
  for (const dispute of open) {
    try {
      const report =
        dispute.provider === 'stripe'
          ? stripeDisputeReport(await providers.stripe.disputes.retrieve(dispute.providerDisputeId))
          : paypalDisputeReport(await providers.paypal.getDispute(dispute.providerDisputeId));
      if (!report || report.status === 'open') continue;
      await applyProviderDispute(deps, report);
      changed++;
    } catch (error) {
      log.warn({ disputeId: dispute.providerDisputeId, err: error }, 'reconciliation could not read a dispute');
    }
  }
  return changed;
}
