/**
 * Which payment providers are live and which run in the sandbox, with the keys the server uses
 * (docs/product.md#d16-payment-sandbox, #d19-provider-emulators). A provider without keys runs
 * against the product's own emulator; the sandbox's keys are derived from the JWT secret, so every
 * replica of one installation agrees on them.
 */
import { createHmac } from 'node:crypto';
import type { PaymentConfig } from '../../context.ts';
import type { Settings } from '../../settings.ts';

export function paymentConfig(settings: Settings, jwtSecret: string): PaymentConfig {
  const derived = (purpose: string) => createHmac('sha256', jwtSecret).update(`hwds-sandbox:${purpose}`).digest('hex');
  const { stripeSecretKey, stripeWebhookSecret, paypalClientId, paypalClientSecret, paypalWebhookId } = settings;
  const sandboxSigningSecret = derived('paypal-webhook-signing');
  return {
    stripe:
      stripeSecretKey && stripeWebhookSecret
        ? { secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret, sandbox: false }
        : {
            secretKey: `sk_test_hwds${derived('stripe-key').slice(0, 32)}`,
            webhookSecret: `whsec_${derived('stripe-webhook')}`,
            sandbox: true,
          },
    paypal:
      paypalClientId && paypalClientSecret && paypalWebhookId
        ? {
            clientId: paypalClientId,
            clientSecret: paypalClientSecret,
            webhookId: paypalWebhookId,
            apiBase: settings.paypalApiBase,
            sandbox: false,
            sandboxSigningSecret,
          }
        : {
            clientId: `hwds-sandbox-${derived('paypal-id').slice(0, 24)}`,
            clientSecret: derived('paypal-secret'),
            webhookId: derived('paypal-webhook-id').slice(0, 17).toUpperCase(),
            apiBase: undefined,
            sandbox: true,
            sandboxSigningSecret,
          },
    testControls: settings.sandboxTestControls,
  };
}

/** PayPal's own sandbox (test accounts) counts as a test mode as much as ours does. */
export const paypalTestMode = (config: PaymentConfig): boolean =>
  config.paypal.sandbox || config.paypal.apiBase?.includes('sandbox.paypal.com') === true;

/** The start-up log's line about payments: live, or clearly a test mode. */
export function describePayments(config: PaymentConfig): string {
  const mode = (sandbox: boolean) => (sandbox ? 'local sandbox (Testmodus: no real money)' : 'live');
  return `Payments: Stripe ${mode(config.stripe.sandbox)}, PayPal ${mode(config.paypal.sandbox)}.`;
}
