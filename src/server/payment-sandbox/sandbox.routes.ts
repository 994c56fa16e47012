/**
 * The payment sandbox: the providers' emulators under /sandbox, for each provider that has no live
 * keys (docs/product.md#d19-provider-emulators). With live keys a provider's routes do not exist
 * (404), so nothing can pretend to be a payment there. The product reaches the sandbox only
 * through this module: the app mounts the routes at SANDBOX_PATH, the providers' clients are
 * pointed there, and the payment page loads the PayPal SDK stand-in from there. The pages' styles
 * and the stand-in are the files in assets/, read once when the routes are made (assets.ts). Both
 * emulators read one clock, which tests move on where the test controls are (`/test/clock`).
 */
import { Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../context.ts';
import { readSandboxAssets } from './assets.ts';
import { PAYPAL_SDK_PATH } from './paypal/approval-routes.ts';
import { paypalEmulator } from './paypal/paypal-emulator.ts';
import { clockRoutes, sandboxClock } from './sandbox-clock.ts';
import { sandboxStore } from './sandbox-store.ts';
import { stripeEmulator } from './stripe/stripe-emulator.ts';

/** Where the app mounts these routes, below the API's base path. */
export const SANDBOX_PATH = '/sandbox';

/** The PayPal SDK stand-in, which the payment page loads instead of PayPal's SDK. */
export const paypalSdkStandInUrl = (publicApiBase: string) =>
  `${publicApiBase}${SANDBOX_PATH}/paypal${PAYPAL_SDK_PATH}`;

/** Delivers a webhook to this API's own route of the provider; resolves with its status. */
export interface WebhookDelivery {
  stripe(body: string, signature: string): Promise<number>;
  paypal(body: string, headers: Record<string, string>): Promise<number>;
}

export function sandboxRoutes(deps: ApiDependencies, deliverWebhook: WebhookDelivery) {
  const { stripe, paypal, testControls } = deps.payments;
  const publicBase = (provider: string) =>
    new URL(`${deps.publicApiBase}${SANDBOX_PATH}/${provider}`, deps.siteUrl).href;
  const routes = new Hono<ApiEnv>();
  if (!stripe.sandbox && !paypal.sandbox) return routes;
  const { pages, paypalSdk } = readSandboxAssets();
  const clock = sandboxClock(sandboxStore(deps.db), { controlled: testControls });
  // Every replica tells the time a test set on any of them.
  routes.use(async (_c, next) => {
    await clock.refresh();
    await next();
  });
  if (testControls) routes.route('/test/clock', clockRoutes(clock));
  if (stripe.sandbox) {
    routes.route(
      '/stripe',
      stripeEmulator({
        db: deps.db,
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        publicBaseUrl: publicBase('stripe'),
        deliverWebhook: deliverWebhook.stripe,
        pages,
        testControls,
        clock,
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
        webhookId: paypal.webhookId,
        webhookSigningSecret: paypal.sandboxSigningSecret,
        publicBaseUrl: publicBase('paypal'),
        deliverWebhook: deliverWebhook.paypal,
        pages,
        sdk: paypalSdk,
        testControls,
        clock,
      }),
    );
  }
  return routes;
}
