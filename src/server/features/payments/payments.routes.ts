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
import { readJson } from '../../http/validation.ts';
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

export function paymentRoutes(deps: ApiDependencies, providers: PaymentProviders) {
  const customer = new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .post('/stripe/checkout-session', async (c) =>
      c.json(
        await payments.startStripeCheckout(deps, providers, c.get('user'), await readJson(c, CheckoutSessionSchema)),
      ),
    )
    .post('/paypal/orders', async (c) =>
      c.json(
        await payments.startPayPalOrder(deps, providers, c.get('user'), await readJson(c, PayPalOrderSchema)),
        201,
      ),
    )
    .post('/paypal/orders/:id/capture', async (c) =>
      c.json(await payments.capturePayPalOrder(deps, providers, c.get('user'), c.req.param('id'))),
    );
  return new Hono<ApiEnv>()
    .post('/stripe/webhook', limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
      await payments.handleStripeWebhook(deps, providers, await c.req.text(), c.req.header('Stripe-Signature'));
      return c.json({ received: true });
    })
    .route('/', customer);
}

/** `/payments/confirm-payment`: the earlier contract's path for the success page. */
export function paymentConfirmationRoutes(deps: ApiDependencies, providers: PaymentProviders) {
  return new Hono<ApiEnv>().use(jsonBodyLimit, requireUser(deps)).post('/confirm-payment', async (c) => {
    const { bookingId, sessionId, paymentMethod } = await readJson(c, ConfirmPaymentSchema);
    return c.json(
      await payments.confirmPayment(deps, providers, c.get('user'), { bookingId, sessionId, provider: paymentMethod }),
    );
  });
}
