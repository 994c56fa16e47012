/**
 * Captured payments and their refunds as PayPal's Payments v2 API shows them
 * (`/v2/payments/captures/{id}`, `…/refund`, `/v2/payments/refunds/{id}`): a full refund when the
 * request names no amount, refused while the capture is pending or once it is refunded; a refund
 * a test made pending ends an hour later, COMPLETED or FAILED (docs/product.md#d33-refunds).
 */
import * as v from 'valibot';
import { paypalId } from '../sandbox-ids.ts';
import { payPalIssue } from './errors.ts';
import {
  type Capture,
  captureOf,
  type Link,
  type Money,
  MoneySchema,
  PAYEE,
  readPayPalJson,
  type StoredOrder,
  withCapture,
} from './orders.ts';

export const REFUND_KIND = 'paypal.refund';

export interface Refund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  amount: Money;
  invoice_id?: string;
  custom_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: Money; net_amount: Money; total_refunded_amount: Money };
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface StoredRefund {
  refund: Refund;
  captureId: string;
  orderId: string;
  /** A pending refund: how and when (epoch ms, sandbox clock) it ends. */
  settlement?: { status: 'COMPLETED' | 'FAILED'; at: number };
}

/** How long a refund a test made pending stays so. */
export const REFUND_SETTLES_AFTER_MS = 60 * 60 * 1000;

const text = (maxLength: number) =>
  v.pipe(v.string(), v.minLength(1, 'INVALID_STRING_LENGTH'), v.maxLength(maxLength, 'INVALID_STRING_LENGTH'));

const RefundRequestSchema = v.object({
  amount: v.optional(MoneySchema),
  custom_id: v.optional(text(127)),
  invoice_id: v.optional(text(127)),
  note_to_payer: v.optional(text(255)),
});

export type RefundRequest = v.InferOutput<typeof RefundRequestSchema>;
export const readRefundRequest = (text: string): RefundRequest => readPayPalJson(text, RefundRequestSchema);

/** "1200.00" → 120000 (amounts the emulator wrote or checked). */
export const centsOf = (value: string): number => Math.round(Number(value) * 100);
const decimal = (cents: number) => (cents / 100).toFixed(2);

/** The capture as `/v2/payments/captures/{id}` answers it: with its order's id and the payee. */
export const captureView = (capture: Capture, orderId: string) => ({
  ...capture,
  supplementary_data: { related_ids: { order_id: orderId } },
  payee: PAYEE,
});

/**
 * Refunds the order's capture (all that is left of it when the request names no amount). Returns
 * the order with the capture's new status and the refund; throws PayPal's 422 for a capture that
 * cannot be refunded. A `pending` refund leaves the capture as it is until it completes.
 */
export function refunded(
  stored: StoredOrder,
  request: RefundRequest,
  context: { now: Date; baseUrl: string; pending: boolean },
): { stored: StoredOrder; refund: Refund } {
  const { now, baseUrl } = context;
  const capture = captureOf(stored);
  if (!capture) throw payPalIssue('REFUND_NOT_ALLOWED');
  if (capture.status === 'PENDING') throw payPalIssue('PENDING_CAPTURE');
  const before = stored.refunds.reduce((sum, refund) => sum + refund.cents, 0);
  const capturedCents = centsOf(capture.amount.value);
  if (capture.status === 'REFUNDED' || before >= capturedCents) throw payPalIssue('CAPTURE_FULLY_REFUNDED');
  if (capture.status === 'DECLINED') throw payPalIssue('REFUND_NOT_ALLOWED');
  const cents = request.amount ? centsOf(request.amount.value) : capturedCents - before;
  if (request.amount && request.amount.currency_code !== capture.amount.currency_code) {
    throw payPalIssue('REFUND_NOT_ALLOWED', { field: '/amount/currency_code', value: request.amount.currency_code });
  }
  if (before + cents > capturedCents) throw payPalIssue('REFUND_AMOUNT_EXCEEDED', { field: '/amount/value' });
  const currency = capture.amount.currency_code;
  const money = (value: number): Money => ({ currency_code: currency, value: decimal(value) });
  const id = paypalId();
  const time = now.toISOString();
  const refund: Refund = {
    id,
    status: context.pending ? 'PENDING' : 'COMPLETED',
    amount: money(cents),
    ...(request.invoice_id === undefined ? {} : { invoice_id: request.invoice_id }),
    ...(request.custom_id === undefined ? {} : { custom_id: request.custom_id }),
    ...(request.note_to_payer === undefined ? {} : { note_to_payer: request.note_to_payer }),
    seller_payable_breakdown: {
      gross_amount: money(cents),
      net_amount: money(cents),
      total_refunded_amount: money(before + cents),
    },
    create_time: time,
    update_time: time,
    links: [
      { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
      { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
    ],
  };
  const withRefund = { ...stored, refunds: [...stored.refunds, { id, cents }] };
  return { stored: context.pending ? withRefund : refundedCapture(withRefund, now), refund };
}

/** The capture's status after its completed refunds: refunded in full or in part. */
function refundedCapture(stored: StoredOrder, now: Date): StoredOrder {
  const capture = captureOf(stored);
  if (!capture) return stored;
  const refundedCents = stored.refunds.reduce((sum, refund) => sum + refund.cents, 0);
  const status = refundedCents >= centsOf(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  return withCapture(stored, (current) => ({ ...current, status, update_time: now.toISOString() }));
}

/**
 * A pending refund ends: COMPLETED refunds the capture; FAILED gives its amount back (the money
 * stayed with the merchant).
 */
export function refundEnded(stored: StoredOrder, refundId: string, status: 'COMPLETED' | 'FAILED', now: Date) {
  if (status === 'COMPLETED') return refundedCapture(stored, now);
  return { ...stored, refunds: stored.refunds.filter((refund) => refund.id !== refundId) };
}
