/** The booking calls of the REST API, typed. */
import { api } from './client.ts';

export interface Booking {
  id: number;
  bookingNumber: string;
  status: 'pending_payment' | 'paid' | 'cancelled';
  /** When the order was placed (ISO timestamp). */
  createdAt: string;
  entryDate: string;
  departureDate: string;
  /** Euros. */
  totalPrice: number;
}

export const fetchBookings = () => api.get('booking/get').json<Booking[]>();
