/**
 * Paying for the cart (docs/product.md#d8-server-computed-amounts, #d9-order-flow): starting a
 * payment freezes the cart into a booking awaiting payment and opens the provider's session or
 * order for exactly the server's amount; the provider's word, checked by the server, then goes to
 * fulfilment. The cart stays until the booking is paid, so a cancelled payment can be retried.
 */
import { and, eq } from 'drizzle-orm';
import { centsToEuros } from '../../../lib/money.ts';
import { CARD_MINIMUM_CENTS, type PaymentProvider } from '../../../lib/payments.ts';
import { sitePage } from '../../../lib/return-path.ts';
import { formatPeriod, formatQuantityTimesPrice } from '../../../lib/units.ts';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import { bookings, type Database, paymentAttempts } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { bookingForPayment, type FrozenBooking, type PricedEntry } from '../bookings/booking-creation.ts';
import { listBookings } from '../bookings/bookings.service.ts';
import type { BookingView } from '../bookings/bookings.views.ts';
import { idempotencyKey } from './idempotency-keys.ts';
import { captureInProgress, closeCardSessions } from './open-attempts.ts';
import { PAYMENT_API_MESSAGES } from './payment-messages.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { askProvider, readSession } from './payment-states.ts';
import type { CheckoutSessionView, PaymentResultView, PayPalOrderView } from './payments.views.ts';
import { captureForPayer, captureOrder, takePayment, verdictOf } from './paypal-capture.ts';
import { centsOf, type PayPalOrder } from './paypal-client.ts';
import { applyVerdict, recordTaken } from './settlement.ts';

const m = PAYMENT_API_MESSAGES;

/** What a payment start sends besides the cart: the client's view of the total, the early-start request. */
interface PaymentStart {
  amount?: number;
  earlyStart?: boolean;
}

/**
 * The booking a payment is for (made by the bookings feature), with this payment's own refusals:
 * a client's amount that is not the server's total (409), a card payment below Stripe's minimum
 * (400), and an open booking whose PayPal capture is under way (409).
 */
function bookingFor(deps: ApiDependencies, userId: number, provider: PaymentProvider, start: PaymentStart) {
  return bookingForPayment(deps.db, userId, {
    earlyStart: start.earlyStart === true,
    refuse: async (tx, { totalCents, openBookingIds }) => {
      if (start.amount !== undefined && start.amount !== totalCents) throw new ApiError(409, m.amountChanged);
      if (provider === 'stripe' && totalCents < CARD_MINIMUM_CENTS) throw new ApiError(400, m.belowCardMinimum);
      for (const id of openBookingIds) {
        if (await captureInProgress(tx, id)) throw new ApiError(409, m.paypalUnderWay);
      }
    },
  });
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
  const taken = await closeCardSessions(deps, providers, bookingIds);
  for (const payment of taken) await recordTaken(deps, payment);
  if (taken.length > 0)
    throw new ApiError(409, taken.some((t) => t.state === 'pending') ? m.paymentPending : m.cartChanged);
}

/** A session or order of the booking still to be paid with, as the provider shows it now. */
interface OpenAttempt {
  ref: string;
  /** Stripe's hosted page of the session. */
  url?: string;
}

/**
 * Asks the providers about the booking's attempts that are still open, whatever their age (a
 * customer may come back days later): one paid or being paid meanwhile (a lost capture answer, a
 * webhook still on its way) is recorded and no new payment starts (409); a PayPal order the payer
 * approved is captured (the payer chose to pay so); closed or failed ones, and ones the provider
 * no longer knows, stop counting. Returns the provider's own attempt that can still be paid, to be
 * reused (so a double click never opens a second one), and how many attempts with this provider
 * the booking has had.
 */
