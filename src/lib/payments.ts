/** How payment methods are named to customers and staff (order mail, order overview). */
import type { PaymentProvider } from '../server/db/schema.ts';

export const PAYMENT_METHOD_NAMES: Record<PaymentProvider, string> = {
  stripe: 'Kreditkarte (Stripe)',
  paypal: 'PayPal',
};
