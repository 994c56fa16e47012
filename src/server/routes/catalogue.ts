/** Departaments, articles and images: reading is public, writing needs ROLE_ADMIN (DESIGN D7). */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ArticleSchema, DepartamentSchema } from '../../lib/validation/catalogue.ts';
import { requireAdmin, requireUser } from '../auth/middleware.ts';
import type { ApiDependencies, ApiEnv } from '../context.ts';
import { ApiError } from '../errors.ts';
import * as catalogue from '../services/catalogue.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../storage/images.ts';
import { parseId, readJson } from '../validation.ts';

export function departamentRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .get('/', async (c) => c.json(await catalogue.listDepartaments(deps)))
    .get('/:id', async (c) => c.json(await catalogue.getDepartament(deps, parseId(c.req.param('id')))))
    .post('/', requireUser(deps), requireAdmin, async (c) => {
      return c.json(await catalogue.createDepartament(deps, await readJson(c, DepartamentSchema)), 201);
    })
    .delete('/:id', requireUser(deps), requireAdmin, async (c) => {
      await catalogue.deleteDepartament(deps, parseId(c.req.param('id')));
      return c.body(null, 204);
    });
}

export function articleRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .get('/', async (c) => {
      const filter = c.req.query('departamentId');
      return c.json(await catalogue.listArticles(deps, filter === undefined ? undefined : parseId(filter)));
    })
    .post('/', requireUser(deps), requireAdmin, async (c) => {
      return c.json(await catalogue.createArticle(deps, await readJson(c, ArticleSchema)), 201);
    })
    .delete('/:id', requireUser(deps), requireAdmin, async (c) => {
      await catalogue.deleteArticle(deps, parseId(c.req.param('id')));
      return c.body(null, 204);
    });
}

/** Multipart overhead on top of the file itself. */
const MULTIPART_ALLOWANCE = 64 * 1024;

export function imageRoutes(deps: ApiDependencies) {
  const upload = (kind: 'departament' | 'article') =>
    [
      requireUser(deps),
      requireAdmin,
      bodyLimit({
        maxSize: MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE,
        onError: () => {
          throw new ApiError(413, IMAGE_MESSAGES.tooLarge);
        },
      }),
      async (c: import('hono').Context<ApiEnv>) => {
        const owner = { kind, id: parseId(c.req.param('id')) } as const;
        let form: FormData;
        try {
          form = await c.req.formData();
        } catch {
          throw new ApiError(400, IMAGE_MESSAGES.missing);
        }
        const file = form.get('file');
        if (!(file instanceof File)) throw new ApiError(400, IMAGE_MESSAGES.missing);
        if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, IMAGE_MESSAGES.tooLarge);
        return c.json(await catalogue.addImage(deps, owner, new Uint8Array(await file.arrayBuffer())), 201);
      },
    ] as const;

  return new Hono<ApiEnv>()
    .post('/upload/departament/:id', ...upload('departament'))
    .post('/upload/article/:id', ...upload('article'))
    .get('/file/:name', async (c) => {
      const image = await deps.images.read(c.req.param('name'));
      if (!image) throw new ApiError(404, catalogue.CATALOGUE_API_MESSAGES.imageNotFound);
      return c.body(new Uint8Array(image.data), 200, {
        'Content-Type': image.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'",
      });
    })
    .delete('/:id', requireUser(deps), requireAdmin, async (c) => {
      await catalogue.deleteImage(deps, parseId(c.req.param('id')));
      return c.body(null, 204);
    });
}