async function inspectAttempts(
  deps: ApiDependencies,
  providers: PaymentProviders,
  booking: FrozenBooking,
  provider: PaymentProvider,
): Promise<{ reusable?: OpenAttempt; count: number }> {
  const attempts = await deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.bookingId, booking.id));
  let reusable: OpenAttempt | undefined;
  for (const attempt of attempts) {
    if (attempt.status === 'pending') throw new ApiError(409, m.paymentPending);
    if (attempt.status !== 'open') continue;
    const verdict = await askProvider(providers, attempt.provider, attempt.providerRef);
    if (verdict.state === 'approved') {
      const captured = await captureForPayer(deps, providers, attempt.providerRef);
      if (captured) throw new ApiError(409, captured.status === 'processing' ? m.paymentPending : m.alreadyPaid);
    }
    if (verdict.state === 'paid' || verdict.state === 'pending') {
      const done = await applyVerdict(deps, providers, verdict);
      throw new ApiError(409, done?.outcome === 'pending' ? m.paymentPending : m.alreadyPaid);
    }
    const payable = verdict.state === 'open' || verdict.state === 'approved';
    if (!payable) await applyVerdict(deps, providers, verdict);
    else if (attempt.provider === provider) {
      // A card session is reused with its hosted page; an order the payer approved with a declined
      // source is approved again in PayPal's window.
      const url =
        provider === 'stripe' ? ((await readSession(providers, attempt.providerRef)).url ?? undefined) : undefined;
      if (provider === 'paypal' || url) reusable = { ref: attempt.providerRef, url };
    }
  }
  return { reusable, count: attempts.filter((attempt) => attempt.provider === provider).length };
}

/**
 * After a new card session is recorded: a PayPal capture that started meanwhile either saw the
 * session and expired it, or is seen here; so is a booking paid, processing or cancelled
 * meanwhile. Then the new session is expired at once and the start refused
 * (docs/product.md#d22-fulfilment).
 */
async function keepOnlyIfPayable(deps: ApiDependencies, providers: PaymentProviders, bookingId: number) {
  const [booking] = await deps.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  const capturing = await captureInProgress(deps.db, bookingId);
  if (booking?.status === 'pending_payment' && !capturing) return;
  for (const payment of await closeCardSessions(deps, providers, [bookingId])) await recordTaken(deps, payment);
  if (capturing) throw new ApiError(409, m.paypalUnderWay);
  const messages: Record<string, string> = { paid: m.alreadyPaid, processing: m.paymentPending, refunded: m.refunded };
  throw new ApiError(409, messages[booking?.status ?? ''] ?? m.replaced);
}

/** Only the site's own pages may be where the provider sends the customer back. */
function ownPage(deps: ApiDependencies, url: string | undefined, fallbackPath: string): URL {
  const page = sitePage(url ?? fallbackPath, deps.siteUrl);
  if (!page) throw new ApiError(400, m.returnUrl);
  return page;
}

/** One line per entry at its line price: Stripe's quantities are whole numbers, ours may be 2,25 m². */
const lineItemName = (item: PricedEntry) =>
  `${item.type} (Artikel ${item.number}), ${formatQuantityTimesPrice(lineFacts(item))}, ${formatPeriod(lineFacts(item))}`;

const lineFacts = (item: PricedEntry) => ({
  ...item,
  price: centsToEuros(item.priceCents),
  discount: centsToEuros(item.discountCents),
});

/** A provider failure becomes a 502 for the customer; our own answers pass. */
function providerFailure(error: unknown, what: string, booking: FrozenBooking, message: string): never {
  if (error instanceof ApiError) throw error;
  log.error({ booking: booking.bookingNumber, err: error }, what);
  throw new ApiError(502, message);
}

/**
 * `POST /payment/stripe/checkout-session`: a hosted Checkout Session for the cart, cards only
 * (docs/product.md#d20-stripe-checkout).
 */
export async function startStripeCheckout(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  input: PaymentStart & { successUrl?: string; cancelUrl?: string },
): Promise<CheckoutSessionView> {
  const successUrl = ownPage(deps, input.successUrl, '/success');
  const cancelUrl = ownPage(deps, input.cancelUrl, '/cancel');
  const { booking, replaced } = await bookingFor(deps, user.id, 'stripe', input);
  try {
    await closeReplaced(deps, providers, replaced);
    const { reusable, count } = await inspectAttempts(deps, providers, booking, 'stripe');
    if (reusable?.url) return { sessionId: reusable.ref, url: reusable.url, bookingId: booking.id };
    successUrl.searchParams.set('bookingId', String(booking.id));
    // Stripe fills in the session id; the braces must stay unencoded.
    const success = `${successUrl.href}&session_id={CHECKOUT_SESSION_ID}`;
    const session = await providers.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        locale: 'de',
        // Cards only: a delayed method (SEPA Direct Debit and others the Dashboard may enable)
        // would leave the order unpaid for days (docs/product.md#d20-stripe-checkout).
        allowed_payment_method_types: ['card'],
        customer_email: user.email,
        client_reference_id: String(booking.id),
        metadata: { bookingId: String(booking.id), bookingNumber: booking.bookingNumber },
        line_items: booking.items.map((item) => ({
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: item.lineCents, product_data: { name: lineItemName(item) } },
        })),
        success_url: success,
        cancel_url: cancelUrl.href,
      },
      // Concurrent starts for one booking get the same session, never a second one to pay.
      { idempotencyKey: await idempotencyKey(deps.db, booking, 'stripe', count) },
    );
    if (session.amount_total !== booking.totalCents || !session.url)
      throw new Error(`unexpected session ${session.id}`);
    await recordAttempt(deps.db, booking.id, 'stripe', session.id, booking.totalCents);
    await keepOnlyIfPayable(deps, providers, booking.id);
    return { sessionId: session.id, url: session.url, bookingId: booking.id };
  } catch (error) {
    providerFailure(error, 'Stripe Checkout failed', booking, m.stripeFailed);
  }
}

