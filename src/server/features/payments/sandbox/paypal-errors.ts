/**
 * PayPal's REST error answers: `{ name, message, debug_id, details: [{ field?, value?, issue,
 * description }], links }`, named and worded as PayPal's Orders v2 API names them.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { debugId } from './sandbox-ids.ts';

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
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'],
} as const;

/** PayPal's descriptions of the issues the emulator reports. */
export const ISSUES = {
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_STRING_LENGTH: 'The value of a field is either too short or too long.',
  INVALID_CURRENCY_CODE: 'Currency code is invalid or is not currently supported.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  UNSUPPORTED_INTENT: 'The HWDS sandbox supports only intent CAPTURE.',
  UNSUPPORTED_PURCHASE_UNITS: 'The HWDS sandbox supports exactly one purchase unit.',
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_ALREADY_APPROVED: 'The order was already approved by the payer.',
  PREVIOUS_REQUEST_IN_PROGRESS:
    'A previous request on this resource is currently in progress. Please wait for sometime and try again. It is best to space out the initial and the subsequent request(s) to avoid receiving this error.',
} as const;

export type PayPalIssue = keyof typeof ISSUES;

export const isPayPalIssue = (text: string): text is PayPalIssue => Object.hasOwn(ISSUES, text);

export class PayPalApiError extends Error {
  override name = 'PayPalApiError';
  readonly status: keyof typeof NAMES;
  readonly details: PayPalErrorDetail[];

  constructor(status: keyof typeof NAMES, details: PayPalErrorDetail[] = []) {
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

/** An error with one detail, described in PayPal's words. */
export const payPalIssue = (
  status: keyof typeof NAMES,
  issue: PayPalIssue,
  where: { field?: string; value?: string; location?: string } = {},
) => new PayPalApiError(status, [{ ...where, issue, description: ISSUES[issue] }]);
