/** The caller's bookings (orders): always scoped to the user of the token. */
import { Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { requireUser } from '../../http/guards.ts';
import * as bookings from './bookings.service.ts';

export function bookingRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .post('/confirm', async (c) => c.json(await bookings.confirmBookings(deps.db, c.get('user').id)))
    .get('/get', async (c) => c.json(await bookings.listBookings(deps.db, c.get('user').id)));
}