/** The order's amount as PayPal holds it must be the booking's, or an idempotency key met another order. */
function requireBookingAmount(order: PayPalOrder, booking: FrozenBooking) {
  const [unit, ...others] = order.purchase_units;
  const amount = unit?.amount;
  if (others.length > 0 || !amount || amount.currency_code !== 'EUR' || centsOf(amount.value) !== booking.totalCents) {
    throw new Error(`PayPal order ${order.id} does not hold the booking's amount ${booking.totalCents}`);
  }
}

/** `POST /payment/paypal/orders`: a PayPal order (intent CAPTURE, EUR) for the cart (docs/product.md#d21-paypal). */
export async function startPayPalOrder(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  input: PaymentStart,
): Promise<PayPalOrderView> {
  const { booking, replaced } = await bookingFor(deps, user.id, 'paypal', input);
  try {
    await closeReplaced(deps, providers, replaced);
    const { reusable, count } = await inspectAttempts(deps, providers, booking, 'paypal');
    if (reusable) return { id: reusable.ref, orderId: reusable.ref, bookingId: booking.id };
    const order = await providers.paypal.createOrder(
      { amountCents: booking.totalCents, referenceId: String(booking.id), customId: booking.bookingNumber },
      await idempotencyKey(deps.db, booking, 'paypal', count),
    );
    requireBookingAmount(order, booking);
    await recordAttempt(deps.db, booking.id, 'paypal', order.id, booking.totalCents);
    return { id: order.id, orderId: order.id, bookingId: booking.id };
  } catch (error) {
    providerFailure(error, 'PayPal order failed', booking, m.paypalFailed);
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

/**
 * `POST /payment/paypal/orders/{id}/capture`: captures the caller's approved order and records
 * what PayPal says: paid (200 `paid`), pending (200 `processing`), declined (402)
 * (paypal-capture.ts).
 */
export async function capturePayPalOrder(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  orderId: string,
): Promise<PaymentResultView> {
  await ownAttempt(deps, user.id, 'paypal', orderId);
  return captureOrder(deps, providers, orderId);
}

/**
 * `POST /payments/confirm-payment`, the success page's call: asks the provider about the caller's
 * session or order and records what it says: paid, or pending ('processing'); the client's
 * `paidAmount` is never used.
 */
export async function confirmPayment(
  deps: ApiDependencies,
  providers: PaymentProviders,
  user: AuthenticatedUser,
  input: { bookingId: number; provider: PaymentProvider; sessionId: string },
): Promise<BookingView> {
  const { booking } = await ownAttempt(deps, user.id, input.provider, input.sessionId);
  if (booking.id !== input.bookingId) throw new ApiError(404, m.paymentNotFound);
  if (booking.status === 'pending_payment' || booking.status === 'processing' || booking.status === 'cancelled') {
    const verdict = await verdictOf(providers, input.provider, input.sessionId);
    if (verdict.state === 'approved') await captureOrder(deps, providers, input.sessionId);
    else if (verdict.state === 'paid' || verdict.state === 'pending') {
      const done = await takePayment(deps, providers, verdict);
      if (done?.outcome === 'failed') throw new ApiError(402, m.notPaid);
    } else {
      await applyVerdict(deps, providers, verdict);
      throw new ApiError(402, m.notPaid);
    }
  }
  const [view] = (await listBookings(deps.db, user.id)).filter((b) => b.id === booking.id);
  if (!view) throw new ApiError(404, m.paymentNotFound);
  return view;
}
