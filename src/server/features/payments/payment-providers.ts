/**
 * The providers' clients as the payment flow uses them: the real `stripe` package and the PayPal
 * client, pointed at the live services, or at the sandbox's emulators inside this API (reached
 * in process, so the sandbox needs neither a port nor a network; docs/product.md#d19-provider-emulators).
 */
import Stripe from 'stripe';
import type { PaymentConfig } from '../../context.ts';
import { type PayPalClient, paypalClient } from './paypal-client.ts';

export interface PaymentProviders {
  config: PaymentConfig;
  stripe: Stripe;
  paypal: PayPalClient;
}

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Where the emulators are mounted in this API, e.g. "/api/sandbox"; `fetch` delivers a request into the API. */
export interface SandboxEndpoint {
  path: string;
  fetch: Fetch;
}

/** A fetch for one emulator: whatever host the SDK asks for, the request goes to `<path>/<provider>/…`. */
function intoEmulator(sandbox: SandboxEndpoint, provider: 'stripe' | 'paypal'): Fetch {
  return (input, init) => {
    const requested = new URL(input instanceof Request ? input.url : input);
    return sandbox.fetch(
      new URL(`${sandbox.path}/${provider}${requested.pathname}${requested.search}`, 'http://sandbox'),
      init,
    );
  };
}

/**
 * A provider call gives up after 15 s (Stripe tries twice more): a PayPal capture's claim
 * (open-attempts.ts) outlasts everything it waits for.
 */
const PROVIDER_TIMEOUT_MS = 15_000;
const STRIPE_LIMITS = { timeout: PROVIDER_TIMEOUT_MS, maxNetworkRetries: 2 };

export function paymentProviders(config: PaymentConfig, sandbox: SandboxEndpoint): PaymentProviders {
  const stripe = config.stripe.sandbox
    ? new Stripe(config.stripe.secretKey, {
        // The emulator's address as far as the SDK knows; its fetch delivers the request in process.
        protocol: 'http',
        host: 'sandbox',
        port: 80,
        httpClient: Stripe.createFetchHttpClient(intoEmulator(sandbox, 'stripe') as typeof fetch),
        ...STRIPE_LIMITS,
      })
    : new Stripe(config.stripe.secretKey, STRIPE_LIMITS);
  const paypal = paypalClient({
    baseUrl: config.paypal.apiBase ?? 'http://sandbox',
    clientId: config.paypal.clientId,
    clientSecret: config.paypal.clientSecret,
    fetch: config.paypal.sandbox ? intoEmulator(sandbox, 'paypal') : fetch,
    timeoutMs: PROVIDER_TIMEOUT_MS,
  });
  return { config, stripe, paypal };
}
