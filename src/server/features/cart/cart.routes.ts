/** The caller's cart: always scoped to the user of the token. */

import { Hono } from 'hono';
import * as v from 'valibot';
import { cartEntrySchema } from '../../../lib/cart.ts';
import { presentNumber } from '../../../lib/schema-fields.ts';
import { MAX_QUANTITY, QUANTITY_MESSAGES, quantityProblem, TERMS } from '../../../lib/units.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { ApiError } from '../../http/errors.ts';
import { documented, failure, json, noContent, operation, requestBody } from '../../http/openapi.ts';
import { deleteById, parseId, readJson } from '../../http/validation.ts';
import { requireUser } from '../accounts/guards.ts';
import * as cart from './cart.service.ts';
import { CartEntryViewSchema, CartViewSchema } from './cart.views.ts';

const TAG = 'Cart';

/**
 * The body of a new entry as the reference shows it: the rules that depend on the article's unit
 * (which quantities, whether an end date) are the API's and left out (docs/product.md#api-reference).
 */
const documentedQuantity = v.pipe(v.number(), v.gtValue(0), v.maxValue(MAX_QUANTITY));

const NewEntryDocument = v.object({
  entryDate: v.pipe(v.string(), v.metadata({ format: 'date' })),
  departureDate: v.optional(v.pipe(v.string(), v.metadata({ format: 'date' }))),
  quantity: v.optional(documentedQuantity),
});

/** A new quantity for an entry: a number here, checked against the entry's unit once it is found. */
const QuantityChangeSchema = v.object({ quantity: presentNumber(v.number(QUANTITY_MESSAGES.notANumber)) });

export function cartRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit, requireUser(deps))
    .get(
      '/',
      operation(TAG, {
        summary: 'The caller’s cart',
        description: 'Priced now: each entry costs its article’s current price once, whatever its dates.',
        responses: { 200: json('The entries, oldest first, with their count and total.', CartViewSchema) },
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
        summary: 'Book an article for dates, in a quantity of its unit',
        description: `Dates are YYYY-MM-DD; a cart holds at most ${cart.MAX_CART_ENTRIES} entries. \`quantity\` depends on the article’s unit: whole numbers for \`flat\` and \`piece\`, a term of ${TERMS.join(' or ')} months for \`month\` (default ${TERMS[0]}; the term ends by itself, \`departureDate\` is not used), from 1 with up to two decimals for \`sqm\` and \`hour\`; at most ${MAX_QUANTITY}, default 1.`,
        ids: ['articleId'],
        responses: {
          201: json('The new cart entry, priced: `linePrice` is price × quantity.', CartEntryViewSchema),
          400: failure(
            'Invalid dates or quantity, the same article with the same dates is in the cart, the cart is full, or its total would be above what one payment may be.',
          ),
          404: failure('No article with this id.'),
        },
      }),
      // The id, then the article's unit (whose rules the quantity follows), then the body.
      documented(async (c) => {
        const articleId = parseId(c.req.param('articleId'));
        const unit = await cart.unitOfArticle(deps.db, articleId);
        const input = await readJson(c, cartEntrySchema(unit));
        return c.json(await cart.addToCart(deps.db, c.get('user').id, articleId, input), 201);
      }, requestBody(NewEntryDocument)),
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
    .patch(
      '/entries/:id',
      operation(TAG, {
        summary: 'Change the quantity of a cart entry',
        description:
          'The same rules as when booking it; a maintenance term’s end follows its new length. The entry is priced anew.',
        ids: ['id'],
        responses: {
          200: json('The changed entry.', CartEntryViewSchema),
          400: failure(
            'A quantity the article’s unit does not allow, the same article with the same dates is in the cart, or the total would be above what one payment may be.',
          ),
          404: failure('No such entry in the caller’s cart.'),
        },
      }),
      documented(
        async (c) => {
          // The body's shape first, then the entry, then what its unit allows.
          const entryId = parseId(c.req.param('id'));
          const userId = c.get('user').id;
          const { quantity } = await readJson(c, QuantityChangeSchema);
          const problem = quantityProblem(await cart.unitOfEntry(deps.db, userId, entryId), quantity);
          if (problem) throw new ApiError(400, problem);
          return c.json(await cart.changeQuantity(deps.db, userId, entryId, quantity));
        },
        requestBody(v.object({ quantity: documentedQuantity })),
      ),
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
