/**
 * The content editor's access and saves (docs/product.md#d38-content-editor): the staff-tools
 * cookie an admin's browser gets, what it opens and what ends it; Keystatic's API behind it; the
 * check that refuses a save over a file changed since the editor read it. Publishing builds the
 * site and is proven end to end (tests/e2e/editor.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../src/server/db/schema.ts';
import { contentFile, importContent, saveContent } from '../../src/server/features/editor/content-store.ts';
import type { ContentFileView, ListedRevision } from '../../src/server/features/editor/editor.views.ts';
import { keystaticApi } from '../../src/server/features/editor/keystatic-api.ts';
import type { Releases } from '../../src/server/features/editor/releases.ts';
import { answer, type ErrorBody, setUpApiWithStaff } from './support/test-api.ts';

const ctx = setUpApiWithStaff();

/** Publishing is not what this file is about: the routes' releases answer as a server without publishes would. */
const noReleases: Releases = {
  served: () => {
    throw new Error('not served here');
  },
  view: async () => ({ current: null, publishing: false, releases: [] }),
  publish: async () => {
    throw new Error('not published here');
  },
  restore: async () => undefined,
  servedId: () => null,
  // The install's own build, of the seed.
  servedFile: (file) => readFile(path.join('content', file)).catch(() => undefined),
  follow: () => () => undefined,
};

beforeAll(async () => {
  // The database's content tree, as a fresh install imports it from the seed.
  await importContent(ctx.api.db, 'content', 'content/');
  ctx.api.deps.editor = { releases: noReleases, keystatic: keystaticApi(ctx.api.db) };
});

/** The cookie the answer sets, as `name=value`, and its attributes. */
function staffCookie(response: Response) {
  const header = response.headers.get('Set-Cookie') ?? '';
  return { pair: header.split(';')[0] ?? '', attributes: header.toLowerCase() };
}

async function openEditor(token: string) {
  const response = await ctx.api.request('POST', '/editor/session', { token });
  expect(response.status).toBe(204);
  return staffCookie(response).pair;
}

