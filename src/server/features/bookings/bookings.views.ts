/**
 * The bookings' contract (docs/product.md#d26-code-layout): a booking as the API answers it to its
 * customer (/booking, the payment confirmation) and, with more, to staff (admin.views.ts).
 */
import * as v from 'valibot';
import { PAYMENT_PROVIDERS } from '../../../lib/payments.ts';
import { PRODUCT_KINDS } from '../../../lib/product-kinds.ts';
import { UNITS } from '../../../lib/units.ts';
import { ProgressViewSchema } from '../materials/materials.views.ts';

/**
 * `processing`: a provider holds a payment it has not finished (a PayPal capture PENDING, a Stripe
 * session complete but unpaid); `refunded`: paid, then refunded in full; `disputed`: paid, and the
 * payer disputes the payment with the provider (a chargeback under way); `charged_back`: the
 * dispute was lost, the money went back to the payer (docs/product.md#d32-payment-states).
 */
export const BOOKING_STATUSES = [
  'pending_payment',
  'processing',
  'paid',
  'disputed',
  'charged_back',
  'refunded',
  'cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const BookingItemViewSchema = v.object({
  /** The ordered item: its materials are handed over under this id (docs/product.md#d36-next-steps). */
  id: v.number(),
  /** Null once the article has been deleted; the item keeps what was booked. */
  articleId: v.nullable(v.number()),
  departamentId: v.number(),
  number: v.string(),
  type: v.string(),
  /** Euros for one `unit`, as frozen when the order was placed. */
  price: v.number(),
  /** What the price is for (docs/product.md#d34-units-and-quantities). */
  unit: v.picklist(UNITS),
  /** What was ordered: website, maintenance, print (and design) or service; what follows depends on it. */
  kind: v.picklist(PRODUCT_KINDS),
  /** How many of `unit`: 12 (months), 2.25 (m²). */
  quantity: v.number(),
  /** Euros taken off for a 12-month maintenance term (the yearly discount); 0 otherwise. */
  discount: v.number(),
  /** Euros: price × quantity, less `discount`; the order's total is their sum. */
  linePrice: v.number(),
  entryDate: v.string(),
  /** The last day; for maintenance the end of the term. */
  departureDate: v.string(),
});

export const bookingViewEntries = {
  id: v.number(),
  bookingNumber: v.string(),
  status: v.picklist(BOOKING_STATUSES),
  /** When the order was placed (ISO timestamp). */
  createdAt: v.string(),
  /** First and last day of the booked appointments. */
  entryDate: v.string(),
  departureDate: v.string(),
  /** Euros. */
  totalPrice: v.number(),
  /** How it was paid; null until it is. */
  paymentMethod: v.nullable(v.picklist(PAYMENT_PROVIDERS)),
  /** When the payment completed, concluding the contract (ISO timestamp); null until then. */
  paidAt: v.nullable(v.string()),
  /** When the first withdrawal declaration naming this order came in (docs/product.md#d31-consumer-law), or null. */
  withdrawnAt: v.nullable(v.string()),
  /** When the first cancellation naming this order came in (docs/product.md#d35-maintenance-terms), or null. */
  cancelledAt: v.nullable(v.string()),
  /** The order's invoice (docs/product.md#d37-invoices), once it is paid: GET /booking/{id}/invoice. */
  invoiceNumber: v.nullable(v.string()),
  /** The correcting invoice of a refunded order: GET /booking/{id}/credit-note. */
  creditNoteNumber: v.nullable(v.string()),
  /** Where a paid order stands (docs/product.md#d36-next-steps); null for an order never paid. */
  progress: v.nullable(ProgressViewSchema),
  items: v.array(BookingItemViewSchema),
};

export const BookingViewSchema = v.pipe(v.object(bookingViewEntries), v.metadata({ ref: 'Booking' }));
export type BookingView = v.InferOutput<typeof BookingViewSchema>;
