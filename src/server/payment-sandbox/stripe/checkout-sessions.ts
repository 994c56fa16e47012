/**
 * Checkout Sessions as the emulator keeps them: the parameters Stripe accepts for a one-time
 * payment (anything else is refused, as Stripe refuses unknown parameters), the session object
 * in Stripe's shape, and its moves open → complete (paid, or unpaid while a delayed method is on
 * its way) or open → expired at `expires_at` (docs/product.md#d20-stripe-checkout).
 */
import type Stripe from 'stripe';
import * as v from 'valibot';
import { stripeId } from '../sandbox-ids.ts';
import { invalidParam, type StripeApiError } from './errors.ts';
import type { FormObject } from './form-params.ts';
import { unixSeconds, type WebhookMode } from './webhooks.ts';

/** The fields of Stripe's session object the emulator fills, typed by the `stripe` package itself. */
export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allowed_payment_method_types'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & { payment_intent: string | null };

export interface SessionLineItem {
  id: string;
  name: string;
  currency: string;
  unitAmount: number;
  quantity: number;
}

/** What the store holds per session: the object plus what Stripe keeps beside it. */
export interface StoredSession {
  session: CheckoutSession;
  lineItems: SessionLineItem[];
  /** The `Stripe-Version` the session was created with; its events carry it. */
  apiVersion: string;
  /** How its events reach the product (a test control may change it). */
  webhookMode: WebhookMode;
  /** A delayed payment on its way: how and when (epoch ms, sandbox clock) it ends. */
  delayed?: { outcome: 'succeeded' | 'failed'; at: number };
}

/** How long a delayed method (SEPA Direct Debit) takes to succeed or fail: days, as at Stripe. */
export const DELAYED_PAYMENT_SETTLES_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export const SESSION_KIND = 'stripe.checkout_session';

/** The API version of the `stripe` package the product uses, for callers that send none. */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
/** Stripe's limits for one Checkout Session in EUR: at least 0,50 €, at most 999.999,99 €. */
const MIN_TOTAL = 50;
const MAX_TOTAL = 99_999_999;

const LOCALES = [
  'auto',
  ...['bg', 'cs', 'da', 'de', 'el', 'en', 'en-GB', 'es', 'es-419', 'et', 'fi', 'fil', 'fr', 'fr-CA', 'hr', 'hu'],
  ...['id', 'it', 'ja', 'ko', 'lt', 'lv', 'ms', 'mt', 'nb', 'nl', 'pl', 'pt', 'pt-BR', 'ro', 'ru', 'sk', 'sl'],
  ...['sv', 'th', 'tr', 'vi', 'zh', 'zh-HK', 'zh-TW'],
] as const;

const text = (maxLength: number) =>
  v.pipe(
    v.string('Invalid string'),
    v.maxLength(maxLength, (issue) => `Invalid string: must be at most ${issue.requirement} characters long`),
  );

const integer = v.pipe(
  v.string('Invalid integer'),
  v.regex(/^\d{1,15}$/, (issue) => `Invalid integer: ${issue.input}`),
  v.transform(Number),
);

const url = v.pipe(
  v.string('Invalid URL'),
  v.maxLength(5000, 'Invalid URL: must be 5000 characters or fewer'),
  v.check((value) => URL.canParse(value) && /^https?:/i.test(value), 'Not a valid URL'),
);

const LineItemSchema = v.strictObject(
  {
    price_data: v.strictObject(
      {
        currency: v.pipe(
          v.string('Invalid currency'),
          v.regex(/^[a-zA-Z]{3}$/, (issue) => `Invalid currency: ${issue.input}`),
          v.toLowerCase(),
        ),
        unit_amount: v.pipe(integer, v.maxValue(99_999_999, 'This value must be less than or equal to 99999999')),
        product_data: v.strictObject(
          // Stripe's published limit for the name (stripe/openapi: maxLength 5000).
          { name: v.pipe(text(5000), v.nonEmpty('You must specify a name for the product')) },
          'Invalid hash',
        ),
      },
      'Invalid hash',
    ),
    quantity: v.pipe(
      integer,
      v.minValue(1, 'This value must be greater than or equal to 1'),
      v.maxValue(999_999, 'This value must be less than or equal to 999999'),
    ),
  },
  'Invalid hash',
);