const keystatic = (cookie: string, route: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/keystatic/${route}`, {
    headers: { Cookie: cookie, 'no-cors': '1', Origin: 'http://localhost', Host: 'localhost' },
    body,
  });

const HOTEL = 'landing/hotel.md';

/** A save of the hotel page as Keystatic's app sends it: whole files, base64url. */
const saveHotel = (cookie: string, text: string) =>
  keystatic(cookie, 'update', {
    additions: [{ path: HOTEL, contents: Buffer.from(text).toString('base64url') }],
    deletions: [],
  });

describe('the staff-tools cookie', () => {
  it('is HttpOnly and SameSite=Strict, for admins only', async () => {
    const response = await ctx.api.request('POST', '/editor/session', { token: ctx.admin.token });
    expect(response.status).toBe(204);
    const { pair, attributes } = staffCookie(response);
    expect(pair).toMatch(/^hwds_staff=\d+\./);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');

    expect((await ctx.api.request('POST', '/editor/session', { token: ctx.customer.token })).status).toBe(403);
    expect((await ctx.api.request('POST', '/editor/session')).status).toBe(401);
  });

  it("opens Keystatic's API, which answers 401 without it or with a forged one", async () => {
    const cookie = await openEditor(ctx.admin.token);
    expect((await keystatic(cookie, 'tree')).status).toBe(200);
    const forged = `${cookie.slice(0, -4)}AAAA`;
    for (const refused of ['', forged, 'hwds_staff=1.x.1.y']) {
      const { status, body } = await answer<ErrorBody>(keystatic(refused, 'tree'));
      expect(status).toBe(401);
      expect(body.message).toBe('Bitte melden Sie sich an.');
    }
  });

  it('ends with the logout, which also removes it from the browser', async () => {
    const admin = await ctx.api.admin();
    const cookie = await openEditor(admin.token);
    expect((await keystatic(cookie, 'tree')).status).toBe(200);
    const logout = await ctx.api.request('POST', '/auth/logout', { token: admin.token });
    expect(logout.status).toBe(204);
    expect(staffCookie(logout).attributes).toMatch(/^hwds_staff=;.*max-age=0/);
    expect((await keystatic(cookie, 'tree')).status).toBe(401);
  });

  it('stops working when the account is no admin any more (403)', async () => {
    const admin = await ctx.api.admin();
    const cookie = await openEditor(admin.token);
    await ctx.api.db.delete(userRoles).where(eq(userRoles.userId, admin.id));
    expect((await keystatic(cookie, 'tree')).status).toBe(403);
  });

  it('refuses a write from another origin, cookie or not', async () => {
    const cookie = await openEditor(ctx.admin.token);
    const response = await ctx.api.request('POST', '/keystatic/update', {
      headers: { Cookie: cookie, 'no-cors': '1', Origin: 'https://angreifer.example', Host: 'localhost' },
      body: { additions: [], deletions: [] },
    });
    expect(response.status).toBe(403);
  });
});

/** A content file's text in the database, or undefined when there is none. */
const contentOf = async (file: string) => (await contentFile(ctx.api.db, file))?.contents.toString('utf8');

describe('what a save may write', () => {
  it('only the files the editor’s config defines, with their extension: 400 for any other, nothing written', async () => {
    const cookie = await openEditor(ctx.admin.token);
    expect((await keystatic(cookie, 'tree')).status).toBe(200);
    const contents = Buffer.from('export default "Angriff";\n').toString('base64url');
    for (const file of [
      'site.yaml.bak',
      'pricing.mjs',
      'models/evil.mjs',
      'pages/agbX.md',
      'pages/agb.md.orig',
      'landing/evil.mjs',
      'landing/Hotel.md',
      'landing/unter/seite.md',
      'photos/druck-plakat-baeckerei.jpg',
      'README.md',
    ]) {
      const before = await contentOf(file);
      const response = await keystatic(cookie, 'update', { additions: [{ path: file, contents }], deletions: [] });
      expect({ file, status: response.status, text: await response.text() }).toEqual({
        file,
        status: 400,
        text: `Nicht gespeichert: ${file} ist keine Datei, die der Editor bearbeitet.`,
      });
      expect(await contentOf(file), file).toBe(before);
    }
    const deletion = await keystatic(cookie, 'update', { additions: [], deletions: [{ path: 'README.md' }] });
    expect(deletion.status).toBe(400);
    expect(await contentOf('README.md')).toBeDefined();
    // A new landing page, the site's data: what the editor writes.
    const page = Buffer.from('---\ntitle: Neue Seite\n---\n').toString('base64url');
    const allowed = await keystatic(cookie, 'update', {
      additions: [{ path: 'landing/neue-seite-2.md', contents: page }],
      deletions: [],
    });
    expect(allowed.status).toBe(200);
    expect(await contentOf('landing/neue-seite-2.md')).toContain('title: Neue Seite');
  });
});

describe('two editors saving one file', () => {
  it('refuses the later save when the file changed since that editor read it', async () => {
    const first = await openEditor(ctx.admin.token);
    const second = await openEditor((await ctx.api.admin()).token);
    expect((await keystatic(first, 'tree')).status).toBe(200);
    expect((await keystatic(second, 'tree')).status).toBe(200);
    const original = (await contentOf(HOTEL)) ?? '';

    const firstSave = await saveHotel(first, original.replace('Wer ein Zimmer sucht', 'Wer ein Hotelzimmer sucht'));
    expect(firstSave.status).toBe(200);

    const secondSave = await saveHotel(
      second,
      original.replace('title: Website für Ihr Hotel', 'title: Ihr Hotel im Netz'),
    );
    expect(secondSave.status).toBe(409);
    expect(await secondSave.text()).toBe(
      'Nicht gespeichert: landing/hotel.md wurde inzwischen von jemand anderem gespeichert. Bitte laden Sie die Seite neu (Ihre Eingaben gehen dabei verloren) und tragen Sie Ihre Änderung dann erneut ein.',
    );
    expect(await contentOf(HOTEL)).toContain('Wer ein Hotelzimmer sucht');

    // Read again, the second editor's save goes through, over the first one's.
    expect((await keystatic(second, 'tree')).status).toBe(200);
    const current = (await contentOf(HOTEL)) ?? '';
    expect(
      (await saveHotel(second, current.replace('title: Website für Ihr Hotel', 'title: Ihr Hotel im Netz'))).status,
    ).toBe(200);
    // The first editor's own save told it the new tree: its next save of the file is checked against that.
    expect((await saveHotel(first, current)).status).toBe(409);
  });

  it("refuses a draft of one file after the editor saved another: the save's answer is no read of the rest", async () => {
    const AGB = 'pages/agb.md';
    const first = await openEditor(ctx.admin.token);
    expect((await keystatic(first, 'tree')).status).toBe(200);
    const agb = (await contentOf(AGB)) ?? '';
    // Meanwhile the first editor has a draft of the AGB (Keystatic keeps it in the browser), and another saves them.
    await saveContent(
      ctx.api.db,
      { additions: [{ path: AGB, contents: Buffer.from(`${agb}\nNachtrag der Kollegin.\n`) }], deletions: [] },
      'kollegin@example.de',
    );
    const site = (await contentOf('site.yaml')) ?? '';
    const saveOf = (file: string, text: string) =>
      keystatic(first, 'update', {
        additions: [{ path: file, contents: Buffer.from(text).toString('base64url') }],
        deletions: [],
      });
    expect((await saveOf('site.yaml', site.replace('HWDS', 'HWDS '))).status).toBe(200);
    const draft = await saveOf(AGB, agb.replace('§ 1', '§ 1 '));
    expect(draft.status).toBe(409);
    expect(await contentOf(AGB)).toContain('Nachtrag der Kollegin.');
    // Its own save is read: the next save of site.yaml goes through.
    expect((await saveOf('site.yaml', site)).status).toBe(200);
  });

  it('answers a blob path with a malformed escape 400, not 500', async () => {
    const cookie = await openEditor(ctx.admin.token);
    expect((await keystatic(cookie, 'blob/0123456789abcdef0123456789abcdef01234567/landing/%E0.md')).status).toBe(400);
  });

  it('refuses a save over a file someone created since the editor read the folder', async () => {
    const cookie = await openEditor(ctx.admin.token);
    expect((await keystatic(cookie, 'tree')).status).toBe(200);
    const page = { path: 'landing/konditorei.md', contents: Buffer.from('---\ntitle: Neu\n---\n') };
    await saveContent(ctx.api.db, { additions: [page], deletions: [] }, 'kollegin@example.de');
    const response = await keystatic(cookie, 'update', {
      additions: [
        { path: 'landing/konditorei.md', contents: Buffer.from('---\ntitle: Anders\n---\n').toString('base64url') },
      ],
      deletions: [],
    });
    expect(response.status).toBe(409);
  });
});

describe("each file's saves", () => {
  it('lists who saved when, answers a save’s text, and saves an earlier one again as the newest', async () => {
    const files = await answer<{ path: string; savedBy: string }[]>(
      ctx.api.request('GET', '/editor/files', { token: ctx.admin.token }),
    );
    expect(files.status).toBe(200);
    const paths = files.body.map((file) => file.path);
    expect(paths).toContain(HOTEL);
    // Only the files the editor edits, the industry groups too: not the photos or the README.
    expect(paths.filter((file) => !/^(landing|pages)\/[a-z0-9-]+\.md$|^[a-z]+\.yaml$/.test(file))).toEqual([]);
    expect(paths).toContain('industries.yaml');

    const revisions = await answer<ListedRevision[]>(
      ctx.api.request('GET', `/editor/files/revisions?path=${encodeURIComponent(HOTEL)}`, { token: ctx.admin.token }),
    );
    expect(revisions.status).toBe(200);
    // The seed, then the saves of the tests above, newest first; the website shows the seed.
    expect(revisions.body.at(-1)?.savedBy).toBe('content/');
    expect(revisions.body.length).toBeGreaterThanOrEqual(3);
    expect(revisions.body.map((revision) => revision.onWebsite)).toEqual(
      revisions.body.map((_, index) => index === revisions.body.length - 1),
    );
    const seed = revisions.body.at(-1);
    const text = await answer<{ path: string; text: string }>(
      ctx.api.request('GET', `/editor/revisions/${seed?.id}`, { token: ctx.admin.token }),
    );
    expect(text.body).toMatchObject({ path: HOTEL, text: readFileSync(`content/${HOTEL}`, 'utf8') });

    const restored = await ctx.api.request('POST', `/editor/revisions/${seed?.id}/restore`, { token: ctx.admin.token });
    expect(restored.status).toBe(204);
    expect(await contentOf(HOTEL)).toBe(text.body.text);
    const after = await answer<ListedRevision[]>(
      ctx.api.request('GET', `/editor/files/revisions?path=${encodeURIComponent(HOTEL)}`, { token: ctx.admin.token }),
    );
    expect(after.body).toHaveLength(revisions.body.length + 1);
    expect(after.body[0]?.savedBy).toBe(ctx.admin.userEmail);
    // The seed's text again: what the website shows is the newest save with it.
    expect(after.body.filter((revision) => revision.onWebsite).map((revision) => revision.id)).toEqual([
      after.body[0]?.id,
    ]);
    // A page never published is on the website in none of its saves.
    const unpublished = await answer<ListedRevision[]>(
      ctx.api.request('GET', '/editor/files/revisions?path=landing/neue-seite-2.md', { token: ctx.admin.token }),
    );
    expect(unpublished.body.length).toBeGreaterThan(0);
    expect(unpublished.body.some((revision) => revision.onWebsite)).toBe(false);

    for (const [method, route] of [
      ['GET', '/editor/files/revisions?path=README.md'],
      ['GET', '/editor/revisions/999999'],
      ['GET', '/editor/revisions/abc'],
      ['POST', '/editor/revisions/999999/restore'],
    ] as const) {
      expect((await ctx.api.request(method, route, { token: ctx.admin.token })).status, route).toBe(404);
    }
    expect((await ctx.api.request('GET', '/editor/files', { token: ctx.customer.token })).status).toBe(403);
  });

  it('names each file as the editor does, and keeps a removed page listed until a save before its removal brings it back', async () => {
    const PIZZERIA = 'landing/pizzeria.md';
    const filesByPath = async () =>
      Object.fromEntries(
        (await answer<ContentFileView[]>(ctx.api.request('GET', '/editor/files', { token: ctx.admin.token }))).body.map(
          (file) => [file.path, file],
        ),
      );
    const before = await filesByPath();
    expect(before['pages/agb.md']).toMatchObject({ label: 'AGB', deleted: false });
    expect(before[PIZZERIA]).toMatchObject({ label: 'Branchenseiten: pizzeria', deleted: false, savedBy: 'content/' });

    await saveContent(ctx.api.db, { additions: [], deletions: [PIZZERIA] }, 'kollegin@example.de');
    expect(await contentFile(ctx.api.db, PIZZERIA)).toBeUndefined();
    expect((await filesByPath())[PIZZERIA]).toMatchObject({ deleted: true, savedBy: 'kollegin@example.de' });

    const revisions = await answer<ListedRevision[]>(
      ctx.api.request('GET', `/editor/files/revisions?path=${encodeURIComponent(PIZZERIA)}`, {
        token: ctx.admin.token,
      }),
    );
    expect(revisions.body.map((revision) => revision.deleted)).toEqual([true, false]);
    // Removed in the editor, not yet on the website.
    expect(revisions.body.map((revision) => revision.onWebsite)).toEqual([false, true]);
    const beforeRemoval = revisions.body[1];
    const restored = await ctx.api.request('POST', `/editor/revisions/${beforeRemoval?.id}/restore`, {
      token: ctx.admin.token,
    });
    expect(restored.status).toBe(204);
    expect(await contentOf(PIZZERIA)).toBe(readFileSync(`content/${PIZZERIA}`, 'utf8'));
    expect((await filesByPath())[PIZZERIA]).toMatchObject({ deleted: false, savedBy: ctx.admin.userEmail });
  });
});
