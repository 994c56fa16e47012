/** The booking calls of the REST API, typed by the server's own answers. */
import type { BookingView } from '../server/features/bookings/bookings.service.ts';
import { api } from './http.ts';

export const fetchBookings = () => api.get('booking/get').json<BookingView[]>();
