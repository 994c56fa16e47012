/**
 * Stripe's error answers, `{ error: { type, message, param?, code? } }`, which the `stripe`
 * package turns into its error classes by status and type (400 → StripeInvalidRequestError,
 * 401 → StripeAuthenticationError, 400 with type idempotency_error → StripeIdempotencyError).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  error: { type: StripeErrorType; message: string; param?: string; code?: string };
}

export class StripeApiError extends Error {
  override name = 'StripeApiError';
  readonly status: ContentfulStatusCode;
  readonly type: StripeErrorType;
  readonly param: string | undefined;
  readonly code: string | undefined;
  /** Invalid parameters change nothing: Stripe keeps no idempotent answer for them. */
  readonly keepForReplay: boolean;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { type?: StripeErrorType; param?: string; code?: string; keepForReplay?: boolean } = {},
  ) {
    super(message);
    this.status = status;
    this.type = options.type ?? 'invalid_request_error';
    this.param = options.param;
    this.code = options.code;
    this.keepForReplay = options.keepForReplay ?? true;
  }

  get body(): StripeErrorBody {
    const { type, message, param, code } = this;
    return {
      error: { type, message, ...(param === undefined ? {} : { param }), ...(code === undefined ? {} : { code }) },
    };
  }
}

/** A parameter Stripe would refuse: nothing happened, so an idempotency key stays unused. */
export const invalidParam = (message: string, param: string, code?: string) =>
  new StripeApiError(400, message, { param, code, keepForReplay: false });

/** An object Stripe does not know: 404 when it is the path's, 400 when a parameter names it. */
export const noSuchObject = (object: string, id: string, param: string, status: 400 | 404 = 404) =>
  new StripeApiError(status, `No such ${object}: '${id}'`, { param, code: 'resource_missing' });

export const noSuchSession = (id: string) => noSuchObject('checkout.session', id, 'session');

/** `sk_test_****************1234`: Stripe names a wrong key without showing it. */
const maskKey = (key: string) =>
  key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : '****';

export const missingApiKey = () =>
  new StripeApiError(
    401,
    "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  );

export const invalidApiKey = (key: string) => new StripeApiError(401, `Invalid API Key provided: ${maskKey(key)}`);

export const idempotencyMismatch = (key: string) =>
  new StripeApiError(
    400,
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    { type: 'idempotency_error' },
  );

export const idempotencyKeyInUse = () =>
  new StripeApiError(
    409,
    'There is currently another in-progress request using this Stripe API key and idempotency key. Please try again later.',
    { type: 'idempotency_error', code: 'idempotency_key_in_use' },
  );

/** What the test control `fail-next` answers after the request did its work. */
export const simulatedFailure = (status: number): StripeErrorBody => ({
  error: { type: 'api_error', message: `Sandbox: simulated failure (HTTP ${status}) after the request was done.` },
});
