/**
 * What the fault test counts at the end, from the shop's database, the sandbox's (the provider's)
 * records and the mail server: orders paid at the provider, orders the shop holds as paid,
 * payments per order, and the order confirmations that arrived, per order.
 */
import type pg from 'pg';
import { parseEml } from '../support/eml.ts';
import type { Delivery } from '../support/smtp-capture.ts';

/** Statuses of a booking that a payment settled (src/server/features/payments/fulfilment.ts). */
const SETTLED = ['paid', 'disputed', 'charged_back', 'refunded'];
const CONFIRMATION = /^Ihre Bestellung (\S+) bei HWDS$/;

export interface Ledger {
  /** Booking id → Checkout Sessions paid for it at the provider. */
  paidAtProvider: Map<number, number>;
  /** Booking id → its number and when the shop took it as paid (epoch ms). */
  paidInShop: Map<number, { bookingNumber: string; paidAt: number }>;
  /** Booking id → payments the shop recorded for it (a second one would be refunded). */
  paymentsPerBooking: Map<number, number>;
  /** Booking number → times its confirmation arrived, and when first. */
  confirmations: Map<string, { count: number; firstAt: number }>;
  /** Mails queued and not sent yet. */
  unsent: number;
}

export async function readLedger(db: pg.Client, deliveries: Delivery[]): Promise<Ledger> {
  const provider = await db.query<{ booking_id: number; sessions: number }>(
    `select (data->'session'->'metadata'->>'bookingId')::int as booking_id, count(*)::int as sessions
       from sandbox_objects
      where kind = 'stripe.checkout_session' and data->'session'->>'payment_status' = 'paid'
      group by 1`,
  );
  const shop = await db.query<{ id: number; booking_number: string; paid_at: Date }>(
    'select id, booking_number, paid_at from bookings where status = any($1)',
    [SETTLED],
  );
  const payments = await db.query<{ booking_id: number; payments: number }>(
    'select booking_id, count(*)::int as payments from payments group by 1',
  );
  const unsent = await db.query<{ unsent: number }>(
    'select count(*)::int as unsent from mail_queue where sent_at is null',
  );
  const confirmations = new Map<string, { count: number; firstAt: number }>();
  for (const delivery of deliveries) {
    const bookingNumber = CONFIRMATION.exec(parseEml(delivery.raw.replace(/\r\n/g, '\n')).subject)?.[1];
    if (!bookingNumber) continue;
    const seen = confirmations.get(bookingNumber);
    confirmations.set(bookingNumber, { count: (seen?.count ?? 0) + 1, firstAt: seen?.firstAt ?? delivery.at });
  }
  return {
    paidAtProvider: new Map(provider.rows.map((row) => [row.booking_id, row.sessions])),
    paidInShop: new Map(
      shop.rows.map((row) => [row.id, { bookingNumber: row.booking_number, paidAt: row.paid_at.getTime() }]),
    ),
    paymentsPerBooking: new Map(payments.rows.map((row) => [row.booking_id, row.payments])),
    confirmations,
    unsent: unsent.rows[0]?.unsent ?? 0,
  };
}

/** Orders paid at the provider that the shop does not hold as paid. */
export const lostOrders = (ledger: Ledger) =>
  [...ledger.paidAtProvider.keys()].filter((bookingId) => !ledger.paidInShop.has(bookingId));

/** Orders paid more than once: at the provider, or as the shop recorded it. */
export const ordersPaidTwice = (ledger: Ledger) => [
  ...new Set([
    ...[...ledger.paidAtProvider].filter(([, sessions]) => sessions > 1).map(([bookingId]) => bookingId),
    ...[...ledger.paymentsPerBooking].filter(([, payments]) => payments > 1).map(([bookingId]) => bookingId),
  ]),
];

/** Paid orders whose confirmation did not arrive exactly once, and confirmations of orders not paid. */
export function mailsNotOnce(ledger: Ledger): string[] {
  const paidNumbers = new Set([...ledger.paidInShop.values()].map((order) => order.bookingNumber));
  return [
    ...[...paidNumbers]
      .filter((number) => ledger.confirmations.get(number)?.count !== 1)
      .map((number) => `${number}: ${ledger.confirmations.get(number)?.count ?? 0} confirmations`),
    ...[...ledger.confirmations.keys()]
      .filter((number) => !paidNumbers.has(number))
      .map((number) => `${number}: confirmed, not paid`),
  ];
}

/** Whether everything the load began has come to its end: every payment in the shop, every mail sent. */
export const settled = (ledger: Ledger) =>
  lostOrders(ledger).length === 0 &&
  ledger.unsent === 0 &&
  [...ledger.paidInShop.values()].every((order) => ledger.confirmations.has(order.bookingNumber));