const CreateSessionSchema = v.strictObject(
  {
    // Optional since the API version of stripe v23; a one-time payment is what it means without one.
    mode: v.optional(
      v.picklist(['payment'], (issue) => `Invalid mode: ${issue.received}; the HWDS sandbox supports only payment`),
      'payment',
    ),
    line_items: v.pipe(
      v.array(LineItemSchema, 'Invalid array'),
      v.minLength(1, 'line_items must contain at least one item in payment mode'),
      v.maxLength(100, 'line_items may contain at most 100 items'),
    ),
    success_url: v.optional(url),
    cancel_url: v.optional(url),
    client_reference_id: v.optional(text(200)),
    customer_email: v.optional(
      v.pipe(
        v.string(),
        v.email((issue) => `Invalid email address: ${issue.input}`),
      ),
    ),
    metadata: v.optional(
      v.pipe(
        v.record(
          v.pipe(v.string(), v.maxLength(40, 'Metadata keys can be at most 40 characters long')),
          v.pipe(v.string('Invalid metadata value'), v.maxLength(500, 'Metadata values can be at most 500 characters')),
          'Invalid hash',
        ),
        v.check((metadata) => Object.keys(metadata).length <= 50, 'Metadata can have at most 50 keys'),
      ),
    ),
    expires_at: v.optional(integer),
    locale: v.optional(v.picklist(LOCALES, (issue) => `Invalid locale: ${issue.received}`)),
    // The hosted page takes only cards: `allowed_payment_method_types` as stripe v23 types it, and
    // `payment_method_types` as older API versions name it.
    allowed_payment_method_types: v.optional(CardOnly()),
    payment_method_types: v.optional(CardOnly()),
    expand: v.optional(Expand()),
  },
  'Invalid hash',
);

export type CreateSessionInput = v.InferOutput<typeof CreateSessionSchema>;

function CardOnly() {
  return v.array(
    v.picklist(['card'], (issue) => `The payment method type provided: ${issue.received} is invalid`),
    'Invalid array',
  );
}

/** `expand[]`: the line items and the PaymentIntent can be expanded here. */
function Expand() {
  return v.array(
    v.picklist(['line_items', 'payment_intent'], (issue) => `This property cannot be expanded (${issue.received}).`),
    'Invalid array',
  );
}

const ExpandOnlySchema = v.strictObject({ expand: v.optional(Expand()) }, 'Invalid hash');

/** `line_items[0][price_data]` from the issue's path. */
function paramName(issue: v.BaseIssue<unknown>): string {
  const [first, ...rest] = (issue.path ?? []).map((item) => String(item.key));
  return `${first ?? ''}${rest.map((key) => `[${key}]`).join('')}`;
}

/** Stripe's answer to the first parameter that does not fit. */
function firstInvalidParam(issues: readonly v.BaseIssue<unknown>[]): StripeApiError {
  const [issue] = issues;
  if (!issue) return invalidParam('Invalid request', '');
  const param = paramName(issue);
  const isObjectIssue = issue.type === 'strict_object' || issue.type === 'object';
  if (isObjectIssue && issue.expected === 'never') {
    return invalidParam(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
  }
  if (isObjectIssue && issue.received === 'undefined') {
    return invalidParam(`Missing required param: ${param}.`, param, 'parameter_missing');
  }
  return invalidParam(issue.message, param, 'parameter_invalid');
}

function parse<TSchema extends v.GenericSchema>(schema: TSchema, params: FormObject): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, params, { abortEarly: true });
  if (!result.success) throw firstInvalidParam(result.issues);
  return result.output;
}

