/**
 * A paid order's materials over HTTP (docs/product.md#d36-next-steps), under /booking/{id}/materials:
 * for the order's customer and for staff, 404 for anyone else. Files are sent in parts
 * (uploads.ts) and downloaded with the bearer token or a signed link, which a browser follows
 * straight to disk.
 */
import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { MAX_FILE_BYTES } from '../../../lib/materials.ts';
import { ItemMaterialsSchema, UploadStartSchema } from '../../../lib/materials-input.ts';
import type { ApiDependencies, ApiEnv, AuthenticatedUser, LinkTarget } from '../../context.ts';
import { jsonBodyLimit, limitBody } from '../../http/body-limit.ts';
import { ApiError, MESSAGES } from '../../http/errors.ts';
import { common, failure, json, jsonBody, noContent, operation } from '../../http/openapi.ts';
import { invalidInput, parseId } from '../../http/validation.ts';
import { rolesOf } from '../accounts/accounts.service.ts';
import { callerOf, requireUser } from '../accounts/guards.ts';
import { materialsArchive } from './archive.ts';
import { CONTENT_TYPES } from './file-types.ts';
import * as materials from './materials.service.ts';
import {
  DownloadLinkViewSchema,
  MaterialFileViewSchema,
  MaterialItemViewSchema,
  MaterialsViewSchema,
  ProgressViewSchema,
  UploadViewSchema,
} from './materials.views.ts';
import { CHUNK_BYTES, findUpload, OffsetSchema, receivePart, startUpload, uploadView } from './uploads.ts';

const TAG = 'Materials';

/** Typed texts of a whole website: more than a form's 64 KB (the model's pages at 5.000 characters each). */
const ITEM_BODY_LIMIT = 256 * 1024;

const LinkRequestSchema = v.object({
  fileId: v.optional(
    v.pipe(v.number('Ungültige Datei.'), v.integer('Ungültige Datei.'), v.minValue(1, 'Ungültige Datei.')),
  ),
});

const FILE_RESPONSE = (description: string, types: string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])),
});

const LINK_PARAMETER = {
  in: 'query' as const,
  name: 'link',
  required: false,
  description: 'A signed link of `POST …/materials/links`, in place of the bearer token.',
  schema: { type: 'string' as const },
};

/** `filename` for every client, `filename*` with the name as the customer's computer wrote it (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The caller of a download: the bearer token's user, or the one a valid link was made for, with the
 * roles the database gives them now.
 */
async function downloader(
  deps: ApiDependencies,
  c: Context<ApiEnv>,
  target: LinkTarget,
): Promise<Pick<AuthenticatedUser, 'id' | 'roles'>> {
  const link = c.req.query('link');
  if (link !== undefined) {
    const id = deps.materials.links.verify(link, target);
    if (id === undefined) {
      throw new ApiError(404, 'Dieser Download-Link ist abgelaufen oder ungültig. Bitte laden Sie die Seite neu.');
    }
    return { id, roles: await rolesOf(deps.db, id) };
  }
  const user = await callerOf(deps, c);
  if (!user) throw new ApiError(401, MESSAGES.unauthorized, { headers: { 'WWW-Authenticate': 'Bearer' } });
  return user;
}

const DOWNLOAD_HEADERS = {
  'Cache-Control': 'private, no-store',
  // A customer's file is never a page of this site, whatever it holds.
  'Content-Security-Policy': "default-src 'none'; sandbox",
};

