/** The booking calls of the REST API, typed by the server's own answers. */

import type { BookingView } from '../server/features/bookings/bookings.views.ts';
import { api } from './http.ts';

export const fetchBookings = () => api.get('booking/get').json<BookingView[]>();

/** The booking confirmation page's call: the caller's bookings (a cart still full becomes one first). */
export const fetchBookingConfirmation = () => api.post('booking/confirm').json<BookingView[]>();
