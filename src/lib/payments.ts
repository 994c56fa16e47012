/** The payment providers, and how payments are worded to customers and staff, the same by the API and the payment pages. */

/** Who takes a payment: Stripe (cards, hosted Checkout) or PayPal. */
export const PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Payment failures: the API's message, and the page's own words when no answer came. */
export const PAYMENT_MESSAGES = {
  cartEmpty: 'Der Warenkorb ist leer oder die Summe konnte nicht geladen werden.',
  stripeFailed: 'Zahlung mit Stripe fehlgeschlagen.',
  paypalFailed: 'Fehler bei der PayPal-Zahlung. Bitte versuchen Sie es erneut.',
  confirmFailed: 'Fehler bei der Zahlungsbestätigung.',
  /** The provider took the payment but has not finished it (docs/product.md#d32-payment-states). */
  paymentPending:
    'Ihre Zahlung wird noch bearbeitet. Sobald der Zahlungsanbieter sie abschließt, erhalten Sie eine Bestätigung per E-Mail. Bis dahin kann diese Bestellung nicht noch einmal bezahlt werden.',
} as const;

/** Stripe's smallest card payment in euros: a cart below it is refused before a booking exists. */
export const CARD_MINIMUM_CENTS = 50;

/** How payment methods are named (confirmation mail, booking overview). */
export const PAYMENT_METHOD_NAMES: Record<PaymentProvider, string> = {
  stripe: 'Kreditkarte (Stripe)',
  paypal: 'PayPal',
};