export function materialRoutes(deps: ApiDependencies) {
  const user = requireUser(deps);
  const order = (c: Context<ApiEnv>) => materials.visibleOrder(deps.db, c.get('user'), parseId(c.req.param('id')));
  const unknown = failure('No such order, not the caller’s, or never paid.');

  return new Hono<ApiEnv>()
    .get(
      '/:id/materials',
      operation(TAG, {
        summary: 'An order’s materials and progress',
        description:
          'Per ordered item what its kind asks (a website’s name, address, texts, logo and photos within its model’s limits; a print position’s file and final format with the check of the file; maintenance’s site and contact; a briefing), the files, what handing over still needs, and where the order stands. For the order’s customer and for administrators.',
        ids: ['id'],
        responses: { 200: json('The materials.', MaterialsViewSchema), 404: unknown },
      }),
      user,
      async (c) => c.json(await materials.materialsView(deps, await order(c))),
    )
    .put(
      '/:id/materials/items/:itemId',
      operation(TAG, {
        summary: 'Save what was typed for an ordered item',
        description:
          'Replaces the item’s typed materials; `kind` must be the item’s. A website keeps to its model’s number of pages, services or cards; a print position sold per m² takes a final format whose area fits the quantity ordered. Never a password: maintenance access is agreed on the phone.',
        ids: ['id', 'itemId'],
        responses: {
          200: json('The item with what it still needs.', MaterialItemViewSchema),
          404: failure('No such order or item, or not the caller’s.'),
          409: failure(
            'The order takes no materials now: handed over, in work, refunded, withdrawn, cancelled or charged back.',
          ),
        },
      }),
      user,
      limitBody(ITEM_BODY_LIMIT),
      jsonBody(ItemMaterialsSchema),
      async (c) =>
        c.json(
          await materials.saveItemMaterials(deps, await order(c), parseId(c.req.param('itemId')), c.req.valid('json')),
        ),
    )
    .post(
      '/:id/materials/uploads',
      operation(TAG, {
        summary: 'Announce a file to upload',
        description: `Names the item, the slot (\`text\`, \`logo\`, \`photo\` of a website; \`print\` of a print position; \`briefing\`), the file’s name and its size; the file is then sent in parts of at most ${CHUNK_BYTES / 1024 / 1024} MB with \`PUT …/uploads/{uploadId}\`. Limits: print files ${MAX_FILE_BYTES / 1024 / 1024} MB, logos 50 MB, photos and briefings 25 MB, texts 20 MB; a website’s photos as many as its model takes.`,
        ids: ['id'],
        responses: {
          201: json('The upload, waiting for its first part.', UploadViewSchema),
          404: failure('No such order or item, or not the caller’s.'),
          409: failure('The order takes no materials now, or the slot is full.'),
          413: failure('The file is larger than its slot takes.'),
        },
      }),
      user,
      jsonBodyLimit,
      jsonBody(UploadStartSchema),
      async (c) => c.json(await startUpload(deps, await order(c), c.req.valid('json')), 201),
    )
    .get(
      '/:id/materials/uploads/:uploadId',
      operation(TAG, {
        summary: 'How much of an upload arrived',
        description: 'After a dropped connection the client sends the rest from `received` on.',
        ids: ['id'],
        responses: { 200: json('The upload.', UploadViewSchema), 404: failure('No such upload of this order.') },
      }),
      user,
      async (c) => {
        return c.json(uploadView(await findUpload(deps, await order(c), c.req.param('uploadId'))));
      },
    )
    .put(
      '/:id/materials/uploads/:uploadId',
      operation(TAG, {
        summary: 'Send a part of a file',
        description:
          'The raw bytes from `offset` (`application/octet-stream`), any length up to the rest of the file. The part that completes the file has it checked by its content and stored: 201 with the file and, for a print file, its check against the format. Sent again, that part answers the file once more.',
        ids: ['id'],
        parameters: [
          { in: 'query', name: 'offset', required: true, schema: { type: 'string', pattern: '^\\d{1,15}$' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        responses: {
          200: json('The part is kept; more is to come.', UploadViewSchema),
          201: json('The file is complete, checked and stored.', MaterialFileViewSchema),
          400: failure('No offset, or an empty part.'),
          404: failure('No such upload of this order.'),
          409: failure(
            'The part does not start where the upload stands, another request is sending it, or the order takes no materials now.',
          ),
          413: failure('More bytes than the file was announced with.'),
          415: failure(
            'Not sent as `application/octet-stream`, or a file of a type the slot does not take (told by its content): SVG, HTML and programs never.',
          ),
          422: failure('The file does not open: damaged, cut off, or a PDF with a password.'),
        },
      }),
      user,
      async (c) => {
        const parsed = v.safeParse(OffsetSchema, c.req.query());
        if (!parsed.success) throw invalidInput(parsed.issues);
        const found = await order(c);
        const upload = await findUpload(deps, found, c.req.param('uploadId'));
        // After the address is checked: a malformed order id is a 400 whatever the body.
        if (!/^application\/octet-stream\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) {
          throw new ApiError(415, 'Bitte senden Sie die Datei als application/octet-stream.');
        }
        const result = await receivePart(deps, found, upload, parsed.output.offset, c.req.raw.body);
        return 'file' in result ? c.json(result.file, 201) : c.json(result.upload, 200);
      },
    )
    .post(
      '/:id/materials/files/:fileId/accept',
      operation(TAG, {
        summary: 'Accept a print file as it is',
        description:
          'The customer asks to print with this file although its check warned (too few dpi, no bleed, another page size), for the final format given now; a new format asks again.',
        ids: ['id', 'fileId'],
        responses: {
          200: json('The file with its accepted check.', MaterialFileViewSchema),
          404: failure('No such file of this order.'),
          409: failure('No print file, no final format yet, or the order takes no materials now.'),
        },
      }),
      user,
      async (c) => c.json(await materials.acceptFile(deps, await order(c), parseId(c.req.param('fileId')))),
    )
    .delete(
      '/:id/materials/files/:fileId',
      operation(TAG, {
        summary: 'Delete a file',
        ids: ['id', 'fileId'],
        responses: {
          204: noContent('The file is gone.'),
          404: failure('No such file of this order.'),
          409: failure('The order takes no materials now.'),
        },
      }),
      user,
      async (c) => {
        await materials.deleteFile(deps, await order(c), parseId(c.req.param('fileId')));
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/materials/links',
      operation(TAG, {
        summary: 'A download link',
        description:
          'A link to one file (`fileId`) or, without it, to all files of the order as one ZIP, valid for 10 minutes; the browser follows it straight to disk, with no token to send.',
        ids: ['id'],
        responses: {
          200: json('The link.', DownloadLinkViewSchema),
          404: failure('No such order or file, or not the caller’s.'),
        },
      }),
      user,
      jsonBodyLimit,
      jsonBody(LinkRequestSchema),
      async (c) => {
        const found = await order(c);
        const { fileId } = c.req.valid('json');
        if (fileId !== undefined) await materials.fileOf(deps.db, found, fileId);
        const target: LinkTarget = { bookingId: found.booking.id, fileId: fileId ?? 'archive' };
        const { token, expiresAt } = deps.materials.links.sign(target, c.get('user').id);
        const path = fileId === undefined ? 'archive' : `files/${fileId}`;
        return c.json({
          url: `${deps.publicApiBase}/booking/${found.booking.id}/materials/${path}?link=${token}`,
          expiresAt: expiresAt.toISOString(),
        });
      },
    )
    .get(
      '/:id/materials/files/:fileId',
      operation(TAG, {
        summary: 'Download a file',
        description: 'As an attachment, with the bearer token or a link of `POST …/materials/links`.',
        ids: ['id', 'fileId'],
        parameters: [LINK_PARAMETER],
        security: [{ bearer: [] }, {}],
        responses: {
          200: FILE_RESPONSE('The file as it was uploaded.', Object.values(CONTENT_TYPES)),
          401: common('Unauthorized'),
          404: failure('No such file of this order, not the caller’s, or a link that expired.'),
        },
      }),
      async (c) => {
        const bookingId = parseId(c.req.param('id'));
        const fileId = parseId(c.req.param('fileId'));
        const caller = await downloader(deps, c, { bookingId, fileId });
        const file = await materials.fileOf(deps.db, await materials.visibleOrder(deps.db, caller, bookingId), fileId);
        const blob = await deps.materials.blobs.open(file.blobKey);
        if (!blob) throw new ApiError(404, materials.MATERIALS_API_MESSAGES.fileNotFound);
        return c.body(Readable.toWeb(blob.stream) as ReadableStream, 200, {
          ...DOWNLOAD_HEADERS,
          'Content-Type': CONTENT_TYPES[file.fileType],
          'Content-Length': String(blob.bytes),
          'Content-Disposition': attachment(file.fileName),
        });
      },
    )
    .get(
      '/:id/materials/archive',
      operation(TAG, {
        summary: 'Download all files of an order as one ZIP',
        description:
          'A folder per ordered item with its files, and `Unterlagen.txt` with everything typed and each print file’s check; streamed, with its length known beforehand. With the bearer token or a link of `POST …/materials/links`.',
        ids: ['id'],
        parameters: [LINK_PARAMETER],
        security: [{ bearer: [] }, {}],
        responses: {
          200: FILE_RESPONSE('The ZIP.', ['application/zip']),
          401: common('Unauthorized'),
          404: failure('No such order, not the caller’s, or a link that expired.'),
        },
      }),
      async (c) => {
        const bookingId = parseId(c.req.param('id'));
        const caller = await downloader(deps, c, { bookingId, fileId: 'archive' });
        const found = await materials.visibleOrder(deps.db, caller, bookingId);
        const archive = await materialsArchive(deps, found, await materials.filesOf(deps.db, found));
        return c.body(Readable.toWeb(archive.stream) as ReadableStream, 200, {
          ...DOWNLOAD_HEADERS,
          'Content-Type': 'application/zip',
          ...(archive.bytes >= 0 && { 'Content-Length': String(archive.bytes) }),
          'Content-Disposition': attachment(archive.fileName),
        });
      },
    )
    .post(
      '/:id/materials/hand-over',
      operation(TAG, {
        summary: 'Hand the materials over',
        description:
          'When every item has what it needs: the order is `materials_complete`, the customer and the agency get a mail. From then on the customer changes nothing (staff can ask for more, which opens it again).',
        ids: ['id'],
        responses: {
          200: json('Where the order stands now.', ProgressViewSchema),
          404: unknown,
          409: failure(
            'Something is still missing (the message says what), it was handed over already, or the order takes no materials now.',
          ),
        },
      }),
      user,
      async (c) => c.json(await materials.handOver(deps, await order(c))),
    );
}
