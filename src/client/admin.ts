/** The booking overview's calls (staff only), typed by the booking overview's and the payments' contracts. */

import type { ProgressChange } from '../lib/materials-input.ts';
import type { AdminBookingPage, BookingQuery } from '../server/features/admin/admin.views.ts';
import type { ProgressView } from '../server/features/materials/materials.views.ts';
import type { RefundView } from '../server/features/payments/payments.views.ts';
import { callerFor, type NoBody } from './http.ts';

export interface AdminRoutes {
  'GET admin/bookings': AdminBookingPage;
  'POST admin/bookings/{id}/cancel': NoBody;
  'POST admin/bookings/{id}/refund': RefundView;
  'POST admin/bookings/{id}/progress': ProgressView;
}

const call = callerFor<AdminRoutes>();

export const fetchAllBookings = (query: BookingQuery) =>
  call('GET admin/bookings', {
    searchParams: { status: query.status ?? '', q: query.q ?? '', page: String(query.page) },
  }).json();

export async function cancelBooking(id: number): Promise<void> {
  await call(`POST admin/bookings/${id}/cancel`);
}

export const refundBooking = (id: number) => call(`POST admin/bookings/${id}/refund`).json();

/** Moves a paid order on (docs/product.md#d36-next-steps); the customer gets a mail. */
export const changeProgress = (id: number, change: ProgressChange) =>
  call(`POST admin/bookings/${id}/progress`, { json: change }).json();
