/** The caller's cart: always scoped to the user of the token. */

import { Hono } from 'hono';
import { CartEntryDatesSchema } from '../../../lib/cart.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { requireUser } from '../../http/guards.ts';
import { deleteById, parseId, readJson } from '../../http/validation.ts';
import * as cart from './cart.service.ts';

export function cartRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .get('/', async (c) => c.json(await cart.getCart(deps.db, c.get('user').id)))
    .get('/total_price', async (c) => c.json(await cart.cartTotal(deps.db, c.get('user').id)))
    .post('/article/:articleId', async (c) => {
      const articleId = parseId(c.req.param('articleId'));
      const dates = await readJson(c, CartEntryDatesSchema);
      return c.json(await cart.addToCart(deps.db, c.get('user').id, articleId, dates), 201);
    })
    .delete(
      '/remove_article/:id',
      deleteById((articleId, c) => cart.removeArticleFromCart(deps.db, c.get('user').id, articleId)),
    )
    .delete(
      '/entries/:id',
      deleteById((entryId, c) => cart.removeCartEntry(deps.db, c.get('user').id, entryId)),
    )
    .delete('/clear', async (c) => {
      await cart.clearCart(deps.db, c.get('user').id);
      return c.body(null, 204);
    });
}
