/** The payment calls of the REST API, typed by the payments' and bookings' contracts. */
import type { PaymentProvider } from '../lib/payments.ts';
import type { BookingView } from '../server/features/bookings/bookings.views.ts';
import type {
  CheckoutSessionView,
  PaymentResultView,
  PayPalOrderView,
} from '../server/features/payments/payments.views.ts';
import { callerFor } from './http.ts';

export interface PaymentRoutes {
  'POST payment/stripe/checkout-session': CheckoutSessionView;
  'POST payment/paypal/orders': PayPalOrderView;
  'POST payment/paypal/orders/{id}/capture': PaymentResultView;
  'POST payments/confirm-payment': BookingView;
}

const call = callerFor<PaymentRoutes>();

/**
 * `amountCents` is what the page showed: the server refuses (409) when its own total differs.
 * `earlyStart`: the customer asked for a start within the withdrawal period.
 */
export const startCardPayment = (amountCents: number, origin: string, earlyStart: boolean) =>
  call('POST payment/stripe/checkout-session', {
    json: { amount: amountCents, successUrl: `${origin}/success`, cancelUrl: `${origin}/cancel`, earlyStart },
  }).json();

export const createPayPalOrder = (amountCents: number, earlyStart: boolean) =>
  call('POST payment/paypal/orders', { json: { amount: amountCents, earlyStart } }).json();

export const capturePayPalOrder = (orderId: string) =>
  call(`POST payment/paypal/orders/${encodeURIComponent(orderId)}/capture`).json();

export const confirmPayment = (input: { bookingId: number; sessionId: string; paymentMethod: PaymentProvider }) =>
  call('POST payments/confirm-payment', { json: input }).json();
