/** Departaments and articles: reading is public, writing needs ROLE_ADMIN (docs/product.md#d7-admin-guard). */
import { Hono } from 'hono';
import { ArticleSchema, DepartamentSchema } from '../../../lib/catalogue.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { adminRouter } from '../../http/guards.ts';
import { parseId, readJson } from '../../http/validation.ts';
import * as catalogue from './catalogue.service.ts';

export function departamentRoutes(deps: ApiDependencies) {
  const staff = adminRouter(deps)
    .post('/', async (c) => c.json(await catalogue.createDepartament(deps, await readJson(c, DepartamentSchema)), 201))
    .delete('/:id', async (c) => {
      await catalogue.deleteDepartament(deps, parseId(c.req.param('id')));
      return c.body(null, 204);
    });
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .get('/', async (c) => c.json(await catalogue.listDepartaments(deps)))
    .get('/:id', async (c) => c.json(await catalogue.getDepartament(deps, parseId(c.req.param('id')))))
    .route('/', staff);
}

export function articleRoutes(deps: ApiDependencies) {
  const staff = adminRouter(deps)
    .post('/', async (c) => c.json(await catalogue.createArticle(deps, await readJson(c, ArticleSchema)), 201))
    .delete('/:id', async (c) => {
      await catalogue.deleteArticle(deps, parseId(c.req.param('id')));
      return c.body(null, 204);
    });
  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .get('/', async (c) => {
      const filter = c.req.query('departamentId');
      return c.json(await catalogue.listArticles(deps, filter === undefined ? undefined : parseId(filter)));
    })
    .route('/', staff);
}
