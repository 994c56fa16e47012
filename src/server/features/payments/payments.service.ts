/**
 * Paying for the cart (docs/product.md#d8-server-computed-amounts, #d9-order-flow): starting a
 * payment freezes the cart into a booking awaiting payment and opens the provider's session or
 * order for exactly the server's amount; the provider's word, checked by the server, then goes to
 * fulfilment. The cart stays until the booking is paid, so a cancelled payment can be retried.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import * as v from 'valibot';
import { formatAppointment } from '../../../lib/dates.ts';
import { PAYMENT_MESSAGES } from '../../../lib/payments.ts';
import { sitePage } from '../../../lib/return-path.ts';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import { bookings, type Database, type PaymentProvider, paymentAttempts } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import {
  type BookingView,
  insertBooking,
  itemsOf,
  listBookings,
  type PricedEntry,
  pricedCart,
  totalOf,
  withFreshBookingNumber,
} from '../bookings/bookings.service.ts';
import { fulfilPayment, type VerifiedPayment } from './fulfilment.ts';
import {
  captureInProgress,
  claimCapture,
  closeCardSessions,
  paidSession,
  releaseCapture,
  stillClaimed,
} from './open-attempts.ts';
import { paypalTestMode } from './payment-config.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { centsOf, PayPalApiError, type PayPalOrder } from './paypal-client.ts';

export const PAYMENT_API_MESSAGES = {
  ...PAYMENT_MESSAGES,
  amountChanged:
    'Der Betrag hat sich inzwischen geändert. Bitte prüfen Sie Ihren Warenkorb auf der Zahlungsseite und bezahlen Sie erneut.',
  returnUrl: 'Die Rücksprungadresse muss auf dieser Website liegen.',
  paymentNotFound: 'Diese Zahlung ist uns nicht bekannt.',
  notPaid: 'Die Zahlung ist beim Zahlungsanbieter nicht abgeschlossen.',
  refused: 'Die Zahlung passt nicht zu Ihrer Bestellung und wurde nicht verbucht. Bitte schreiben Sie uns.',
  replaced:
    'Diese Zahlung gehört zu einer älteren Bestellung. Bitte starten Sie die Zahlung auf der Zahlungsseite neu.',
  invalidSignature: 'Die Signatur der Nachricht ist ungültig.',
  paypalUnderWay: 'Eine PayPal-Zahlung für diese Bestellung wird gerade abgeschlossen. Bitte warten Sie einen Moment.',
  alreadyPaid: 'Diese Bestellung ist bereits bezahlt. Sie finden sie unter „Mein Profil“.',
  paymentPending:
    'Eine Zahlung für diese Bestellung wird beim Zahlungsanbieter noch bearbeitet. Bitte versuchen Sie es später erneut.',
  cartChanged:
    'Eine frühere Zahlung ist inzwischen eingegangen, und Ihr Warenkorb hat sich dadurch geändert. Bitte prüfen Sie ihn und bezahlen Sie erneut.',
} as const;

const m = PAYMENT_API_MESSAGES;

/** Any number: a customer's payment starts run one after the other. */
const PAYMENT_START_LOCK = 482_716_003;

export const CheckoutSessionViewSchema = v.object({
  sessionId: v.string(),
  /** The provider's hosted payment page; the browser goes there. */
  url: v.string(),
  bookingId: v.number(),
});
export type CheckoutSessionView = v.InferOutput<typeof CheckoutSessionViewSchema>;

export const PayPalOrderViewSchema = v.object({
  /** PayPal's order id, for the PayPal SDK (`{ orderId }`). */
  id: v.string(),
  orderId: v.string(),
  bookingId: v.number(),
});
export type PayPalOrderView = v.InferOutput<typeof PayPalOrderViewSchema>;

export const PaymentResultViewSchema = v.object({
  bookingId: v.number(),
  bookingNumber: v.string(),
  status: v.literal('paid'),
  /** For PayPal's success message ('Zahlung erfolgreich abgeschlossen von …'). */
  payerName: v.optional(v.string()),
});
export type PaymentResultView = v.InferOutput<typeof PaymentResultViewSchema>;

interface FrozenBooking {
  id: number;
  bookingNumber: string;
  totalCents: number;
  items: PricedEntry[];
}

