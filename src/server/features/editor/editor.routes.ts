/**
 * The content editor's routes (docs/product.md#d38-content-editor), outside the API's reference
 * like the payment sandbox: they exist only on the site's own server (`npm start`), which builds
 * and serves the releases.
 *
 * - `/editor/*` (admin, bearer token): the staff-tools cookie, publishing, the record, restoring,
 *   and each file's saves: their list, their texts, saving an earlier one again.
 * - `/keystatic/*` (admin, staff-tools cookie): Keystatic's own API over the content folder.
 */
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { ApiDependencies, ApiEnv, EditorRuntime } from '../../context.ts';
import { limitBody } from '../../http/body-limit.ts';
import { ApiError, errorBody, MESSAGES } from '../../http/errors.ts';
import { requireAdmin } from '../accounts/guards.ts';
import { filesWithHistory, restoreRevision, revisionOf, revisionsOf } from './content-store.ts';
import type { ContentFileView, ListedRevision, RevisionText, RevisionView } from './editor.views.ts';
import { blobSha } from './git-tree.ts';
import { editorFileLabel, isEditorFile } from './keystatic-api.ts';
import { PublishError } from './releases.ts';
import { staffOf } from './staff.ts';
import { STAFF_COOKIE, STAFF_COOKIE_MAX_AGE_SECONDS } from './staff-cookies.ts';

/** A save sends whole files, base64-encoded: the largest content file is far below this. */
const SAVE_BODY_LIMIT = 2 * 1024 * 1024;

const staffCookieOptions = (siteUrl: string) =>
  ({
    path: '/',
    httpOnly: true,
    secure: siteUrl.startsWith('https:'),
    sameSite: 'Strict',
  }) as const;

/** Ends the browser's staff-tools cookie (the logout; the session it names is ended anyway). */
export const endStaffCookie = (c: Parameters<typeof deleteCookie>[0], siteUrl: string) =>
  deleteCookie(c, STAFF_COOKIE, staffCookieOptions(siteUrl));

function editorOf(deps: ApiDependencies): EditorRuntime {
  if (!deps.editor) throw new ApiError(404, MESSAGES.notFound);
  return deps.editor;
}

const publishFailure = (error: unknown) => {
  if (error instanceof PublishError) throw new ApiError(error.statusCode, error.message);
  throw error;
};

export function editorRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>()
    .use(requireAdmin(deps))
    .post('/session', (c) => {
      editorOf(deps);
      const { id: userId, sessionId } = c.get('user');
      setCookie(c, STAFF_COOKIE, deps.staffCookies.issue({ userId, sessionId }), {
        ...staffCookieOptions(deps.siteUrl),
        maxAge: STAFF_COOKIE_MAX_AGE_SECONDS,
      });
      return c.body(null, 204);
    })
    .get('/releases', async (c) => c.json(await editorOf(deps).releases.view()))
    .post('/publish', async (c) => {
      const record = await editorOf(deps).releases.publish(c.get('user').email).catch(publishFailure);
      return c.json(record);
    })
    .post('/releases/:id/restore', async (c) => {
      await editorOf(deps).releases.restore(c.req.param('id')).catch(publishFailure);
      return c.body(null, 204);
    })
    .get('/files', async (c) => {
      editorOf(deps);
      const files = (await filesWithHistory(deps.db)).flatMap(({ path, sha, savedBy, savedAt }): ContentFileView[] => {
        const label = editorFileLabel(path);
        return label ? [{ path, label, savedBy, savedAt: savedAt.toISOString(), deleted: sha === null }] : [];
      });
      return c.json(files);
    })
    .get('/files/revisions', async (c) => {
      editorOf(deps);
      const file = c.req.query('path') ?? '';
      if (!isEditorFile(file)) throw new ApiError(404, MESSAGES.notFound);
      const revisions = await revisionsOf(deps.db, file);
      const served = await editorOf(deps).releases.servedFile(file);
      // The website shows the text of the newest save with the served bytes (a removal's: no file);
      // the saves after it are not published yet. A new page never published matches none.
      const servedSha = served ? blobSha(served) : null;
      const onWebsite = revisions.find((revision) => revision.sha === servedSha)?.id;
      return c.json(
        revisions.map(
          (revision): ListedRevision => ({ ...revisionView(revision), onWebsite: revision.id === onWebsite }),
        ),
      );
    })
    .get('/revisions/:id', async (c) => {
      editorOf(deps);
      const revision = await editorRevision(deps, c.req.param('id'));
      return c.json({
        ...revisionView(revision),
        path: revision.path,
        text: revision.contents?.toString('utf8') ?? null,
      } satisfies RevisionText);
    })
    .post('/revisions/:id/restore', async (c) => {
      editorOf(deps);
      const revision = await editorRevision(deps, c.req.param('id'));
      await restoreRevision(deps.db, revision.id, c.get('user').email);
      return c.body(null, 204);
    });
}

const revisionView = (revision: { id: number; savedBy: string; savedAt: Date; sha: string | null }): RevisionView => ({
  id: revision.id,
  savedBy: revision.savedBy,
  savedAt: revision.savedAt.toISOString(),
  deleted: revision.sha === null,
});

/** A revision of a file the editor edits, or 404. */
async function editorRevision(deps: ApiDependencies, id: string) {
  const revision = /^\d{1,9}$/.test(id) ? await revisionOf(deps.db, Number(id)) : undefined;
  if (!revision || !isEditorFile(revision.path)) throw new ApiError(404, MESSAGES.notFound);
  return revision;
}

/** Keystatic's requests come from its page on this server: a write from another origin is refused, cookie or not. */
const sameOrigin = createMiddleware<ApiEnv>(async (c, next) => {
  const origin = URL.parse(c.req.header('Origin') ?? '');
  if (c.req.method !== 'GET' && origin?.host !== c.req.header('Host')) throw new ApiError(403, MESSAGES.forbidden);
  await next();
});

export function keystaticRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().all(
    '*',
    async (c, next) => {
      editorOf(deps);
      const staff = await staffOf(deps, c.req.header('Cookie'));
      if (staff === 401) return c.json(errorBody(401, MESSAGES.unauthorized), 401);
      if (staff === 403) return c.json(errorBody(403, MESSAGES.forbidden), 403);
      c.set('user', staff);
      await next();
    },
    sameOrigin,
    limitBody(SAVE_BODY_LIMIT),
    async (c) => editorOf(deps).keystatic(c.req.raw, c.get('user')),
  );
}
