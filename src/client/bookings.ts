/** The booking calls of the REST API, typed by the bookings' contract. */
import type { BookingView } from '../server/features/bookings/bookings.views.ts';
import { callerFor } from './http.ts';

export interface BookingRoutes {
  'GET booking/get': BookingView[];
  'POST booking/confirm': BookingView[];
}

const call = callerFor<BookingRoutes>();

export const fetchBookings = () => call('GET booking/get').json();

/** The booking confirmation page's call: the caller's bookings (a cart still full becomes one first). */
export const fetchBookingConfirmation = () => call('POST booking/confirm').json();
