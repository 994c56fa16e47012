/**
 * A small typed client of PayPal's REST API over fetch, with a base URL (PayPal's server SDK has
 * none): PayPal's live or sandbox API, or the product's emulator (docs/product.md#d21-paypal).
 * Orders v2 (create, read, capture), Payments v2 (captures, refunds), Disputes v1 (read) and the
 * webhook verification.
 * Every call that changes something asks for the whole resource (`Prefer: return=representation`;
 * PayPal's default is a minimal answer without the captures), and answers are checked with valibot
 * for the fields the product relies on.
 */
import * as v from 'valibot';

const Amount = v.object({ currency_code: v.string(), value: v.string() });

const Link = v.object({ href: v.string(), rel: v.string() });

const Capture = v.object({
  id: v.string(),
  status: v.string(),
  amount: Amount,
  links: v.optional(v.array(Link), []),
});

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
  payment_source: v.optional(
    v.object({
      paypal: v.optional(v.object({ name: v.optional(v.object({ given_name: v.optional(v.string()) })) })),
    }),
  ),
});

export type PayPalOrder = v.InferOutput<typeof Order>;

const CaptureDetails = v.object({
  ...Capture.entries,
  supplementary_data: v.optional(v.object({ related_ids: v.optional(v.object({ order_id: v.optional(v.string()) })) })),
});

export type PayPalCapture = v.InferOutput<typeof CaptureDetails>;

const Refund = v.object({ id: v.string(), status: v.string(), amount: v.optional(Amount) });

export type PayPalRefund = v.InferOutput<typeof Refund>;

const Dispute = v.object({
  dispute_id: v.string(),
  status: v.string(),
  reason: v.string(),
  dispute_amount: Amount,
  dispute_outcome: v.optional(v.object({ outcome_code: v.optional(v.string()) })),
  /** The captures disputed (`seller_transaction_id`). */
  disputed_transactions: v.array(v.object({ seller_transaction_id: v.string() })),
  seller_response_due_date: v.optional(v.string()),
});

export type PayPalDispute = v.InferOutput<typeof Dispute>;

const Verification = v.object({ verification_status: v.string() });

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

/** PayPal no longer knows the resource: an order not completed within three hours is deleted. */
export const isUnknownToPayPal = (error: unknown): boolean =>
  error instanceof PayPalApiError && error.status === 404 && error.issue === 'INVALID_RESOURCE_ID';

/** The headers PayPal sends with a webhook transmission, which its verification needs. */
export interface WebhookTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export interface PayPalClient {
  createOrder(
    input: { amountCents: number; referenceId: string; customId: string },
    requestId: string,
  ): Promise<PayPalOrder>;
  getOrder(id: string): Promise<PayPalOrder>;
  captureOrder(id: string, requestId: string): Promise<PayPalOrder>;
  getCapture(id: string): Promise<PayPalCapture>;
  /** A full refund of the capture. */
  refundCapture(captureId: string, input: { noteToPayer: string }, requestId: string): Promise<PayPalRefund>;
  getRefund(id: string): Promise<PayPalRefund>;
  getDispute(id: string): Promise<PayPalDispute>;
  /**
   * PayPal's verdict on a webhook transmission. The event goes back exactly as it came: PayPal's
   * signature covers the body's bytes, which parsing and writing JSON again could change.
   */
  verifyWebhook(transmission: WebhookTransmission, rawEvent: string, webhookId: string): Promise<boolean>;
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

  async function call<TSchema extends v.GenericSchema>(
    schema: TSchema,
    path: string,
    init: { method: 'GET' | 'POST'; body?: string; requestId?: string },
  ): Promise<v.InferOutput<TSchema>> {
    const send = async () =>
      fetch(`${baseUrl}${path}`, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          ...(init.method === 'POST' ? { Prefer: 'return=representation' } : {}),
          ...(init.requestId ? { 'PayPal-Request-Id': init.requestId } : {}),
        },
        body: init.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    let response = await send();
    if (response.status === 401) {
      // PayPal ended the token before the time we keep it for (its clock decides): a new one, once.
      token = undefined;
      response = await send();
    }
    const body: unknown = await response.json();
    if (!response.ok) throw new PayPalApiError(response.status, body);
    return v.parse(schema, body);
  }

  const id = encodeURIComponent;
  return {
    createOrder: ({ amountCents, referenceId, customId }, requestId) =>
      call(Order, '/v2/checkout/orders', {
        method: 'POST',
        requestId,
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: referenceId,
              custom_id: customId,
              amount: { currency_code: 'EUR', value: (amountCents / 100).toFixed(2) },
            },
          ],
        }),
      }),
    getOrder: (orderId) => call(Order, `/v2/checkout/orders/${id(orderId)}`, { method: 'GET' }),
    captureOrder: (orderId, requestId) =>
      call(Order, `/v2/checkout/orders/${id(orderId)}/capture`, { method: 'POST', requestId }),
    getCapture: (captureId) => call(CaptureDetails, `/v2/payments/captures/${id(captureId)}`, { method: 'GET' }),
    refundCapture: (captureId, { noteToPayer }, requestId) =>
      call(Refund, `/v2/payments/captures/${id(captureId)}/refund`, {
        method: 'POST',
        requestId,
        // No amount: PayPal refunds what is left of the capture.
        body: JSON.stringify({ note_to_payer: noteToPayer }),
      }),
    getRefund: (refundId) => call(Refund, `/v2/payments/refunds/${id(refundId)}`, { method: 'GET' }),
    getDispute: (disputeId) => call(Dispute, `/v1/customer/disputes/${id(disputeId)}`, { method: 'GET' }),
    verifyWebhook: async (transmission, rawEvent, webhookId) => {
      const fields = JSON.stringify({
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: webhookId,
      });
      const body = `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`;
      const verdict = await call(Verification, '/v1/notifications/verify-webhook-signature', { method: 'POST', body });
      return verdict.verification_status === 'SUCCESS';
    },
  };
}

/** "1200.00" → 120000; anything that is not a plain amount with at most two decimals → NaN. */
export function centsOf(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [euros = '0', cents = ''] = value.split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}