/** The create parameters, checked as Stripe checks them, or a StripeApiError naming the first wrong one. */
export function readCreateParams(params: FormObject, now: Date): CreateSessionInput {
  const input = parse(CreateSessionSchema, params);
  const currencies = new Set(input.line_items.map((item) => item.price_data.currency));
  if (currencies.size > 1) {
    throw invalidParam('All line items must have the same currency.', 'line_items', 'parameter_invalid');
  }
  const total = input.line_items.reduce((sum, item) => sum + item.price_data.unit_amount * item.quantity, 0);
  if (total < MIN_TOTAL) {
    throw invalidParam('The Checkout Session’s total amount due must add up to at least 0.50.', 'line_items');
  }
  if (total > MAX_TOTAL) {
    throw invalidParam('The Checkout Session’s total amount due must be no more than 999999.99.', 'line_items');
  }
  if (input.expires_at !== undefined) {
    const seconds = input.expires_at - unixSeconds(now);
    if (seconds < MIN_EXPIRY_SECONDS) {
      throw invalidParam(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );
    }
    if (seconds > MAX_EXPIRY_SECONDS) {
      throw invalidParam(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
  }
  return input;
}

/** `expand[]` of a retrieve, the only parameter it takes. */
export const readExpandParams = (params: FormObject) => parse(ExpandOnlySchema, params).expand ?? [];

export function newSession(
  input: CreateSessionInput,
  context: { now: Date; publicBaseUrl: string; apiVersion: string },
): StoredSession {
  const id = stripeId('cs_test', 58);
  const lineItems = input.line_items.map((item) => ({
    id: stripeId('li'),
    name: item.price_data.product_data.name,
    currency: item.price_data.currency,
    unitAmount: item.price_data.unit_amount,
    quantity: item.quantity,
  }));
  const total = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const created = unixSeconds(context.now);
  return {
    session: {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: input.cancel_url ?? null,
      client_reference_id: input.client_reference_id ?? null,
      created,
      currency: lineItems[0]?.currency ?? null,
      customer_details: null,
      customer_email: input.customer_email ?? null,
      expires_at: input.expires_at ?? created + MAX_EXPIRY_SECONDS,
      livemode: false,
      locale: input.locale ?? null,
      metadata: { ...input.metadata },
      mode: input.mode,
      payment_intent: null,
      payment_method_types: input.allowed_payment_method_types ?? input.payment_method_types ?? ['card'],
      allowed_payment_method_types: input.allowed_payment_method_types ?? null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: input.success_url ?? null,
      url: `${context.publicBaseUrl}/checkout/${id}`,
    },
    lineItems,
    apiVersion: context.apiVersion,
    webhookMode: 'after-redirect',
  };
}

export const isOpen = (stored: StoredSession): boolean => stored.session.status === 'open';

/** Open, but past `expires_at`: Stripe would have expired it by now. */
export const isOverdue = (stored: StoredSession, now: Date): boolean =>
  isOpen(stored) && stored.session.expires_at <= unixSeconds(now);

export const expired = (stored: StoredSession): StoredSession => ({
  ...stored,
  session: { ...stored.session, status: 'expired', url: null },
});

/**
 * Paid by the sandbox's test customer, with the PaymentIntent that holds the money: by card at
 * once, or by a delayed method (`delayed`) whose money arrives, or not, days later.
 */
export const completed = (
  stored: StoredSession,
  paymentIntent: string,
  delayed?: StoredSession['delayed'],
): StoredSession => ({
  ...stored,
  delayed,
  session: {
    ...stored.session,
    status: 'complete',
    payment_status: delayed ? 'unpaid' : 'paid',
    payment_intent: paymentIntent,
    url: null,
    customer_details: {
      address: null,
      business_name: null,
      email: stored.session.customer_email ?? 'erika.mustermann@example.de',
      individual_name: null,
      name: 'Erika Mustermann',
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
  },
});

/** The session's line items as Stripe lists them (`expand[]=line_items`, `GET …/line_items`). */
export function lineItemList(stored: StoredSession) {
  return {
    object: 'list' as const,
    data: stored.lineItems.map((item) => ({
      id: item.id,
      object: 'item' as const,
      amount_discount: 0,
      amount_subtotal: item.unitAmount * item.quantity,
      amount_tax: 0,
      amount_total: item.unitAmount * item.quantity,
      currency: item.currency,
      description: item.name,
      quantity: item.quantity,
      price: {
        id: `price_${item.id.slice('li_'.length)}`,
        object: 'price' as const,
        active: false,
        currency: item.currency,
        livemode: false,
        product: `prod_${item.id.slice('li_'.length)}`,
        type: 'one_time' as const,
        unit_amount: item.unitAmount,
      },
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${stored.session.id}/line_items`,
  };
}

/** A delayed payment whose time has come. */
export const isDelayedDue = (stored: StoredSession, now: Date): boolean =>
  stored.delayed !== undefined && stored.delayed.at <= now.getTime();

/** The delayed payment ended: paid, or still unpaid (its PaymentIntent says it failed). */
export const delayedSettled = (stored: StoredSession): StoredSession => ({
  ...stored,
  delayed: undefined,
  session: { ...stored.session, payment_status: stored.delayed?.outcome === 'succeeded' ? 'paid' : 'unpaid' },
});

/**
 * The session as the API answers it, with its line items and its PaymentIntent (`intent`, read by
 * the caller) when asked to expand them.
 */
export function sessionView(stored: StoredSession, expand: readonly string[] = [], intent?: object) {
  const { session } = stored;
  return {
    ...session,
    ...(expand.includes('line_items') ? { line_items: lineItemList(stored) } : {}),
    ...(expand.includes('payment_intent') && intent ? { payment_intent: intent } : {}),
  };
}

/** The success URL with Stripe's template variable filled in; null when the session has none. */
export const successRedirect = (stored: StoredSession): string | null =>
  stored.session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', stored.session.id) ?? null;
