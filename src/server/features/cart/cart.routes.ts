/** The caller's cart: always scoped to the user of the token. */

import { Hono } from 'hono';
import * as v from 'valibot';
import { CartEntryDatesSchema } from '../../../lib/cart.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { requireUser } from '../../http/guards.ts';
import { documented, failure, json, noContent, operation, requestBody } from '../../http/openapi.ts';
import { deleteById, parseId, readJson } from '../../http/validation.ts';
import * as cart from './cart.service.ts';

const TAG = 'Cart';

export function cartRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .get(
      '/',
      operation(TAG, {
        summary: 'The caller’s cart',
        description: 'Priced now: each entry costs its article’s current price once, whatever its dates.',
        responses: { 200: json('The entries, oldest first, with their count and total.', cart.CartViewSchema) },
      }),
      async (c) => c.json(await cart.getCart(deps.db, c.get('user').id)),
    )
    .get(
      '/total_price',
      operation(TAG, { summary: 'The cart’s total', responses: { 200: json('The total in euros.', v.number()) } }),
      async (c) => c.json(await cart.cartTotal(deps.db, c.get('user').id)),
    )
    .post(
      '/article/:articleId',
      operation(TAG, {
        summary: 'Book an article for dates',
        description: `Dates are YYYY-MM-DD; a cart holds at most ${cart.MAX_CART_ENTRIES} entries.`,
        ids: ['articleId'],
        responses: {
          201: json('The new cart entry.', cart.CartEntryViewSchema),
          400: failure(
            'Invalid dates, the same article with the same dates is in the cart, the cart is full, or its total would be above what one payment may be.',
          ),
          404: failure('No article with this id.'),
        },
      }),
      // The id is checked before the body, so the handler reads the body itself.
      documented(async (c) => {
        const articleId = parseId(c.req.param('articleId'));
        const dates = await readJson(c, CartEntryDatesSchema);
        return c.json(await cart.addToCart(deps.db, c.get('user').id, articleId, dates), 201);
      }, requestBody(CartEntryDatesSchema)),
    )
    .delete(
      '/remove_article/:id',
      operation(TAG, {
        summary: 'Remove an article from the cart',
        description: 'Removes the caller’s earliest entry of the article (as the earlier client expects).',
        ids: ['id'],
        responses: { 204: noContent('One entry removed.'), 404: failure('The article is not in the cart.') },
      }),
      deleteById((articleId, c) => cart.removeArticleFromCart(deps.db, c.get('user').id, articleId)),
    )
    .delete(
      '/entries/:id',
      operation(TAG, {
        summary: 'Remove a cart entry',
        ids: ['id'],
        responses: {
          204: noContent('Exactly that entry is removed.'),
          404: failure('No such entry in the caller’s cart.'),
        },
      }),
      deleteById((entryId, c) => cart.removeCartEntry(deps.db, c.get('user').id, entryId)),
    )
    .delete(
      '/clear',
      operation(TAG, { summary: 'Empty the cart', responses: { 204: noContent('The cart is empty.') } }),
      async (c) => {
        await cart.clearCart(deps.db, c.get('user').id);
        return c.body(null, 204);
      },
    );
}
