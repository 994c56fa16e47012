/**
 * Payments over HTTP: starting a card or PayPal payment, capturing PayPal orders, Stripe's
 * webhook and the success page's confirmation (docs/product.md#rest-api). Amounts come from the
 * server; a client's `amount` is only checked against it and its `paidAmount` is ignored.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { databaseId } from '../../../lib/schema-fields.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit, limitBody } from '../../http/body-limit.ts';
import { requireUser } from '../../http/guards.ts';
import { failure, json, jsonBody, operation } from '../../http/openapi.ts';
import { BookingViewSchema } from '../bookings/bookings.service.ts';
import type { PaymentProviders } from './payment-providers.ts';
import * as payments from './payments.service.ts';

const MESSAGES = {
  amount: 'Der Betrag muss eine ganze Zahl von Cent sein.',
  url: 'Die Adresse ist ungültig.',
  bookingId: 'Die Bestellnummer fehlt.',
  sessionId: 'Die Zahlungs-ID fehlt.',
  paymentMethod: 'Die Zahlungsart ist unbekannt.',
} as const;

/** The client's view of the amount in cents: a consistency check, never what is charged. */
const amount = v.optional(
  v.pipe(v.number(MESSAGES.amount), v.integer(MESSAGES.amount), v.minValue(0, MESSAGES.amount)),
);
const returnUrl = v.optional(v.pipe(v.string(MESSAGES.url), v.maxLength(2000, MESSAGES.url)));

const CheckoutSessionSchema = v.object({ amount, successUrl: returnUrl, cancelUrl: returnUrl });
const PayPalOrderSchema = v.object({ amount });

/** The spec's confirmation call; `paidAmount` may come but is ignored. 'card' means Stripe. */
const ConfirmPaymentSchema = v.object({
  bookingId: databaseId(MESSAGES.bookingId),
  sessionId: v.pipe(v.string(MESSAGES.sessionId), v.nonEmpty(MESSAGES.sessionId), v.maxLength(200, MESSAGES.sessionId)),
  paymentMethod: v.optional(
    v.pipe(
      v.picklist(['stripe', 'card', 'paypal'], MESSAGES.paymentMethod),
      v.transform((method) => (method === 'paypal' ? ('paypal' as const) : ('stripe' as const))),
    ),
    'stripe',
  ),
});

/** Stripe's events are small; its signature covers the raw body, which must be read unchanged. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const TAG = 'Payments';
const providerFailed = failure('The payment provider could not be reached or answered with an error.');
const paymentConflict = failure(
  '`amount` is not the cart’s total (its prices changed meanwhile); the booking is paid already, still being paid, or being captured by PayPal right now; or an earlier payment arrived meanwhile and changed the cart.',
);
const cartNotPayable = 'The cart is empty or above the most one payment may be (999,999.99 €)';

export function paymentRoutes(deps: ApiDependencies, providers: PaymentProviders) {
  const customer = new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .post(
      '/stripe/checkout-session',
      operation(TAG, {
        summary: 'Pay the cart by card',
        description:
          'Freezes the cart into a booking awaiting payment and opens a Stripe Checkout Session for the server’s total; the browser goes to `url`. Return URLs must be pages of this site.',
        responses: {
          200: json('The session to pay.', payments.CheckoutSessionViewSchema),
          400: failure(`${cartNotPayable}, a return URL is not of this site, or a field breaks a rule.`),
          409: paymentConflict,
          502: providerFailed,
        },
      }),
      jsonBody(CheckoutSessionSchema),
      async (c) => c.json(await payments.startStripeCheckout(deps, providers, c.get('user'), c.req.valid('json'))),
    )
    .post(
      '/paypal/orders',
      operation(TAG, {
        summary: 'Pay the cart with PayPal',
        description:
          'Freezes the cart into a booking awaiting payment and creates a PayPal order for the server’s total.',
        responses: {
          201: json('The PayPal order to approve.', payments.PayPalOrderViewSchema),
          400: failure(`${cartNotPayable}, or a field breaks a rule.`),
          409: paymentConflict,
          502: providerFailed,
        },
      }),
      jsonBody(PayPalOrderSchema),
      async (c) => c.json(await payments.startPayPalOrder(deps, providers, c.get('user'), c.req.valid('json')), 201),
    )
    .post(
      '/paypal/orders/:id/capture',
      operation(TAG, {
        summary: 'Capture an approved PayPal order',
        description: 'Captures once, however often it is called, and marks the booking paid.',
        parameters: [
          { in: 'path', name: 'id', required: true, description: 'PayPal’s order id.', schema: { type: 'string' } },
        ],
        responses: {
          200: json('The booking is paid.', payments.PaymentResultViewSchema),
          402: failure('The payer has not approved the order, or PayPal declined it.'),
          404: failure('Not an order of the caller.'),
          409: failure(
            'The booking was replaced by a newer payment, another capture of it is under way, or the payment does not fit it.',
          ),
          502: providerFailed,
        },
      }),
      async (c) => c.json(await payments.capturePayPalOrder(deps, providers, c.get('user'), c.req.param('id'))),
    );
  return new Hono<ApiEnv>()
    .post(
      '/stripe/webhook',
      operation(TAG, {
        summary: 'Stripe’s webhook',
        description:
          'Stripe’s signed events `checkout.session.completed`, `checkout.session.async_payment_succeeded` and `checkout.session.expired`, read raw to check the signature.',
        security: [{ stripeSignature: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event.' } } },
        },
        responses: {
          200: json('The event is taken.', v.object({ received: v.literal(true) })),
          400: failure('The signature is missing or invalid, or its timestamp too old.'),
        },
      }),
      limitBody(WEBHOOK_BODY_LIMIT),
      async (c) => {
        await payments.handleStripeWebhook(deps, providers, await c.req.text(), c.req.header('Stripe-Signature'));
        return c.json({ received: true });
      },
    )
    .route('/', customer);
}

/** `/payments/confirm-payment`: the earlier contract's path for the success page. */
export function paymentConfirmationRoutes(deps: ApiDependencies, providers: PaymentProviders) {
  return new Hono<ApiEnv>().use(jsonBodyLimit, requireUser(deps)).post(
    '/confirm-payment',
    operation(TAG, {
      summary: 'Confirm a payment from the success page',
      description:
        'Asks the provider whether the caller’s session or order is paid and, if so, marks the booking paid.',
      responses: {
        200: json('The paid booking.', BookingViewSchema),
        402: failure('The provider has not completed the payment.'),
        404: failure('Not a payment of the caller, or of another booking.'),
        409: failure('The payment does not fit the booking and is not counted.'),
        502: providerFailed,
      },
    }),
    jsonBody(ConfirmPaymentSchema),
    async (c) => {
      const { bookingId, sessionId, paymentMethod } = c.req.valid('json');
      return c.json(
        await payments.confirmPayment(deps, providers, c.get('user'), {
          bookingId,
          sessionId,
          provider: paymentMethod,
        }),
      );
    },
  );
}
