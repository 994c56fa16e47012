/**
 * PayPal Orders v2 as the emulator keeps them: the create request it accepts (intent CAPTURE, one
 * purchase unit), the order in PayPal's shape, and its moves CREATED → APPROVED (the buyer, in the
 * sandbox window) → COMPLETED (the capture), with the outcome the buyer chose there: completed,
 * pending and later completed or denied, or the funding source declined, after which the order
 * stays APPROVED until the buyer chooses another one. An order not completed within three hours
 * of its creation is gone: PayPal answers 404 for it (docs/product.md#d21-paypal).
 */
import type { OrderResponseBody } from '@paypal/paypal-js';
import * as v from 'valibot';
import { paypalId } from '../sandbox-ids.ts';
import { isPayPalIssue, issueDetail, type PayPalErrorDetail, payPalIssue, payPalIssues } from './errors.ts';
import type { WebhookMode } from './webhooks.ts';

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method: 'GET' | 'POST' | 'PATCH';
}

export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED';

export interface Capture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason: 'PENDING_REVIEW' | 'CHARGEBACK' };
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

interface Name {
  given_name: string;
  surname: string;
}

export interface PayPalOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: 'CAPTURE';
  purchase_units: PurchaseUnit[];
  payer?: { name: Name; email_address: string; payer_id: string; address: { country_code: string } };
  payment_source?: {
    paypal: {
      email_address: string;
      account_id: string;
      account_status: 'VERIFIED';
      name: Name;
      address: { country_code: string };
    };
  };
  create_time: string;
  update_time?: string;
  links: Link[];
}

/** What the buyer chose in the sandbox window: each outcome PayPal can produce for a capture. */
export const BUYER_OUTCOMES = [
  'completed',
  'pending-then-completed',
  'pending-then-denied',
  'instrument-declined',
] as const;
export type BuyerOutcome = (typeof BUYER_OUTCOMES)[number];

export interface StoredOrder {
  order: PayPalOrder;
  /** Where the approval page sends the buyer, from the create request's experience context. */
  returnUrl?: string;
  cancelUrl?: string;
  outcome?: BuyerOutcome;
  /** The last capture found the funding source declined: the buyer must approve again with another one. */
  fundingDeclined?: boolean;
  /** A pending capture and when it settles, and how. */
  settlement?: { captureId: string; status: 'COMPLETED' | 'DECLINED'; at: number };
  /** A test control's amount for the capture (a provider reporting something else). */
  captureAmount?: Partial<Money>;
  /** The refunds of its capture that are not failed (pending ones count: their money is on its way), in cents. */
  refunds: { id: string; cents: number }[];
  /** How its webhooks are sent (a test control loses them, as a lost webhook would, or sends them twice or out of order). */
  webhooks: WebhookMode;
  /** The payer's dispute of its capture, once there is one. */
  disputeId?: string;
}

/** An order not completed (captured) within this long after its creation is gone at PayPal. */
export const ORDER_LIFETIME_MS = 3 * 60 * 60 * 1000;

/** Gone: not completed within its lifetime. PayPal then answers 404 INVALID_RESOURCE_ID. */
export const isGone = (stored: StoredOrder, now: Date): boolean =>
  stored.order.status !== 'COMPLETED' && now.getTime() - Date.parse(stored.order.create_time) >= ORDER_LIFETIME_MS;

export const ORDER_KIND = 'paypal.order';
/** Capture id → order id. */
export const CAPTURE_KIND = 'paypal.capture';

/** The sandbox merchant every order is paid to. */
export const PAYEE = { email_address: 'hwds-sandbox@business.example.com', merchant_id: 'HWDSSANDBOX01' };

// Each failed rule names its PayPal issue in its message; a missing field gets MISSING_REQUIRED_PARAMETER.
const text = (maxLength: number) =>
  v.pipe(v.string(), v.minLength(1, 'INVALID_STRING_LENGTH'), v.maxLength(maxLength, 'INVALID_STRING_LENGTH'));
const url = v.pipe(
  v.string(),
  v.check((value) => URL.canParse(value) && /^https?:/i.test(value), 'INVALID_PARAMETER_SYNTAX'),
);

