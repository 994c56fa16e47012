/**
 * The booking overview's contract (docs/product.md#d26-code-layout): staff's view of the bookings,
 * a page at a time, as GET /admin/bookings answers it, and the query that asks for a page.
 */
import * as v from 'valibot';
import { type BookingStatus, bookingViewEntries } from '../bookings/bookings.views.ts';

const AdminBookingViewSchema = v.object({
  ...bookingViewEntries,
  customer: v.object({ name: v.string(), email: v.string() }),
  /** Pending past its payment window: staff may cancel it. */
  cancellable: v.boolean(),
  /** Paid and not refunded (nor being refunded): staff may refund it. */
  refundable: v.boolean(),
  /** Paid in a provider's test mode (the sandbox, test keys): no real money moved ('Testzahlung'). */
  testPayment: v.boolean(),
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
