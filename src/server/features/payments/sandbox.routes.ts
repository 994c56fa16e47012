/**
 * The payment sandbox: the providers' emulators under /sandbox, for each provider that has no live
 * keys (docs/product.md#d19-provider-emulators). With live keys a provider's routes do not exist
 * (404), so nothing can pretend to be a payment there.
 */
import { Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { paypalEmulator } from './sandbox/paypal-emulator.ts';
import { stripeEmulator } from './sandbox/stripe-emulator.ts';

/** Delivers a signed Stripe event to this API's own webhook route; resolves with its status. */
export type WebhookDelivery = (body: string, signature: string) => Promise<number>;

export function sandboxRoutes(deps: ApiDependencies, deliverWebhook: WebhookDelivery) {
  const { stripe, paypal, testControls } = deps.payments;
  const publicBase = (provider: string) => new URL(`${deps.publicApiBase}/sandbox/${provider}`, deps.siteUrl).href;
  const routes = new Hono<ApiEnv>();
  if (stripe.sandbox) {
    routes.route(
      '/stripe',
      stripeEmulator({
        db: deps.db,
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        publicBaseUrl: publicBase('stripe'),
        deliverWebhook,
        testControls,
      }),
    );
  }
  if (paypal.sandbox) {
    routes.route(
      '/paypal',
      paypalEmulator({
        db: deps.db,
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        publicBaseUrl: publicBase('paypal'),
        testControls,
      }),
    );
  }
  return routes;
}