const itemKey = (item: Pick<PricedEntry, 'articleId' | 'entryDate' | 'departureDate' | 'priceCents'>) =>
  `${item.articleId}|${item.entryDate}|${item.departureDate}|${item.priceCents}`;

const sameItems = (a: PricedEntry[], b: PricedEntry[]) =>
  a.map(itemKey).sort().join(',') === b.map(itemKey).sort().join(',');

/**
 * The booking a payment is for: the caller's open booking when it holds exactly the cart as it is
 * priced now, else a new one; an older open booking is replaced (cancelled), so only the newest
 * attempt can be paid. A client's amount that is not the server's total is refused (409).
 */
async function bookingForPayment(deps: ApiDependencies, userId: number, clientAmountCents?: number) {
  return withFreshBookingNumber(() =>
    deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PAYMENT_START_LOCK}, ${userId})`);
      const entries = await pricedCart(tx, userId);
      const totalCents = totalOf(entries);
      if (entries.length === 0 || totalCents <= 0) throw new ApiError(400, m.cartEmpty);
      if (clientAmountCents !== undefined && clientAmountCents !== totalCents) throw new ApiError(409, m.amountChanged);

      const open = await openBookings(tx, userId);
      for (const booking of open) {
        if (await captureInProgress(tx, booking.id)) throw new ApiError(409, m.paypalUnderWay);
      }
      const reusable = open.find((booking) => sameItems(booking.items, entries));
      const replaced = open.filter((booking) => booking !== reusable).map((booking) => booking.id);
      if (replaced.length > 0) {
        await tx
          .update(bookings)
          .set({ status: 'cancelled' })
          .where(and(inArray(bookings.id, replaced), eq(bookings.status, 'pending_payment')));
      }
      const id = reusable?.id ?? (await insertBooking(tx, userId, entries));
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
      if (!row) throw new Error('booking vanished');
      const booking: FrozenBooking = {
        id,
        bookingNumber: row.bookingNumber,
        totalCents: row.totalCents,
        items: entries,
      };
      return { booking, replaced };
    }),
  );
}

/**
 * The user's bookings awaiting payment, locked (a fulfilment or a capture's claim waits, or is
 * waited for). An item whose article was deleted since matches no cart entry: such a booking is
 * never reused for a cart that lost the article.
 */
async function openBookings(tx: Database, userId: number) {
  const rows = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'pending_payment')))
    .for('update');
  if (rows.length === 0) return [];
  const items = await itemsOf(tx, rows);
  return rows.map((row) => ({
    id: row.id,
    items: items
      .filter((item) => item.bookingId === row.id)
      .map((item) => ({
        articleId: item.articleId ?? Number.NaN,
        departamentId: item.departamentId,
        number: item.articleNumber,
        type: item.articleType,
        priceCents: item.priceCents,
        entryDate: item.entryDate,
        departureDate: item.departureDate,
      })),
  }));
}

async function attemptsOf(db: Database, bookingId: number, provider: PaymentProvider) {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.bookingId, bookingId), eq(paymentAttempts.provider, provider)));
}

async function recordAttempt(db: Database, bookingId: number, provider: PaymentProvider, ref: string, cents: number) {
  await db
    .insert(paymentAttempts)
    .values({ bookingId, provider, providerRef: ref, amountCents: cents, currency: 'eur' })
    .onConflictDoNothing();
}

/**
 * Replaced bookings' open Checkout Sessions are closed, so an old tab cannot pay them. One paid
 * meanwhile is fulfilled (the customer paid that order); its entries leave the cart, so the
 * booking just frozen from the cart is out of date: the customer looks at the cart again (409).
 */
async function closeReplaced(deps: ApiDependencies, providers: PaymentProviders, bookingIds: number[]) {
  const paid = await closeCardSessions(deps, providers, bookingIds);
  for (const payment of paid) await settle(deps, providers, payment);
  if (paid.length > 0) throw new ApiError(409, m.cartChanged);
}

/** Once a session or order of the booking is paid, or still being paid, no new one is opened. */
async function refuseSecondPayment(deps: ApiDependencies, providers: PaymentProviders, paid?: VerifiedPayment) {
  if (paid) await settle(deps, providers, paid);
  throw new ApiError(409, paid ? m.alreadyPaid : m.paymentPending);
}

/**
 * After a new card session is recorded: a PayPal capture that started meanwhile either saw the
 * session and expired it, or is seen here; so is a booking paid or cancelled meanwhile. Then the
 * new session is expired at once and the start refused (docs/product.md#d22-fulfilment).
 */
async function keepOnlyIfPayable(deps: ApiDependencies, providers: PaymentProviders, bookingId: number) {
  const [booking] = await deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  const capturing = await captureInProgress(deps.db, bookingId);
  if (booking?.status === 'pending_payment' && !capturing) return;
  for (const payment of await closeCardSessions(deps, providers, [bookingId])) await fulfilPayment(deps, payment);
  if (capturing) throw new ApiError(409, m.paypalUnderWay);
  throw new ApiError(409, booking?.status === 'paid' ? m.alreadyPaid : m.replaced);
}

/** Only the site's own pages may be where the provider sends the customer back. */
function ownPage(deps: ApiDependencies, url: string | undefined, fallbackPath: string): URL {
  const page = sitePage(url ?? fallbackPath, deps.siteUrl);
  if (!page) throw new ApiError(400, m.returnUrl);
  return page;
}

const lineItemName = (item: PricedEntry) =>
  `${item.type} (Artikel ${item.number}), Termin ${formatAppointment(item.entryDate, item.departureDate)}`;

/** `POST /payment/stripe/checkout-session`: a hosted Checkout Session for the cart (docs/product.md#d20-stripe-checkout). */
export async function startStripeCheckout(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  input: { amount?: number; successUrl?: string; cancelUrl?: string },
): Promise<CheckoutSessionView> {
  const successUrl = ownPage(deps, input.successUrl, '/success');
  const cancelUrl = ownPage(deps, input.cancelUrl, '/cancel');
  const { booking, replaced } = await bookingForPayment(deps, user.id, input.amount);
  const attempts = await attemptsOf(deps.db, booking.id, 'stripe');
  try {
    await closeReplaced(deps, providers, replaced);
    for (const attempt of attempts.filter((a) => a.status === 'open')) {
      const session = await providers.stripe.checkout.sessions.retrieve(attempt.providerRef);
      if (session.status === 'open' && session.url)
        return { sessionId: session.id, url: session.url, bookingId: booking.id };
      if (session.status !== 'expired') await refuseSecondPayment(deps, providers, paidSession(session));
      await deps.db.update(paymentAttempts).set({ status: 'expired' }).where(eq(paymentAttempts.id, attempt.id));
    }
    successUrl.searchParams.set('bookingId', String(booking.id));
    // Stripe fills in the session id; the braces must stay unencoded.
    const success = `${successUrl.href}&session_id={CHECKOUT_SESSION_ID}`;
    const session = await providers.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        locale: 'de',
        customer_email: user.email,
        client_reference_id: String(booking.id),
        metadata: { bookingId: String(booking.id), bookingNumber: booking.bookingNumber },
        line_items: booking.items.map((item) => ({
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: item.priceCents, product_data: { name: lineItemName(item) } },
        })),
        success_url: success,
        cancel_url: cancelUrl.href,
      },
      // Concurrent starts for one booking get the same session, never a second one to pay.
      { idempotencyKey: `hwds-booking-${booking.id}-stripe-${attempts.length}` },
    );
    if (session.amount_total !== booking.totalCents || !session.url)
      throw new Error(`unexpected session ${session.id}`);
    await recordAttempt(deps.db, booking.id, 'stripe', session.id, booking.totalCents);
    await keepOnlyIfPayable(deps, providers, booking.id);
    return { sessionId: session.id, url: session.url, bookingId: booking.id };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log.error({ booking: booking.bookingNumber, err: error }, 'Stripe Checkout failed');
    throw new ApiError(502, m.stripeFailed);
  }
}

/** `POST /payment/paypal/orders`: a PayPal order (intent CAPTURE, EUR) for the cart (docs/product.md#d21-paypal). */
export async function startPayPalOrder(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  input: { amount?: number },
): Promise<PayPalOrderView> {
  const { booking, replaced } = await bookingForPayment(deps, user.id, input.amount);
  const attempts = await attemptsOf(deps.db, booking.id, 'paypal');
  try {
    await closeReplaced(deps, providers, replaced);
    for (const attempt of attempts.filter((a) => a.status === 'open')) {
      const order = await providers.paypal.getOrder(attempt.providerRef);
      if (order.status === 'CREATED' || order.status === 'APPROVED') {
        return { id: order.id, orderId: order.id, bookingId: booking.id };
      }
      if (order.status !== 'VOIDED') await refuseSecondPayment(deps, providers, capturedPayment(providers, order));
      // Voided: never captured from now on, so one live order per booking remains.
      await deps.db.update(paymentAttempts).set({ status: 'expired' }).where(eq(paymentAttempts.id, attempt.id));
    }
    const order = await providers.paypal.createOrder(
      { amountCents: booking.totalCents, referenceId: String(booking.id), customId: booking.bookingNumber },
      `hwds-booking-${booking.id}-paypal-${attempts.length}`,
    );
    await recordAttempt(deps.db, booking.id, 'paypal', order.id, booking.totalCents);
    return { id: order.id, orderId: order.id, bookingId: booking.id };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log.error({ booking: booking.bookingNumber, err: error }, 'PayPal order failed');
    throw new ApiError(502, m.paypalFailed);
  }
}

/** The caller's own payment attempt and its booking; anyone else's is "not known" (404). */
async function ownAttempt(deps: ApiDependencies, userId: number, provider: PaymentProvider, ref: string) {
  const [found] = await deps.db
    .select({ attempt: paymentAttempts, booking: bookings })
    .from(paymentAttempts)
    .innerJoin(bookings, eq(bookings.id, paymentAttempts.bookingId))
    .where(
      and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.providerRef, ref), eq(bookings.userId, userId)),
    );
  if (!found) throw new ApiError(404, m.paymentNotFound);
  return found;
}

/** A PayPal order's completed capture as fulfilment takes it, or undefined when nothing was captured. */
function capturedPayment(providers: PaymentProviders, order: PayPalOrder): VerifiedPayment | undefined {
  const capture = order.purchase_units
    .flatMap((unit) => unit.payments?.captures ?? [])
    .find((candidate) => candidate.status === 'COMPLETED');
  return (
    capture && {
      provider: 'paypal',
      attemptRef: order.id,
      amountCents: centsOf(capture.amount.value),
      currency: capture.amount.currency_code,
      testMode: paypalTestMode(providers.config),
    }
  );
}

/**
 * Hands a provider-verified payment to fulfilment; a payment that does not fit the booking is
 * refused. Once a booking is paid, its other card sessions are closed; one paid meanwhile is
 * recorded for a refund (best effort: the webhook of a session that stays open records it too).
 */
async function settle(deps: ApiDependencies, providers: PaymentProviders, verified: VerifiedPayment): Promise<void> {
  const { outcome, bookingId } = await fulfilPayment(deps, verified);
  if (outcome === 'refused') throw new ApiError(409, m.refused);
  if (outcome !== 'paid' || bookingId === undefined) return;
  try {
    for (const surplus of await closeCardSessions(deps, providers, [bookingId])) await fulfilPayment(deps, surplus);
  } catch (error) {
    log.warn({ bookingId, err: error }, 'could not close the other card sessions of a paid booking');
  }
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
 * `POST /payment/paypal/orders/{id}/capture`: captures an approved order and fulfils it once. The
 * booking's card sessions are closed first; if one was paid meanwhile, that payment counts and
 * PayPal's money is never taken.
 */
export async function capturePayPalOrder(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  orderId: string,
): Promise<PaymentResultView> {
  const { attempt, booking } = await ownAttempt(deps, user.id, 'paypal', orderId);
  const view = { bookingId: booking.id, bookingNumber: booking.bookingNumber, status: 'paid' as const };
  if (booking.status === 'paid') return view;
  if (booking.status === 'cancelled' || attempt.status !== 'open') {
    // Not to be captured any more, but PayPal may hold its money all the same (a capture whose
    // answer was lost): then that payment is recorded, never dropped.
    const paid = await askProvider(providers, 'paypal', orderId);
    if (!paid) throw new ApiError(409, m.replaced);
    await settle(deps, providers, paid);
    return view;
  }
  const claim = await claimCapture(deps.db, attempt.id, booking.id);
  if (!claim) return afterOtherCapture(deps, booking.id, view);
  try {
    let paidByCard: VerifiedPayment[];
    try {
      paidByCard = await closeCardSessions(deps, providers, [booking.id]);
    } catch (error) {
      log.error(
        { orderId, booking: booking.bookingNumber, err: error },
        'PayPal capture stopped: card sessions stay open',
      );
      throw new ApiError(502, m.paypalFailed);
    }
    for (const payment of paidByCard) await settle(deps, providers, payment);
    if (paidByCard.length > 0) return view;
    // Closing the card sessions may have taken long: the claim must still be this capture's.
    if (!(await stillClaimed(deps.db, attempt.id))) throw new ApiError(409, m.paypalUnderWay);
    const order = await captureApproved(providers, orderId);
    const paid = capturedPayment(providers, order);
    if (!paid) throw new ApiError(402, m.paypalFailed);
    await settle(deps, providers, paid);
    return { ...view, payerName: order.payer?.name?.given_name };
  } finally {
    await releaseCapture(deps.db, attempt.id, claim);
  }
}

/** The answer to a capture that found the booking claimed, paid or cancelled by someone else. */
async function afterOtherCapture(
  deps: ApiDependencies,
  bookingId: number,
  view: PaymentResultView,
): Promise<PaymentResultView> {
  const [now] = await deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  if (now?.status === 'paid') return view;
  throw new ApiError(409, now?.status === 'cancelled' ? m.replaced : m.paypalUnderWay);
}

/** Captures an approved order; an order captured already (or right now under the same request id) is read. */
async function captureApproved(providers: PaymentProviders, orderId: string): Promise<PayPalOrder> {
  try {
    const order = await providers.paypal.getOrder(orderId);
    // Only an order the payer approved is captured; a refused capture would be replayed under its request id.
    return order.status === 'APPROVED'
      ? await providers.paypal.captureOrder(orderId, `hwds-capture-${orderId}`)
      : order;
  } catch (error) {
    if (!(error instanceof PayPalApiError && error.status === 422)) {
      log.error({ orderId, err: error }, 'PayPal capture failed');
      throw new ApiError(502, m.paypalFailed);
    }
    return capturedOrder(providers, orderId);
  }
}

/** What the provider says about a session or order: paid, or not (undefined). */
async function askProvider(providers: PaymentProviders, provider: PaymentProvider, ref: string) {
  try {
    return provider === 'stripe'
      ? paidSession(await providers.stripe.checkout.sessions.retrieve(ref))
      : capturedPayment(providers, await providers.paypal.getOrder(ref));
  } catch (error) {
    log.error({ provider, ref, err: error }, 'could not ask the provider about a payment');
    throw new ApiError(502, m.confirmFailed);
  }
}

/**
 * `POST /payments/confirm-payment`, the success page's call: asks the provider whether the
 * caller's session or order is paid and fulfils it; the client's `paidAmount` is never used.
 */
export async function confirmPayment(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  input: { bookingId: number; provider: PaymentProvider; sessionId: string },
): Promise<BookingView> {
  const { booking } = await ownAttempt(deps, user.id, input.provider, input.sessionId);
  if (booking.id !== input.bookingId) throw new ApiError(404, m.paymentNotFound);
  if (booking.status !== 'paid') {
    const paid = await askProvider(providers, input.provider, input.sessionId);
    if (!paid) throw new ApiError(402, m.notPaid);
    await settle(deps, providers, paid);
  }
  const [view] = (await listBookings(deps.db, user.id)).filter((b) => b.id === booking.id);
  if (!view) throw new ApiError(404, m.paymentNotFound);
  return view;
}

/**
 * `POST /payment/stripe/webhook`: Stripe's signed events, the source of truth for card payments.
 * A completed, paid session is fulfilled; an expired one only closes its attempt, and the booking
 * stays payable with a new session (docs/product.md#d22-fulfilment).
 */
export async function handleStripeWebhook(
  deps: ApiDependencies,
  providers: PaymentProviders,
  rawBody: string,
  signature: string | undefined,
): Promise<void> {
  let event: Stripe.Event;
  try {
    event = providers.stripe.webhooks.constructEvent(rawBody, signature ?? '', providers.config.stripe.webhookSecret);
  } catch {
    throw new ApiError(400, m.invalidSignature);
  }
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const paid = paidSession(event.data.object, event.id);
    // A payment that does not fit is logged by fulfilment; Stripe need not send it again.
    if (paid)
      await settle(deps, providers, paid).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      });
  } else if (event.type === 'checkout.session.expired') {
    await deps.db
      .update(paymentAttempts)
      .set({ status: 'expired' })
      .where(and(eq(paymentAttempts.providerRef, event.data.object.id), ne(paymentAttempts.status, 'completed')));
  }
}
