/** Image files are public; uploading and deleting need ROLE_ADMIN (docs/product.md#d6-image-delete). */
import { type Context, Hono } from 'hono';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { limitBody } from '../../http/body-limit.ts';
import { ApiError } from '../../http/errors.ts';
import { adminRouter } from '../../http/guards.ts';
import { deleteById, parseId } from '../../http/validation.ts';
import { requireCatalogueItem } from '../catalogue/catalogue.service.ts';
import { MAX_IMAGE_BYTES } from './image-store.ts';
import * as images from './images.service.ts';

/** Multipart overhead on top of the file itself. */
const MULTIPART_ALLOWANCE = 64 * 1024;

const m = images.IMAGE_API_MESSAGES;

/** The one file of a multipart upload (field `file`), within the size limit. */
async function uploadedFile(c: Context<ApiEnv>): Promise<Uint8Array> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, m.missing);
  }
  const file = form.get('file');
  if (!(file instanceof File)) throw new ApiError(400, m.missing);
  if (file.size > MAX_IMAGE_BYTES) throw new ApiError(413, m.tooLarge);
  return new Uint8Array(await file.arrayBuffer());
}

export function imageRoutes(deps: ApiDependencies) {
  const upload = (kind: images.ImageOwner['kind']) => async (c: Context<ApiEnv>) => {
    const owner = { kind, id: parseId(c.req.param('id')) };
    const file = await uploadedFile(c);
    await requireCatalogueItem(deps, owner);
    return c.json(await images.addImage(deps, owner, file), 201);
  };

  const staff = adminRouter(deps)
    .use('/upload/*', limitBody(MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE, m.tooLarge))
    .post('/upload/departament/:id', upload('departament'))
    .post('/upload/article/:id', upload('article'))
    .delete(
      '/:id',
      deleteById((id) => images.deleteImage(deps, id)),
    );

  return new Hono<ApiEnv>()
    .get('/file/:name', async (c) => {
      const image = await deps.images.read(c.req.param('name'));
      if (!image) throw new ApiError(404, m.imageNotFound);
      return c.body(new Uint8Array(image.data), 200, {
        'Content-Type': image.contentType,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'",
      });
    })
    .route('/', staff);
}
