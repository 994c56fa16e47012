/** The booking overview's calls (staff only), typed by the server's own answers. */

import type { AdminBookingPage, BookingQuery } from '../server/features/admin/admin.views.ts';
import type { RefundView } from '../server/features/payments/payments.views.ts';
import { api } from './http.ts';

export const fetchAllBookings = (query: BookingQuery) =>
  api
    .get('admin/bookings', {
      searchParams: { status: query.status ?? '', q: query.q ?? '', page: String(query.page) },
    })
    .json<AdminBookingPage>();

export async function cancelBooking(id: number): Promise<void> {
  await api.post(`admin/bookings/${id}/cancel`);
}

export const refundBooking = (id: number) => api.post(`admin/bookings/${id}/refund`).json<RefundView>();
