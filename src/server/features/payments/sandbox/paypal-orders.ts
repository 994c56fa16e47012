/**
 * PayPal Orders v2 as the emulator keeps them: the create request it accepts (intent CAPTURE, one
 * purchase unit), the order in PayPal's shape, and its moves CREATED → APPROVED (the buyer, in
 * the stand-in SDK's dialog or on the approval page) → COMPLETED (the capture)
 * (docs/product.md#d21-paypal).
 */
import type { OrderResponseBody } from '@paypal/paypal-js';
import * as v from 'valibot';
import { ISSUES, isPayPalIssue, PayPalApiError, type PayPalErrorDetail, payPalIssue } from './paypal-errors.ts';
import { paypalId } from './sandbox-ids.ts';

export interface Money {
  currency_code: string;
  value: string;
}

interface Link {
  href: string;
  rel: string;
  method: 'GET' | 'POST' | 'PATCH';
}

export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING';

export interface Capture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason: 'PENDING_REVIEW' };
  amount: Money;
  final_capture: true;
  seller_protection: { status: 'ELIGIBLE'; dispute_categories: ('ITEM_NOT_RECEIVED' | 'UNAUTHORIZED_TRANSACTION')[] };
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Money;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  payee: { email_address: string; merchant_id: string };
  payments?: { captures: Capture[] };
}

export interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

export interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: 'CAPTURE';
  purchase_units: PurchaseUnit[];
  payer?: Payer;
  payment_source?: {
    paypal: {
      email_address: string;
      account_id: string;
      account_status: 'VERIFIED';
      name: Payer['name'];
      address: Payer['address'];
    };
  };
  create_time: string;
  update_time?: string;
  links: Link[];
}

/** A test control's choice for the next capture of an order (docs/product.md#d21-paypal). */
export interface CaptureOutcome {
  status: CaptureStatus;
  amountValue?: string;
  currencyCode?: string;
}

export interface StoredOrder {
  order: PayPalOrder;
  /** Where the approval page sends the buyer, from the create request's experience context. */
  returnUrl?: string;
  cancelUrl?: string;
  nextCapture?: CaptureOutcome;
}

export const ORDER_KIND = 'paypal.order';

/** The sandbox merchant every order is paid to. */
const PAYEE = { email_address: 'hwds-sandbox@business.example.com', merchant_id: 'HWDSSANDBOX01' };

// Each failed rule names its PayPal issue in its message; a missing field gets MISSING_REQUIRED_PARAMETER.
const issue = (name: keyof typeof ISSUES) => name;
const text = (maxLength: number) =>
  v.pipe(
    v.string(),
    v.minLength(1, issue('INVALID_STRING_LENGTH')),
    v.maxLength(maxLength, issue('INVALID_STRING_LENGTH')),
  );
const url = v.pipe(
  v.string(),
  v.check((value) => URL.canParse(value) && /^https?:/i.test(value), issue('INVALID_PARAMETER_SYNTAX')),
);

export const MoneySchema = v.object({
  currency_code: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, issue('INVALID_CURRENCY_CODE'))),
  value: v.pipe(
    v.string(),
    v.regex(/^-?\d{1,10}(\.\d+)?$/, issue('INVALID_PARAMETER_SYNTAX')),
    v.regex(/^-?\d+(\.\d{1,2})?$/, issue('DECIMAL_PRECISION')),
    v.check((value) => Number(value) > 0, issue('CANNOT_BE_ZERO_OR_NEGATIVE')),
  ),
});

const ReturnUrlsSchema = v.object({ return_url: v.optional(url), cancel_url: v.optional(url) });

const CreateOrderSchema = v.object({
  intent: v.pipe(
    v.string(),
    v.check((value) => value === 'CAPTURE', issue('UNSUPPORTED_INTENT')),
  ),
  purchase_units: v.pipe(
    v.array(
      v.object({
        reference_id: v.optional(text(256)),
        custom_id: v.optional(text(255)),
        invoice_id: v.optional(text(127)),
        description: v.optional(text(127)),
        amount: MoneySchema,
      }),
    ),
    v.length(1, issue('UNSUPPORTED_PURCHASE_UNITS')),
  ),
  payment_source: v.optional(
    v.object({ paypal: v.optional(v.object({ experience_context: v.optional(ReturnUrlsSchema) })) }),
  ),
  application_context: v.optional(ReturnUrlsSchema),
});

/** `/purchase_units/0/amount/value`: PayPal names fields by JSON pointer. */
const pointer = (issue: v.BaseIssue<unknown>) => `/${(issue.path ?? []).map((item) => String(item.key)).join('/')}`;

function detail(issue: v.BaseIssue<unknown>): PayPalErrorDetail {
  const field = pointer(issue);
  if (issue.received === 'undefined') {
    return {
      field,
      location: 'body',
      issue: 'MISSING_REQUIRED_PARAMETER',
      description: ISSUES.MISSING_REQUIRED_PARAMETER,
    };
  }
  const name = isPayPalIssue(issue.message) ? issue.message : 'INVALID_PARAMETER_SYNTAX';
  const value = typeof issue.input === 'string' ? { value: issue.input } : {};
  return { field, ...value, location: 'body', issue: name, description: ISSUES[name] };
}

