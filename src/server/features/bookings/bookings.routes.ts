/**
 * The caller's bookings (orders): always scoped to the user of the token. Orders are placed by
 * starting a payment; `POST /confirm`, the earlier client's call on its order page, changes
 * nothing and lists them (docs/product.md#d9-order-flow).
 */
import { type Context, Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { requireUser } from '../../http/guards.ts';
import * as bookings from './bookings.service.ts';

export function bookingRoutes(deps: ApiDependencies) {
  const list = async (c: Context<ApiEnv>) => c.json(await bookings.listBookings(deps.db, c.get('user').id));
  return new Hono<ApiEnv>().use(jsonBodyLimit, requireUser(deps)).post('/confirm', list).get('/get', list);
}
