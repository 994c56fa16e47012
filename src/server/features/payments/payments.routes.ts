/**
 * Payments over HTTP: starting a card or PayPal payment, capturing PayPal orders, the providers'
 * webhooks and the success page's confirmation (docs/product.md#rest-api). Amounts come from the
 * server; a client's `amount` is only checked against it and its `paidAmount` is ignored.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { databaseId } from '../../../lib/schema-fields.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit, limitBody } from '../../http/body-limit.ts';
import { failure, json, jsonBody, operation } from '../../http/openapi.ts';
import { requireUser } from '../accounts/guards.ts';
import { BookingViewSchema } from '../bookings/bookings.views.ts';
import type { PaymentProviders } from './payment-providers.ts';
import * as payments from './payments.service.ts';
import {
  CheckoutSessionViewSchema,
  PaymentResultViewSchema,
  PayPalOrderViewSchema,
  WebhookReceiptSchema,
} from './payments.views.ts';
import { handlePayPalWebhook, transmissionOf } from './paypal-webhook.ts';
import { handleStripeWebhook } from './stripe-webhook.ts';

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

/** The customer's express request to start within the withdrawal period (docs/product.md#d31-consumer-law). */
const earlyStart = v.optional(v.boolean('earlyStart muss true oder false sein.'), false);

const CheckoutSessionSchema = v.object({ amount, successUrl: returnUrl, cancelUrl: returnUrl, earlyStart });
const PayPalOrderSchema = v.object({ amount, earlyStart });

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

/** The providers' events are small; their signatures cover the raw body, which must be read unchanged. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const TAG = 'Payments';
const providerFailed = failure('The payment provider could not be reached or answered with an error.');
const paymentConflict = failure(
  '`amount` is not the cart’s total (its prices changed meanwhile); the booking is paid already, its payment is still being processed by a provider (‘Ihre Zahlung wird noch bearbeitet …’; also when the cart holds an appointment of such a booking), or being captured by PayPal right now; or an earlier payment arrived meanwhile and changed the cart.',
);
const cartNotPayable = 'The cart is empty or above the most one payment may be (999,999.99 €)';
const earlyStartMissing =
  'an appointment starts within the 14-day withdrawal period and `earlyStart` is not true (the customer did not ask for the early start)';
const rawEvent = (description: string) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object' as const, description } } },
});

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
          200: json('The session to pay.', CheckoutSessionViewSchema),
          400: failure(
            `${cartNotPayable}, below the least a card payment may be (0,50 €, Stripe’s minimum), ${earlyStartMissing}, a return URL is not of this site, or a field breaks a rule.`,
          ),
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
          201: json('The PayPal order to approve.', PayPalOrderViewSchema),
          400: failure(`${cartNotPayable}, ${earlyStartMissing}, or a field breaks a rule.`),
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
        description:
          'Captures once, however often it is called; a capture of the booking already under way (PayPal’s approval webhook, another tab) is waited for and its outcome answered. PayPal’s answer decides: a completed capture makes the booking paid, a pending one (PayPal holds the payment for review) makes it `processing` until PayPal decides.',
        parameters: [
          { in: 'path', name: 'id', required: true, description: 'PayPal’s order id.', schema: { type: 'string' } },
        ],
        responses: {
          200: json('The booking is paid, or its payment is being processed.', PaymentResultViewSchema),
          402: failure(
            'The payer has not approved the order, PayPal declined the payment, or declined its funding source (the payer may choose another one and approve again).',
          ),
          404: failure('Not an order of the caller.'),
          409: failure(
            'The booking was replaced by a newer payment or refunded, another capture of it is still under way after a wait, a card payment of it is being processed, or the payment does not fit it (recorded for a refund).',
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
          'Stripe’s signed events `checkout.session.completed`, `checkout.session.async_payment_succeeded`, `checkout.session.async_payment_failed`, `checkout.session.expired`, `charge.refunded`, `refund.created`, `refund.updated`, `refund.failed`, `charge.dispute.created`, `charge.dispute.updated` and `charge.dispute.closed`, read raw to check the signature. Each only names what to read: the shop reads the session, refund or dispute from Stripe and records its state now, so events twice or out of order change nothing. Other events are taken and ignored.',
        security: [{ stripeSignature: [] }],
        requestBody: rawEvent('A Stripe event.'),
        responses: {
          200: json('The event is taken.', WebhookReceiptSchema),
          400: failure(
            'The signature is missing or invalid, or its timestamp too old; or the signed event lacks what the shop reads (logged).',
          ),
          502: failure('Stripe could not be reached to read what the event names; Stripe sends it again.'),
        },
      }),
      limitBody(WEBHOOK_BODY_LIMIT),
      async (c) => {
        await handleStripeWebhook(deps, providers, await c.req.text(), c.req.header('Stripe-Signature'));
        return c.json({ received: true });
      },
    )
    .post(
      '/paypal/webhook',
      operation(TAG, {
        summary: 'PayPal’s webhook',
        description:
          'PayPal’s events `CHECKOUT.ORDER.APPROVED` (the shop captures the approved order), `PAYMENT.CAPTURE.COMPLETED`, `PAYMENT.CAPTURE.DENIED`, `PAYMENT.CAPTURE.REFUNDED`, `PAYMENT.CAPTURE.REVERSED`, `CUSTOMER.DISPUTE.CREATED`, `CUSTOMER.DISPUTE.UPDATED` and `CUSTOMER.DISPUTE.RESOLVED`, verified with PayPal’s verify-webhook-signature API (the `PAYPAL-*` transmission headers and the event as received); the shop then reads the order, refund or dispute from PayPal. Other events are taken and ignored.',
        security: [{ paypalTransmission: [] }],
        requestBody: rawEvent('A PayPal webhook event.'),
        responses: {
          200: json('The event is taken.', WebhookReceiptSchema),
          400: failure('Transmission headers missing, the body is not a PayPal event, or PayPal does not verify it.'),
          502: failure(
            'PayPal could not be reached to verify the event, read what it names or capture the approved order; PayPal sends it again.',
          ),
        },
      }),
      limitBody(WEBHOOK_BODY_LIMIT),
      async (c) => {
        await handlePayPalWebhook(
          deps,
          providers,
          await c.req.text(),
          transmissionOf((name) => c.req.header(name)),
        );
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
        'Asks the provider about the caller’s session or order and records what it says: paid (the booking is `paid`) or still being processed (the booking is `processing`).',
      responses: {
        200: json('The booking, paid or with its payment being processed.', BookingViewSchema),
        402: failure('The provider has not taken the payment (not paid, declined or expired).'),
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
