/**
 * PayPal's REST error answers: `{ name, message, debug_id, details: [{ field?, value?, issue,
 * description }], links }`, each issue with the status and description PayPal's specifications
 * give it (paypal-rest-api-specifications: checkout_orders_v2.json 2.13, payments_payment_v2.json
 * 2.5): a request that breaks the schema is a 400, one that breaks a business rule a 422.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { debugId } from '../sandbox-ids.ts';

export interface PayPalErrorDetail {
  field?: string;
  value?: string;
  location?: string;
  issue: string;
  description: string;
}

export interface PayPalErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details?: PayPalErrorDetail[];
  links: { href: string; rel: string; method?: string }[];
}

const NAMES = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  401: [
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  ],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  409: ['RESOURCE_CONFLICT', 'The server has detected a conflict while processing this request.'],
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'],
} as const;

type ErrorStatus = keyof typeof NAMES;

/** Each issue the emulator reports: its HTTP status and PayPal's description. */
const ISSUES = {
  MALFORMED_REQUEST_JSON: [400, 'The request JSON is not well formed.'],
  MISSING_REQUIRED_PARAMETER: [400, 'A required parameter is missing.'],
  INVALID_PARAMETER_SYNTAX: [400, 'The value of a field does not conform to the expected format.'],
  INVALID_PARAMETER_VALUE: [400, 'A parameter value is not valid.'],
  INVALID_STRING_LENGTH: [400, 'The value of a field is either too short or too long'],
  INVALID_ARRAY_MAX_ITEMS: [400, 'The number of items in an array parameter is too large.'],
  INVALID_CURRENCY_CODE: [
    422,
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
  ],
  DECIMAL_PRECISION: [422, 'If the currency supports decimals, only two decimal place precision is supported.'],
  CANNOT_BE_ZERO_OR_NEGATIVE: [
    422,
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  ],
  MAX_VALUE_EXCEEDED: [422, 'Should be less than or equal to 999999999999999.99.'],
  UNSUPPORTED_INTENT: [
    422,
    '`intent=AUTHORIZE` is not supported for multiple purchase units. Only `intent=CAPTURE` is supported.',
  ],
  INVALID_RESOURCE_ID: [404, 'Specified resource ID does not exist. Please check the resource ID and try again.'],
  ORDER_NOT_APPROVED: [
    422,
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
  ],
  ORDER_ALREADY_CAPTURED: [422, "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed."],
  INSTRUMENT_DECLINED: [
    422,
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  ],
  CAPTURE_FULLY_REFUNDED: [422, 'The capture has already been fully refunded'],
  PENDING_CAPTURE: [
    422,
    'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.',
  ],
  REFUND_NOT_ALLOWED: [422, 'Capture cannot be refunded.'],
  REFUND_AMOUNT_EXCEEDED: [
    422,
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  ],
  PREVIOUS_REQUEST_IN_PROGRESS: [
    409,
    'A previous request on this resource is currently in progress. Please wait for sometime and try again. It is best to space out the initial and the subsequent request(s) to avoid receiving this error.',
  ],
  // Not PayPal's: the approval the sandbox window stands in for.
  ORDER_ALREADY_APPROVED: [422, 'The order was already approved by the payer.'],
} as const satisfies Record<string, readonly [ErrorStatus, string]>;

export type PayPalIssue = keyof typeof ISSUES;

export const isPayPalIssue = (text: string): text is PayPalIssue => Object.hasOwn(ISSUES, text);

export class PayPalApiError extends Error {
  override name = 'PayPalApiError';
  readonly status: ErrorStatus;
  readonly details: PayPalErrorDetail[];

  constructor(status: ErrorStatus, details: PayPalErrorDetail[] = []) {
    super(NAMES[status][1]);
    this.status = status;
    this.details = details;
  }

  get body(): PayPalErrorBody {
    const [name, message] = NAMES[this.status];
    const [first] = this.details;
    return {
      name,
      message,
      debug_id: debugId(),
      ...(this.details.length > 0 ? { details: this.details } : {}),
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${first ? first.issue : name}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    };
  }

  get httpStatus(): ContentfulStatusCode {
    return this.status;
  }
}

export const issueDetail = (
  issue: PayPalIssue,
  where: { field?: string; value?: string; location?: string } = {},
): PayPalErrorDetail => ({ ...where, issue, description: ISSUES[issue][1] });

/** An error with one detail, with the status PayPal gives its issue. */
export const payPalIssue = (issue: PayPalIssue, where: { field?: string; value?: string; location?: string } = {}) =>
  new PayPalApiError(ISSUES[issue][0], [issueDetail(issue, where)]);

/**
 * An answer to several issues at once: schema issues first (400), as PayPal validates the schema
 * before its business rules (422).
 */
export function payPalIssues(details: PayPalErrorDetail[]): PayPalApiError {
  const statusOf = (detail: PayPalErrorDetail) => (isPayPalIssue(detail.issue) ? ISSUES[detail.issue][0] : 400);
  const schema = details.filter((detail) => statusOf(detail) === 400);
  if (schema.length > 0) return new PayPalApiError(400, schema);
  const [first] = details;
  return new PayPalApiError(first ? statusOf(first) : 400, details);
}
