/**
 * Keystatic's local-mode API (`/api/keystatic/*`: tree, blob, update) over the content folder, with
 * what local mode lacks: a save is refused when a file it writes changed since this editor's
 * browser last read the folder (docs/product.md#d38-content-editor). Keystatic's browser app reads the
 * folder's tree once when it opens and takes the tree the save answers with; what the server sent
 * each login session last is what that session's editor has seen.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ComponentSchema, Singleton } from '@keystatic/core';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { Mutex } from 'async-mutex';
import { ENTRY_NAME } from '../../../editor/forms/landing.ts';
import editorConfig from '../../../editor/keystatic.config.ts';

interface TreeEntry {
  path: string;
  sha: string;
}

interface Update {
  additions: { path: string }[];
  deletions: { path: string }[];
}

const NOT_EDITABLE_MESSAGE = (file: string) => `Nicht gespeichert: ${file} ist keine Datei, die der Editor bearbeitet.`;

const CONFLICT_MESSAGE = (file: string) =>
  `Nicht gespeichert: ${file} wurde inzwischen von jemand anderem gespeichert. Bitte laden Sie die Seite neu (Ihre Eingaben gehen dabei verloren) und tragen Sie Ihre Änderung dann erneut ein.`;

/** Git's blob hash, which Keystatic names files' versions by. */
function blobSha(contents: Buffer): string {
  return createHash('sha1').update(`blob ${contents.length}\0`).update(contents).digest('hex');
}

async function currentSha(file: string): Promise<string | undefined> {
  try {
    return blobSha(await readFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

type EditorConfig = typeof editorConfig;
/** What a singleton and a collection say about their files. */
type Entry = Pick<Singleton<Record<string, ComponentSchema>>, 'path' | 'format' | 'schema'>;

/** A file's extension as Keystatic writes it: its content field's (front matter inside), else its data format's. */
function extensionOf({ format, schema }: Entry): string {
  const contentField = typeof format === 'object' ? format.contentField : undefined;
  const field = typeof contentField === 'string' ? schema[contentField] : undefined;
  if (field && 'contentExtension' in field && typeof field.contentExtension === 'string') return field.contentExtension;
  return typeof format === 'object' && format.data === 'json' ? '.json' : '.yaml';
}

/**
 * Whether the config defines `file`: a singleton's file, or an entry of a collection (its path with
 * the entry's name for `*`), each with its extension. Keystatic's own check lets through any path
 * that starts with one of them (`site.yaml.bak`, `models/evil.mjs`, `pages/agbX.md`), and the build
 * reads what lies there (docs/product.md#d38-content-editor).
 */
function definedByConfig(config: EditorConfig): (file: string) => boolean {
  const singletons = Object.values(config.singletons ?? {}).map((entry) => `${entry.path}${extensionOf(entry)}`);
  const collections = Object.values(config.collections ?? {}).map((entry) => {
    const [directory, rest] = (entry.path ?? '').split('*');
    return { directory: directory ?? '', suffix: `${rest ?? ''}${extensionOf(entry)}` };
  });
  return (file) =>
    singletons.includes(file) ||
    collections.some(({ directory, suffix }) => {
      if (!file.startsWith(directory) || !file.endsWith(suffix)) return false;
      return ENTRY_NAME.test(file.slice(directory.length, file.length - suffix.length));
    });
}

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as Update).additions) &&
  Array.isArray((body as Update).deletions) &&
  [...(body as Update).additions, ...(body as Update).deletions].every((change) => typeof change?.path === 'string');

export type KeystaticApi = (request: Request, sessionId: string) => Promise<Response>;

export function keystaticApi(contentDir: string): KeystaticApi {
  const handle = makeGenericAPIRouteHandler({ config: editorConfig, localBaseDirectory: contentDir });
  const editable = definedByConfig(editorConfig);
  /** Per login session: each file's version as its editor last saw it. */
  const seen = new Map<string, Map<string, string>>();
  // A check and the write after it are one step: of two saves at once, the later one sees the earlier one's file.
  const saving = new Mutex();

  const remember = (sessionId: string, entries: TreeEntry[]) => {
    seen.set(sessionId, new Map(entries.map((entry) => [entry.path, entry.sha])));
  };

  /** The first file of the save that changed since the session read it, if any. */
  async function changedSinceRead(sessionId: string, update: Update): Promise<string | undefined> {
    const known = seen.get(sessionId) ?? new Map<string, string>();
    for (const { path: file } of [...update.additions, ...update.deletions]) {
      if (file.split('/').includes('..')) continue; // Keystatic refuses such paths itself
      if ((await currentSha(path.join(contentDir, file))) !== known.get(file)) return file;
    }
    return undefined;
  }

  const answer = async (request: Request, json: () => Promise<unknown>) => {
    const result = await handle({ headers: request.headers, method: request.method, url: request.url, json });
    const body = typeof result.body === 'string' || result.body === null ? result.body : new Uint8Array(result.body);
    return new Response(body, { status: result.status, headers: result.headers });
  };

  return async (request, sessionId) => {
    const isSave = request.method === 'POST' && new URL(request.url).pathname.endsWith('/update');
    if (!isSave) {
      const response = await answer(request, () => request.json());
      if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/tree') && response.ok) {
        remember(sessionId, (await response.clone().json()) as TreeEntry[]);
      }
      return response;
    }
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return new Response('Bad data', { status: 400 });
    }
    const notEditable = isUpdate(body)
      ? [...body.additions, ...body.deletions].find((change) => !editable(change.path))
      : undefined;
    if (notEditable) {
      return new Response(NOT_EDITABLE_MESSAGE(notEditable.path), {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return saving.runExclusive(async () => {
      const changed = isUpdate(body) ? await changedSinceRead(sessionId, body) : undefined;
      if (changed) {
        return new Response(CONFLICT_MESSAGE(changed), {
          status: 409,
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        });
      }
      const response = await answer(request, async () => body);
      if (response.ok) remember(sessionId, (await response.clone().json()) as TreeEntry[]);
      return response;
    });
  };
}
