/**
 * A payer's dispute of a capture as PayPal's Disputes API v1 shows it
 * (`GET /v1/customer/disputes/{id}`, customer_disputes_v1.json 1.10): opened (waiting for the
 * merchant's answer until a due date), then resolved in the merchant's favour, or in the payer's,
 * when PayPal takes the money back from the merchant: the capture is reversed, with a refund-like
 * record of the reversal (PAYMENT.CAPTURE.REVERSED).
 */
import { paypalId, randomString } from '../sandbox-ids.ts';
import type { Refund } from './captures.ts';
import { type Capture, type Link, type Money, type StoredOrder, withCapture } from './orders.ts';

export const DISPUTE_KIND = 'paypal.dispute';

/** How long PayPal gives the merchant to answer. */
const RESPONSE_DAYS = 10;

export interface Dispute {
  dispute_id: string;
  create_time: string;
  update_time: string;
  disputed_transactions: {
    seller_transaction_id: string;
    create_time: string;
    transaction_status: 'COMPLETED' | 'REVERSED';
    gross_amount: Money;
    custom?: string;
  }[];
  reason: string;
  status: 'WAITING_FOR_SELLER_RESPONSE' | 'RESOLVED';
  dispute_amount: Money;
  dispute_outcome?: { outcome_code: 'RESOLVED_SELLER_FAVOUR' | 'RESOLVED_BUYER_FAVOUR'; amount_refunded?: Money };
  dispute_life_cycle_stage: 'CHARGEBACK';
  dispute_channel: 'EXTERNAL';
  seller_response_due_date?: string;
  links: Link[];
}

/** The payer (through their card's bank) disputes the capture. */
export function openedDispute(capture: Capture, reason: string, now: Date, baseUrl: string): Dispute {
  const id = `PP-D-${randomString(8, '0123456789')}`;
  const time = now.toISOString();
  return {
    dispute_id: id,
    create_time: time,
    update_time: time,
    disputed_transactions: [
      {
        seller_transaction_id: capture.id,
        create_time: capture.create_time,
        transaction_status: 'COMPLETED',
        gross_amount: capture.amount,
        ...(capture.custom_id === undefined ? {} : { custom: capture.custom_id }),
      },
    ],
    reason,
    status: 'WAITING_FOR_SELLER_RESPONSE',
    dispute_amount: capture.amount,
    dispute_life_cycle_stage: 'CHARGEBACK',
    dispute_channel: 'EXTERNAL',
    seller_response_due_date: new Date(now.getTime() + RESPONSE_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    links: [{ href: `${baseUrl}/v1/customer/disputes/${id}`, rel: 'self', method: 'GET' }],
  };
}

/** PayPal decides: the merchant keeps the money (won), or the payer gets it back (lost). */
export function resolvedDispute(dispute: Dispute, outcome: 'won' | 'lost', now: Date): Dispute {
  const { seller_response_due_date: _due, ...rest } = dispute;
  return {
    ...rest,
    status: 'RESOLVED',
    update_time: now.toISOString(),
    disputed_transactions: dispute.disputed_transactions.map((transaction) => ({
      ...transaction,
      transaction_status: outcome === 'lost' ? 'REVERSED' : transaction.transaction_status,
    })),
    dispute_outcome:
      outcome === 'won'
        ? { outcome_code: 'RESOLVED_SELLER_FAVOUR' }
        : { outcome_code: 'RESOLVED_BUYER_FAVOUR', amount_refunded: dispute.dispute_amount },
  };
}

/** A lost dispute reverses the capture: the order's capture refunded, and the reversal as PayPal records it. */
export function reversed(stored: StoredOrder, now: Date, baseUrl: string): { stored: StoredOrder; reversal?: Refund } {
  let reversal: Refund | undefined;
  const changed = withCapture(stored, (capture) => {
    const id = paypalId();
    const time = now.toISOString();
    reversal = {
      id,
      status: 'COMPLETED',
      amount: capture.amount,
      note_to_payer: 'Payment reversed',
      seller_payable_breakdown: {
        gross_amount: capture.amount,
        net_amount: capture.amount,
        total_refunded_amount: capture.amount,
      },
      create_time: time,
      update_time: time,
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    return { ...capture, status: 'REFUNDED', status_details: { reason: 'CHARGEBACK' }, update_time: time };
  });
  return { stored: changed, reversal };
}
