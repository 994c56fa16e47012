/**
 * The caller's bookings: always scoped to the user of the token. Bookings are made by
 * starting a payment; `POST /confirm`, the earlier client's call on its confirmation page, changes
 * nothing and lists them (docs/product.md#d9-order-flow).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { json, operation } from '../../http/openapi.ts';
import { requireUser } from '../accounts/guards.ts';
import * as bookings from './bookings.service.ts';
import { BookingViewSchema } from './bookings.views.ts';

const TAG = 'Bookings';
const BookingListSchema = v.array(BookingViewSchema);

export function bookingRoutes(deps: ApiDependencies) {
  // Its own two paths only: invoices and materials live under /booking too, with guards of their own
  // (a download link needs no token, a part of an upload is no JSON).
  return new Hono<ApiEnv>()
    .use('/confirm', jsonBodyLimit, requireUser(deps))
    .use('/get', requireUser(deps))
    .post(
      '/confirm',
      operation(TAG, {
        summary: 'The caller’s bookings (the confirmation page’s call)',
        description: 'Changes nothing: orders are placed by starting a payment.',
        responses: { 200: json('The caller’s bookings, newest first.', BookingListSchema) },
      }),
      async (c) => c.json(await bookings.listBookings(deps.db, c.get('user').id)),
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
