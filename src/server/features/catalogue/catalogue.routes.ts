/** Categories and articles: reading is public, writing needs ROLE_ADMIN (docs/product.md#d7-admin-guard). */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ArticleChangeSchema, ArticleSchema, CategoryChangeSchema, CategorySchema } from '../../../lib/catalogue.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { answerKept, keptPublicly } from '../../http/caching.ts';
import { changeById, createFrom, failure, json, noContent, operation } from '../../http/openapi.ts';
import { deleteById, ID_PATTERN, parseId } from '../../http/validation.ts';
import { adminRouter } from '../accounts/guards.ts';
import * as catalogue from './catalogue.service.ts';
import { ArticleViewSchema, CategoryViewSchema } from './catalogue.views.ts';

const TAG = 'Catalogue';
const categoryNotFound = failure('No category with this id.');
const articleNotFound = failure('No article with this id.');

export function categoryRoutes(deps: ApiDependencies) {
  const staff = adminRouter(deps)
    .post(
      '/',
      operation(TAG, {
        summary: 'Add a category',
        responses: {
          201: json('The new category, without articles or images.', CategoryViewSchema),
          409: failure('Another category has this number.'),
        },
      }),
      createFrom(CategorySchema, (input) => catalogue.createCategory(deps, input)),
    )
    .patch(
      '/:id',
      operation(TAG, {
        summary: 'Change a category',
        description: 'Changes the fields sent, at least one.',
        ids: ['id'],
        responses: {
          200: json('The changed category.', CategoryViewSchema),
          404: categoryNotFound,
          409: failure('Another category has this number.'),
        },
      }),
      changeById(CategoryChangeSchema, (id, change) => catalogue.updateCategory(deps, id, change)),
    )
    .delete(
      '/:id',
      operation(TAG, {
        summary: 'Delete a category',
        ids: ['id'],
        responses: { 204: noContent('Deleted with its articles and images.'), 404: categoryNotFound },
      }),
      deleteById((id) => catalogue.deleteCategory(deps, id)),
    );
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .get(
      '/',
      ...keptPublicly,
      operation(TAG, {
        summary: 'All categories',
        description: 'Each with its images and articles.',
        responses: {
          200: json('The categories in the order they were added.', v.array(CategoryViewSchema)),
        },
      }),
      async (c) => answerKept(c, await catalogue.categoriesAnswer(deps)),
    )
    .get(
      '/:id',
      ...keptPublicly,
      operation(TAG, {
        summary: 'One category',
        ids: ['id'],
        responses: {
          200: json('The category with its images and articles.', CategoryViewSchema),
          404: categoryNotFound,
        },
      }),
      async (c) => answerKept(c, await catalogue.categoryAnswer(deps, parseId(c.req.param('id')))),
    )
    .route('/', staff);
}

export function articleRoutes(deps: ApiDependencies) {
  const staff = adminRouter(deps)
    .post(
      '/',
      operation(TAG, {
        summary: 'Add an article',
        responses: {
          201: json('The new article.', ArticleViewSchema),
          404: failure('No category with the id `departamentId`.'),
          409: failure('The category has an article with this number.'),
        },
      }),
      createFrom(ArticleSchema, (input) => catalogue.createArticle(deps, input)),
    )
    .patch(
      '/:id',
      operation(TAG, {
        summary: 'Change an article',
        description:
          'Changes the fields sent, at least one. A new price applies to carts at once, never to placed bookings.',
        ids: ['id'],
        responses: {
          200: json('The changed article.', ArticleViewSchema),
          404: articleNotFound,
          409: failure('The category has another article with this number.'),
        },
      }),
      changeById(ArticleChangeSchema, (id, change) => catalogue.updateArticle(deps, id, change)),
    )
    .delete(
      '/:id',
      operation(TAG, {
        summary: 'Delete an article',
        ids: ['id'],
        responses: { 204: noContent('Deleted with its images.'), 404: articleNotFound },
      }),
      deleteById((id) => catalogue.deleteArticle(deps, id)),
    );
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .get(
      '/',
      ...keptPublicly,
      operation(TAG, {
        summary: 'Articles',
        parameters: [
          {
            in: 'query',
            name: 'departamentId',
            description: 'Only the articles of this category.',
            schema: { type: 'string', pattern: ID_PATTERN.source },
          },
        ],
        responses: {
          200: json('The articles in the order they were added.', v.array(ArticleViewSchema)),
          400: failure('`departamentId` is not an id.'),
        },
      }),
      async (c) => {
        const filter = c.req.query('departamentId');
        return answerKept(c, await catalogue.articlesAnswer(deps, filter === undefined ? undefined : parseId(filter)));
      },
    )
    .route('/', staff);
}
