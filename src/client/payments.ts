/** The payment calls of the REST API, typed by the server's own answers. */

import type { BookingView } from '../server/features/bookings/bookings.views.ts';
import type {
  CheckoutSessionView,
  PaymentResultView,
  PayPalOrderView,
} from '../server/features/payments/payments.views.ts';
import { api } from './http.ts';

/**
 * `amountCents` is what the page showed: the server refuses (409) when its own total differs.
 * `earlyStart`: the customer asked for a start within the withdrawal period.
 */
export const startCardPayment = (amountCents: number, origin: string, earlyStart: boolean) =>
  api
    .post('payment/stripe/checkout-session', {
      json: { amount: amountCents, successUrl: `${origin}/success`, cancelUrl: `${origin}/cancel`, earlyStart },
    })
    .json<CheckoutSessionView>();

export const createPayPalOrder = (amountCents: number, earlyStart: boolean) =>
  api.post('payment/paypal/orders', { json: { amount: amountCents, earlyStart } }).json<PayPalOrderView>();

export const capturePayPalOrder = (orderId: string) =>
  api.post(`payment/paypal/orders/${encodeURIComponent(orderId)}/capture`).json<PaymentResultView>();

export const confirmPayment = (input: { bookingId: number; sessionId: string; paymentMethod: 'stripe' | 'paypal' }) =>
  api.post('payments/confirm-payment', { json: input }).json<BookingView>();
