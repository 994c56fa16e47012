/** The caller's bookings (orders): always scoped to the user of the token. */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { requireUser } from '../../http/guards.ts';
import { failure, json, operation } from '../../http/openapi.ts';
import * as bookings from './bookings.service.ts';

const TAG = 'Bookings';
const BookingListSchema = v.array(bookings.BookingViewSchema);

export function bookingRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .post(
      '/confirm',
      operation(TAG, {
        summary: 'Order the cart',
        description: 'A non-empty cart becomes a booking awaiting payment, with its prices frozen, and is emptied.',
        responses: {
          200: json('The caller’s bookings, newest first.', BookingListSchema),
          400: failure('The cart’s total is above what one payment may be (its prices rose meanwhile).'),
        },
      }),
      async (c) => c.json(await bookings.confirmBookings(deps.db, c.get('user').id)),
    )
    .get(
      '/get',
      operation(TAG, {
        summary: 'The caller’s bookings',
        responses: { 200: json('The caller’s bookings, newest first.', BookingListSchema) },
      }),
      async (c) => c.json(await bookings.listBookings(deps.db, c.get('user').id)),
    );
}