/** Reads a JSON body with `schema`, or a PayPalApiError listing every field that does not fit. */
export function readPayPalJson<TSchema extends v.GenericSchema>(text: string, schema: TSchema): v.InferOutput<TSchema> {
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw payPalIssue(400, 'MALFORMED_REQUEST_JSON');
  }
  const result = v.safeParse(schema, body, { abortPipeEarly: true, message: () => 'INVALID_PARAMETER_SYNTAX' });
  if (!result.success) throw new PayPalApiError(400, result.issues.map(detail));
  return result.output;
}

export type CreateOrderInput = v.InferOutput<typeof CreateOrderSchema>;
export const readCreateOrder = (text: string): CreateOrderInput => readPayPalJson(text, CreateOrderSchema);

const orderLinks = (baseUrl: string, order: Pick<PayPalOrder, 'id' | 'status'>): Link[] => {
  const self: Link = { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' };
  if (order.status === 'COMPLETED') return [self];
  return [
    self,
    ...(order.status === 'CREATED'
      ? [{ href: `${baseUrl}/checkout/${order.id}`, rel: 'approve', method: 'GET' } satisfies Link]
      : []),
    { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'update', method: 'PATCH' },
    { href: `${baseUrl}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
  ];
};

export function newOrder(input: CreateOrderInput, context: { now: Date; baseUrl: string }): StoredOrder {
  const id = paypalId();
  const [unit] = input.purchase_units;
  if (!unit) throw payPalIssue(400, 'UNSUPPORTED_PURCHASE_UNITS', { field: '/purchase_units' });
  const urls = input.payment_source?.paypal?.experience_context ?? input.application_context ?? {};
  const order: PayPalOrder = {
    id,
    status: 'CREATED',
    intent: 'CAPTURE',
    purchase_units: [{ ...unit, reference_id: unit.reference_id ?? 'default', payee: PAYEE }],
    create_time: context.now.toISOString(),
    links: [],
  };
  order.links = orderLinks(context.baseUrl, order);
  return { order, returnUrl: urls.return_url, cancelUrl: urls.cancel_url };
}

/** "Max Müller" → Max / Müller; the sandbox's buyer is Erika Mustermann. */
function payerFrom(name: string | undefined): Payer {
  const [given, ...rest] = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const payerId = paypalId(13);
  return {
    name: { given_name: given ?? 'Erika', surname: rest.join(' ') || 'Mustermann' },
    email_address: `kaeufer-${payerId.toLowerCase()}@personal.example.com`,
    payer_id: payerId,
    address: { country_code: 'DE' },
  };
}

export function approved(stored: StoredOrder, payerName: string | undefined, now: Date, baseUrl: string): StoredOrder {
  const payer = payerFrom(payerName);
  const order: PayPalOrder = {
    ...stored.order,
    status: 'APPROVED',
    payer,
    payment_source: {
      paypal: {
        email_address: payer.email_address,
        account_id: payer.payer_id,
        account_status: 'VERIFIED',
        name: payer.name,
        address: payer.address,
      },
    },
    update_time: now.toISOString(),
  };
  return { ...stored, order: { ...order, links: orderLinks(baseUrl, order) } };
}

/**
 * Captured once: the order is COMPLETED whatever the capture's status (PayPal's order status
 * says nothing about the money; the capture's does), with the outcome a test chose, if any.
 */
export function captured(stored: StoredOrder, now: Date, baseUrl: string): StoredOrder {
  const outcome = stored.nextCapture ?? { status: 'COMPLETED' };
  const [unit, ...others] = stored.order.purchase_units;
  if (!unit) return stored;
  const captureId = paypalId();
  const time = now.toISOString();
  const capture: Capture = {
    id: captureId,
    status: outcome.status,
    ...(outcome.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' as const } } : {}),
    amount: {
      currency_code: outcome.currencyCode ?? unit.amount.currency_code,
      value: outcome.amountValue ?? unit.amount.value,
    },
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
    ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
    create_time: time,
    update_time: time,
    links: [
      { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
      { href: `${baseUrl}/v2/checkout/orders/${stored.order.id}`, rel: 'up', method: 'GET' },
    ],
  };
  const order: PayPalOrder = {
    ...stored.order,
    status: 'COMPLETED',
    purchase_units: [{ ...unit, payments: { captures: [capture] } }, ...others],
    update_time: time,
  };
  return { ...stored, order: { ...order, links: orderLinks(baseUrl, order) }, nextCapture: undefined };
}

/** The order as the API answers it, typed against the Orders v2 schema shipped with `@paypal/paypal-js`. */
export const orderView = (order: PayPalOrder): OrderResponseBody => order;

/** PayPal's `Prefer: return=minimal` answer. */
export const minimalOrderView = (order: PayPalOrder) => ({ id: order.id, status: order.status, links: order.links });

/** Why an order in this state cannot be captured. */
export function notCapturable(order: PayPalOrder): PayPalApiError {
  return payPalIssue(422, order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_NOT_APPROVED');
}
