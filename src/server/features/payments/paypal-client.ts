/**
 * A small typed client of PayPal's Orders v2 API over fetch, with a base URL (PayPal's server SDK
 * has none): PayPal's live or sandbox API, or the product's emulator (docs/product.md#d21-paypal).
 * Answers are checked with valibot for the fields the product relies on.
 */
import * as v from 'valibot';

const Amount = v.object({ currency_code: v.string(), value: v.string() });

const Capture = v.object({ id: v.string(), status: v.string(), amount: Amount });

const Order = v.object({
  id: v.string(),
  status: v.string(),
  purchase_units: v.optional(
    v.array(
      v.object({
        reference_id: v.optional(v.string()),
        amount: v.optional(Amount),
        payments: v.optional(v.object({ captures: v.optional(v.array(Capture)) })),
      }),
    ),
    [],
  ),
  payer: v.optional(v.object({ name: v.optional(v.object({ given_name: v.optional(v.string()) })) })),
});

export type PayPalOrder = v.InferOutput<typeof Order>;

const Token = v.object({ access_token: v.string(), expires_in: v.number() });

const ErrorBody = v.object({
  name: v.optional(v.string()),
  message: v.optional(v.string()),
  details: v.optional(v.array(v.object({ issue: v.optional(v.string()) }))),
});

/** PayPal refused a request; `issue` is the first detail's issue code, e.g. ORDER_ALREADY_CAPTURED. */
export class PayPalApiError extends Error {
  override name = 'PayPalApiError';
  readonly status: number;
  readonly issue: string | undefined;
  constructor(status: number, body: unknown) {
    const parsed = v.safeParse(ErrorBody, body);
    const details = parsed.success ? parsed.output : {};
    super(`PayPal answered ${status}: ${details.name ?? ''} ${details.message ?? ''}`.trim());
    this.status = status;
    this.issue = details.details?.[0]?.issue;
  }
}

export interface PayPalClient {
  createOrder(
    input: { amountCents: number; referenceId: string; customId: string },
    requestId: string,
  ): Promise<PayPalOrder>;
  getOrder(id: string): Promise<PayPalOrder>;
  captureOrder(id: string, requestId: string): Promise<PayPalOrder>;
}

export interface PayPalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** A call that takes longer fails (and a capture's claim outlasts it). */
  timeoutMs: number;
}

export function paypalClient({ baseUrl, clientId, clientSecret, fetch, timeoutMs }: PayPalClientOptions): PayPalClient {
  let token: { value: string; validUntil: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.validUntil > Date.now()) return token.value;
    const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body: unknown = await response.json();
    if (!response.ok) throw new PayPalApiError(response.status, body);
    const parsed = v.parse(Token, body);
    token = { value: parsed.access_token, validUntil: Date.now() + (parsed.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown; requestId?: string }) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method,
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Content-Type': 'application/json',
        ...(init.requestId ? { 'PayPal-Request-Id': init.requestId } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body: unknown = await response.json();
    if (!response.ok) throw new PayPalApiError(response.status, body);
    return v.parse(Order, body);
  }

  return {
    createOrder: ({ amountCents, referenceId, customId }, requestId) =>
      call('/v2/checkout/orders', {
        method: 'POST',
        requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: referenceId,
              custom_id: customId,
              amount: { currency_code: 'EUR', value: (amountCents / 100).toFixed(2) },
            },
          ],
        },
      }),
    getOrder: (id) => call(`/v2/checkout/orders/${encodeURIComponent(id)}`, { method: 'GET' }),
    captureOrder: (id, requestId) =>
      call(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, { method: 'POST', requestId }),
  };
}

/** "1200.00" → 120000; anything that is not a plain amount with at most two decimals → NaN. */
export function centsOf(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [euros = '0', cents = ''] = value.split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}
