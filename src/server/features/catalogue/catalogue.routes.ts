/** Departaments and articles: reading is public, writing needs ROLE_ADMIN (docs/product.md#d7-admin-guard). */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ArticleChangeSchema,
  ArticleSchema,
  DepartamentChangeSchema,
  DepartamentSchema,
} from '../../../lib/catalogue.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { cachedPublicly } from '../../http/caching.ts';
import { adminRouter } from '../../http/guards.ts';
import { changeById, createFrom, failure, json, noContent, operation } from '../../http/openapi.ts';
import { deleteById, ID_PATTERN, parseId } from '../../http/validation.ts';
import * as catalogue from './catalogue.service.ts';
import { ArticleViewSchema, DepartamentViewSchema } from './catalogue.views.ts';

const TAG = 'Catalogue';
const departamentNotFound = failure('No departament with this id.');
const articleNotFound = failure('No article with this id.');

export function departamentRoutes(deps: ApiDependencies) {
  const staff = adminRouter(deps)
    .post(
      '/',
      operation(TAG, {
        summary: 'Add a departament',
        responses: {
          201: json('The new departament, without articles or images.', DepartamentViewSchema),
          409: failure('Another departament has this number.'),
        },
      }),
      createFrom(DepartamentSchema, (input) => catalogue.createDepartament(deps, input)),
    )
    .patch(
      '/:id',
      operation(TAG, {
        summary: 'Change a departament',
        description: 'Changes the fields sent, at least one.',
        ids: ['id'],
        responses: {
          200: json('The changed departament.', DepartamentViewSchema),
          404: departamentNotFound,
          409: failure('Another departament has this number.'),
        },
      }),
      changeById(DepartamentChangeSchema, (id, change) => catalogue.updateDepartament(deps, id, change)),
    )
    .delete(
      '/:id',
      operation(TAG, {
        summary: 'Delete a departament',
        ids: ['id'],
        responses: { 204: noContent('Deleted with its articles and images.'), 404: departamentNotFound },
      }),
      deleteById((id) => catalogue.deleteDepartament(deps, id)),
    );
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .get(
      '/',
      ...cachedPublicly,
      operation(TAG, {
        summary: 'All departaments',
        description: 'Each with its images and articles.',
        responses: {
          200: json('The departaments in the order they were added.', v.array(DepartamentViewSchema)),
        },
      }),
      async (c) => c.json(await catalogue.listDepartaments(deps)),
    )
    .get(
      '/:id',
      ...cachedPublicly,
      operation(TAG, {
        summary: 'One departament',
        ids: ['id'],
        responses: {
          200: json('The departament with its images and articles.', DepartamentViewSchema),
          404: departamentNotFound,
        },
      }),
      async (c) => c.json(await catalogue.getDepartament(deps, parseId(c.req.param('id')))),
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
          404: failure('No departament with the id `departamentId`.'),
          409: failure('The departament has an article with this number.'),
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
          409: failure('The departament has another article with this number.'),
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
      ...cachedPublicly,
      operation(TAG, {
        summary: 'Articles',
        parameters: [
          {
            in: 'query',
            name: 'departamentId',
            description: 'Only the articles of this departament.',
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
        return c.json(await catalogue.listArticles(deps, filter === undefined ? undefined : parseId(filter)));
      },
    )
    .route('/', staff);
}
