/** Image files are public; uploading and deleting need ROLE_ADMIN (docs/product.md#d6-image-delete). */
import { type Context, Hono } from 'hono';
import { MAX_IMAGE_BYTES } from '../../../lib/images.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { limitBody } from '../../http/body-limit.ts';
import { ApiError } from '../../http/errors.ts';
import { common, failure, json, noContent, operation } from '../../http/openapi.ts';
import { deleteById, parseId } from '../../http/validation.ts';
import { adminRouter } from '../accounts/guards.ts';
import { requireCatalogueItem } from '../catalogue/catalogue.service.ts';
import { VARIANT_WIDTHS } from './image-store.ts';
import * as images from './images.service.ts';
import { type ImageOwner, ImageViewSchema } from './images.views.ts';

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

const TAG = 'Images';

/** The multipart form of an upload, for the reference (the route reads the form itself). */
const imageUpload = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: { file: { type: 'string' as const, format: 'binary', description: 'JPEG or PNG, at most 5 MB.' } },
        required: ['file'],
      },
    },
  },
};

const uploadTo = (owner: string) =>
  operation(TAG, {
    summary: `Upload an image of ${owner}`,
    description: `Stores the original and WebP copies ${VARIANT_WIDTHS.join(', ')} px wide (at most as wide as the original) for \`srcset\`.`,
    ids: ['id'],
    requestBody: imageUpload,
    responses: {
      201: json('The stored image.', ImageViewSchema),
      400: failure('No file in the field `file`, or an invalid id.'),
      404: failure(`No ${owner} with this id.`),
      413: common('TooLarge'),
      415: failure('The file is neither JPEG nor PNG.'),
    },
  });

export function imageRoutes(deps: ApiDependencies) {
  const upload = (kind: ImageOwner['kind']) => async (c: Context<ApiEnv>) => {
    const owner = { kind, id: parseId(c.req.param('id')) };
    const file = await uploadedFile(c);
    await requireCatalogueItem(deps, owner);
    return c.json(await images.addImage(deps, owner, file), 201);
  };

  const staff = adminRouter(deps)
    .use('/upload/*', limitBody(MAX_IMAGE_BYTES + MULTIPART_ALLOWANCE, m.tooLarge))
    .post('/upload/departament/:id', uploadTo('category'), upload('category'))
    .post('/upload/article/:id', uploadTo('article'), upload('article'))
    .delete(
      '/:id',
      operation(TAG, {
        summary: 'Delete an image',
        ids: ['id'],
        responses: { 204: noContent('The image and its files are removed.'), 404: failure('No image with this id.') },
      }),
      deleteById((id) => images.deleteImage(deps, id)),
    );

  return new Hono<ApiEnv>()
    .get(
      '/file/:name',
      operation(TAG, {
        summary: 'An image file',
        description:
          'An original or one of its WebP copies, as named by `url` and `variants` of an image; cached for a year.',
        responses: {
          200: {
            description: 'The image.',
            content: Object.fromEntries(
              ['image/jpeg', 'image/png', 'image/webp'].map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
          404: failure('No image file with this name.'),
        },
      }),
      async (c) => {
        const image = await deps.images.read(c.req.param('name'));
        if (!image) throw new ApiError(404, m.imageNotFound);
        return c.body(new Uint8Array(image.data), 200, {
          'Content-Type': image.contentType,
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Content-Security-Policy': "default-src 'none'",
        });
      },
    )
    .route('/', staff);
}
