/** The caller's cart and bookings: always scoped to the user of the token. */
import { Hono } from 'hono';
import { BookingSchema } from '../../lib/validation/booking.ts';
import { requireUser } from '../auth/middleware.ts';
import type { ApiDependencies, ApiEnv } from '../context.ts';
import * as bookings from '../services/bookings.ts';
import * as cart from '../services/cart.ts';
import { parseId, readJson } from '../validation.ts';

export function cartRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(requireUser(deps))
    .get('/', async (c) => c.json(await cart.getCart(deps.db, c.get('user').id)))
    .get('/total_price', async (c) => c.json(await cart.cartTotal(deps.db, c.get('user').id)))
    .post('/article/:articleId', async (c) => {
      const articleId = parseId(c.req.param('articleId'));
      const dates = await readJson(c, BookingSchema);
      return c.json(await cart.addToCart(deps.db, c.get('user').id, articleId, dates), 201);
    })
    .delete('/remove_article/:id', async (c) => {
      await cart.removeCartEntry(deps.db, c.get('user').id, parseId(c.req.param('id')));
      return c.body(null, 204);
    })
    .delete('/clear', async (c) => {
      await cart.clearCart(deps.db, c.get('user').id);
      return c.body(null, 204);
    });
}

export function bookingRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(requireUser(deps))
    .post('/confirm', async (c) => c.json(await bookings.confirmBookings(deps.db, c.get('user').id)))
    .get('/get', async (c) => c.json(await bookings.listBookings(deps.db, c.get('user').id)));
}
