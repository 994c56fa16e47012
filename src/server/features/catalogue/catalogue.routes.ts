/** Departaments and articles: reading is public, writing needs ROLE_ADMIN (docs/product.md#d7-admin-guard). */
import { Hono } from 'hono';
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
import { changeById, createFrom, deleteById, parseId } from '../../http/validation.ts';
import * as catalogue from './catalogue.service.ts';

export function departamentRoutes(deps: ApiDependencies) {
  const staff = adminRouter(deps)
    .post(
      '/',
      createFrom(DepartamentSchema, (input) => catalogue.createDepartament(deps, input)),
    )
    .patch(
      '/:id',
      changeById(DepartamentChangeSchema, (id, change) => catalogue.updateDepartament(deps, id, change)),
    )
    .delete(
      '/:id',
      deleteById((id) => catalogue.deleteDepartament(deps, id)),
    );
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .get('/', ...cachedPublicly, async (c) => c.json(await catalogue.listDepartaments(deps)))
    .get('/:id', ...cachedPublicly, async (c) =>
      c.json(await catalogue.getDepartament(deps, parseId(c.req.param('id')))),
    )
    .route('/', staff);
}

export function articleRoutes(deps: ApiDependencies) {
  const staff = adminRouter(deps)
    .post(
      '/',
      createFrom(ArticleSchema, (input) => catalogue.createArticle(deps, input)),
    )
    .patch(
      '/:id',
      changeById(ArticleChangeSchema, (id, change) => catalogue.updateArticle(deps, id, change)),
    )
    .delete(
      '/:id',
      deleteById((id) => catalogue.deleteArticle(deps, id)),
    );
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .get('/', ...cachedPublicly, async (c) => {
      const filter = c.req.query('departamentId');
      return c.json(await catalogue.listArticles(deps, filter === undefined ? undefined : parseId(filter)));
    })
    .route('/', staff);
}