/** Money as the specification's pattern writes it; the rules about its value are business rules (422). */
export const MoneySchema = v.object({
  currency_code: v.pipe(
    v.string(),
    v.length(3, 'INVALID_STRING_LENGTH'),
    v.regex(/^[A-Z]{3}$/, 'INVALID_CURRENCY_CODE'),
  ),
  value: v.pipe(
    v.string(),
    v.maxLength(32, 'INVALID_STRING_LENGTH'),
    v.regex(/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/, 'INVALID_PARAMETER_SYNTAX'),
    v.regex(/^-?\d*(\.\d{1,2})?$/, 'DECIMAL_PRECISION'),
    v.check((value) => Number(value) > 0, 'CANNOT_BE_ZERO_OR_NEGATIVE'),
    // At most 999999999999999.99: fifteen digits before the point.
    v.regex(/^-?\d{0,15}(\.\d*)?$/, 'MAX_VALUE_EXCEEDED'),
  ),
});

const ReturnUrlsSchema = v.object({ return_url: v.optional(url), cancel_url: v.optional(url) });

const CreateOrderSchema = v.object({
  intent: v.pipe(
    v.string(),
    v.check((value) => value === 'CAPTURE', 'UNSUPPORTED_INTENT'),
  ),
  purchase_units: v.pipe(
    v.array(
      v.object({
        reference_id: v.optional(text(256)),
        custom_id: v.optional(text(127)),
        invoice_id: v.optional(text(127)),
        description: v.optional(text(127)),
        amount: MoneySchema,
      }),
    ),
    // The sandbox pays one purchase unit; PayPal takes up to ten.
    v.length(1, 'INVALID_ARRAY_MAX_ITEMS'),
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
  if (issue.received === 'undefined') return issueDetail('MISSING_REQUIRED_PARAMETER', { field, location: 'body' });
  const name = isPayPalIssue(issue.message) ? issue.message : 'INVALID_PARAMETER_SYNTAX';
  const value = typeof issue.input === 'string' ? { value: issue.input } : {};
  return issueDetail(name, { field, ...value, location: 'body' });
}

/** Reads a JSON body with `schema`, or a PayPalApiError listing every field that does not fit. */
export function readPayPalJson<TSchema extends v.GenericSchema>(text: string, schema: TSchema): v.InferOutput<TSchema> {
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw payPalIssue('MALFORMED_REQUEST_JSON');
  }
  const result = v.safeParse(schema, body, { abortPipeEarly: true, message: () => 'INVALID_PARAMETER_SYNTAX' });
  if (!result.success) throw payPalIssues(result.issues.map(detail));
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

const withLinks = (order: PayPalOrder, baseUrl: string): PayPalOrder => ({
  ...order,
  links: orderLinks(baseUrl, order),
});

export function newOrder(input: CreateOrderInput, context: { now: Date; baseUrl: string }): StoredOrder {
  const [unit] = input.purchase_units;
  if (!unit) throw payPalIssue('INVALID_ARRAY_MAX_ITEMS', { field: '/purchase_units' });
  const urls = input.payment_source?.paypal?.experience_context ?? input.application_context ?? {};
  const order: PayPalOrder = {
    id: paypalId(),
    status: 'CREATED',
    intent: 'CAPTURE',
    purchase_units: [{ ...unit, reference_id: unit.reference_id ?? 'default', payee: PAYEE }],
    create_time: context.now.toISOString(),
    links: [],
  };
  return {
    order: withLinks(order, context.baseUrl),
    returnUrl: urls.return_url,
    cancelUrl: urls.cancel_url,
    refunds: [],
    webhooks: 'send',
  };
}

/** An order the buyer may approve now: a new one, or one whose funding source was declined. */
export const approvable = (stored: StoredOrder): boolean =>
  stored.order.status === 'CREATED' || (stored.order.status === 'APPROVED' && stored.fundingDeclined === true);

/** "Max Müller" → Max / Müller; the sandbox's buyer is Erika Mustermann. */
function payerFrom(name: string | undefined, existingId: string | undefined) {
  const [given, ...rest] = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const payerId = existingId ?? paypalId(13);
  return {
    name: { given_name: given ?? 'Erika', surname: rest.join(' ') || 'Mustermann' },
    email_address: `kaeufer-${payerId.toLowerCase()}@personal.example.com`,
    payer_id: payerId,
    address: { country_code: 'DE' },
  };
}

export function approved(
  stored: StoredOrder,
  choice: { payerName?: string; outcome: BuyerOutcome },
  baseUrl: string,
): StoredOrder {
  const payer = payerFrom(choice.payerName, stored.order.payer?.payer_id);
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
  };
  // No update_time: PayPal's order need not carry one before its capture.
  return { ...stored, order: withLinks(order, baseUrl), outcome: choice.outcome, fundingDeclined: false };
}

const captureLinks = (baseUrl: string, captureId: string, orderId: string): Link[] => [
  { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
  { href: `${baseUrl}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
  { href: `${baseUrl}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
];

/**
 * The capture of an APPROVED order, with the outcome the buyer chose. A declined funding source
 * captures nothing: the order stays APPROVED and remembers it (the caller answers 422
 * INSTRUMENT_DECLINED). Otherwise the order is COMPLETED, whatever the capture's status: PayPal's
 * order status says nothing about the money, the capture's does.
 */
export function captured(stored: StoredOrder, now: Date, baseUrl: string, settleAfterMs: number): StoredOrder {
  if (stored.outcome === 'instrument-declined' || stored.fundingDeclined) return { ...stored, fundingDeclined: true };
  const [unit, ...others] = stored.order.purchase_units;
  if (!unit) return stored;
  const pending = stored.outcome === 'pending-then-completed' || stored.outcome === 'pending-then-denied';
  const captureId = paypalId();
  const time = now.toISOString();
  const capture: Capture = {
    id: captureId,
    status: pending ? 'PENDING' : 'COMPLETED',
    ...(pending ? { status_details: { reason: 'PENDING_REVIEW' as const } } : {}),
    amount: {
      currency_code: stored.captureAmount?.currency_code ?? unit.amount.currency_code,
      value: stored.captureAmount?.value ?? unit.amount.value,
    },
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
    ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
    create_time: time,
    update_time: time,
    links: captureLinks(baseUrl, captureId, stored.order.id),
  };
  const order: PayPalOrder = {
    ...stored.order,
    status: 'COMPLETED',
    purchase_units: [{ ...unit, payments: { captures: [capture] } }, ...others],
    update_time: time,
  };
  return {
    ...stored,
    order: withLinks(order, baseUrl),
    settlement: pending
      ? {
          captureId,
          status: stored.outcome === 'pending-then-denied' ? 'DECLINED' : 'COMPLETED',
          at: now.getTime() + settleAfterMs,
        }
      : undefined,
  };
}

/** The order's capture (one per order: intent CAPTURE captures once). */
export const captureOf = (stored: StoredOrder): Capture | undefined =>
  stored.order.purchase_units[0]?.payments?.captures[0];

/** The order with its capture changed by `change`. */
export function withCapture(stored: StoredOrder, change: (capture: Capture) => Capture): StoredOrder {
  const [unit, ...others] = stored.order.purchase_units;
  const capture = captureOf(stored);
  if (!unit || !capture) return stored;
  const order = {
    ...stored.order,
    purchase_units: [{ ...unit, payments: { captures: [change(capture)] } }, ...others],
  };
  return { ...stored, order };
}

/** A pending capture settles as the buyer chose: COMPLETED or DECLINED. */
export function settled(stored: StoredOrder, now: Date): StoredOrder {
  const { settlement } = stored;
  if (!settlement) return stored;
  const capture = ({ status_details: _pendingReason, ...rest }: Capture): Capture => ({
    ...rest,
    status: settlement.status,
    update_time: now.toISOString(),
  });
  return { ...withCapture(stored, capture), settlement: undefined };
}

/** The order as the API answers it, typed against the Orders v2 schema shipped with `@paypal/paypal-js`. */
export const orderView = (order: PayPalOrder): OrderResponseBody => order;

/** PayPal's default answer (`Prefer: return=minimal`): id, status and links. */
export const minimalView = (resource: { id: string; status: string; links: Link[] }) => ({
  id: resource.id,
  status: resource.status,
  links: resource.links,
});

/** Why an order in this state cannot be captured. */
export const notCapturable = (order: PayPalOrder) =>
  payPalIssue(order.status === 'COMPLETED' ? 'ORDER_ALREADY_CAPTURED' : 'ORDER_NOT_APPROVED');
