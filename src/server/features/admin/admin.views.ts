/**
 * The booking overview's contract (docs/product.md#d26-code-layout): staff's view of the bookings,
 * a page at a time, as GET /admin/bookings answers it, and the query that asks for a page.
 */
import * as v from 'valibot';
import { type BookingStatus, bookingViewEntries } from '../bookings/bookings.views.ts';

/** `open` until the provider decides; `won`: the money stays; `lost`: it went back (charged back). */
export const DISPUTE_OUTCOMES = ['open', 'won', 'lost'] as const;
export const REFUND_OUTCOMES = ['pending', 'completed', 'failed'] as const;

const AdminBookingViewSchema = v.object({
  ...bookingViewEntries,
  customer: v.object({ name: v.string(), email: v.string() }),
  /** Pending past its payment window: staff may cancel it. */
  cancellable: v.boolean(),
  /** Paid and not refunded (nor being refunded): staff may refund it. */
  refundable: v.boolean(),
  /** Paid in a provider's test mode (the sandbox, test keys): no real money moved ('Testzahlung'). */
  testPayment: v.boolean(),
  /**
   * The payer's newest dispute of the payment (docs/product.md#d32-payment-states): when it was
   * opened (ISO timestamp), the provider's reason in German with its code, the last day to answer
   * at the provider, and its outcome; null when there is none.
   */
  dispute: v.nullable(
    v.object({
      disputedAt: v.string(),
      reason: v.string(),
      respondBy: v.nullable(v.string()),
      outcome: v.picklist(DISPUTE_OUTCOMES),
    }),
  ),
  /**
   * The newest refund (docs/product.md#d33-refunds): `pending` until the provider's final word,
   * `completed`, or `failed` (the booking is paid again and can be refunded anew), with when it got
   * there (ISO timestamp); null when there is none.
   */
  refund: v.nullable(v.object({ status: v.picklist(REFUND_OUTCOMES), at: v.string() })),
});
export type AdminBookingView = v.InferOutput<typeof AdminBookingViewSchema>;

export const AdminBookingPageSchema = v.object({
  bookings: v.array(AdminBookingViewSchema),
  page: v.number(),
  pageSize: v.number(),
  total: v.number(),
  pages: v.number(),
});
export type AdminBookingPage = v.InferOutput<typeof AdminBookingPageSchema>;

export interface BookingQuery {
  status?: BookingStatus;
  /** Part of a booking number, a customer's name or e-mail. */
  q?: string;
  page: number;
}
