/**
 * The payments' contract (docs/product.md#d26-code-layout): what starting, capturing and
 * confirming a payment answer, a staff refund's answer, and the webhooks' receipt. How payments
 * are worded, and the providers, are in src/lib/payments.ts, which the browser runs too.
 */
import * as v from 'valibot';

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
  /** `processing`: PayPal holds the payment for review; the customer reads that it is being processed. */
  status: v.picklist(['paid', 'processing']),
  /** For PayPal's success message ('Zahlung erfolgreich abgeschlossen von …'). */
  payerName: v.optional(v.string()),
});
export type PaymentResultView = v.InferOutput<typeof PaymentResultViewSchema>;

export const RefundViewSchema = v.object({
  bookingId: v.number(),
  bookingNumber: v.string(),
  /** Euros. */
  amount: v.number(),
  /** `pending`: the provider accepted the refund and pays it out later. */
  status: v.picklist(['completed', 'pending']),
});
export type RefundView = v.InferOutput<typeof RefundViewSchema>;

/** A provider's webhook event, taken (checked and handed to fulfilment). */
export const WebhookReceiptSchema = v.object({ received: v.literal(true) });
