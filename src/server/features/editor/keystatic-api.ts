/**
 * Keystatic's local-mode API (`/api/keystatic/*`: tree, blob, update) over the content tree in the
 * database (content-store.ts), so every replica edits one tree, with what local mode lacks: a save
 * is refused when a file it writes changed since this editor's browser last read the tree
 * (docs/product.md#d38-content-editor). Keystatic's browser app reads the tree once when it opens
 * and takes the tree the save answers with; what the server sent each login session last is kept
 * in the database, so the check holds whichever replica the save reaches.
 */
import type { ComponentSchema, Singleton } from '@keystatic/core';
import { ENTRY_NAME } from '../../../editor/forms/landing.ts';
import editorConfig from '../../../editor/keystatic.config.ts';
import type { AuthenticatedUser } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { contentFile, contentShas, lastRead, rememberRead, saveContent } from './content-store.ts';
import { treeOf } from './git-tree.ts';

interface Update {
  additions: { path: string; contents: string }[];
  deletions: { path: string }[];
}
const NOT_EDITABLE_MESSAGE = (file: string) => `Nicht gespeichert: ${file} ist keine Datei, die der Editor bearbeitet.`;

const CONFLICT_MESSAGE = (file: string) =>
  `Nicht gespeichert: ${file} wurde inzwischen von jemand anderem gespeichert. Bitte laden Sie die Seite neu (Ihre Eingaben gehen dabei verloren) und tragen Sie Ihre Änderung dann erneut ein.`;

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
 * What the config calls `file`, if it defines it: a singleton's file ('AGB'), or an entry of a
 * collection, its path with the entry's name for `*` ('Branchenseiten: hotel'), each with its
 * extension. Keystatic's own check lets through any path that starts with one of them
 * (`site.yaml.bak`, `models/evil.mjs`, `pages/agbX.md`), and the build reads what lies there
 * (docs/product.md#d38-content-editor).
 */
function labelsOf(config: EditorConfig): (file: string) => string | undefined {
  const singletons = new Map(
    Object.values(config.singletons ?? {}).map((entry) => [`${entry.path}${extensionOf(entry)}`, entry.label]),
  );
  const collections = Object.values(config.collections ?? {}).map((entry) => {
    const [directory, rest] = (entry.path ?? '').split('*');
    return { label: entry.label, directory: directory ?? '', suffix: `${rest ?? ''}${extensionOf(entry)}` };
  });
  return (file) => {
    const singleton = singletons.get(file);
    if (singleton) return singleton;
    for (const { label, directory, suffix } of collections) {
      if (!file.startsWith(directory) || !file.endsWith(suffix)) continue;
      const name = file.slice(directory.length, file.length - suffix.length);
      if (ENTRY_NAME.test(name)) return `${label}: ${name}`;
    }
    return undefined;
  };
}

const isUpdate = (body: unknown): body is Update =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as Update).additions) &&
  Array.isArray((body as Update).deletions) &&
  (body as Update).additions.every(
    (change) => typeof change?.path === 'string' && typeof change.contents === 'string',
  ) &&
  (body as Update).deletions.every((change) => typeof change?.path === 'string');

export type KeystaticApi = (
  request: Request,
  user: Pick<AuthenticatedUser, 'sessionId' | 'email'>,
) => Promise<Response>;

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** The name editors know a file by, for the files the editor edits (a path in the content tree); else undefined. */
export const editorFileLabel = labelsOf(editorConfig);

/** Whether the editor edits `file`: only these are saved, and their history shown. */
export const isEditorFile = (file: string) => editorFileLabel(file) !== undefined;

export function keystaticApi(db: Database): KeystaticApi {
  const editable = isEditorFile;

  /**
   * The tree, remembered as what this session's editor has seen: all of it when the editor reads
   * it; after a save only the files the save wrote. Keystatic keeps unsaved edits of other files as
   * drafts, made on the versions read before, so another's save of one of them since is still
   * refused rather than overwritten.
   */
  const tree = async (sessionId: string, saved?: { seen: Record<string, string>; files: string[] }) => {
    const files = await contentShas(db);
    const current = Object.fromEntries(files.map((file) => [file.path, file.sha]));
    const seen = saved
      ? Object.fromEntries(
          Object.entries({
            ...saved.seen,
            ...Object.fromEntries(saved.files.map((file) => [file, current[file]])),
          }).filter((entry): entry is [string, string] => entry[1] !== undefined),
        )
      : current;
    await rememberRead(db, sessionId, seen);
    return Response.json(treeOf(files));
  };

  const blob = async (sha: string, file: string) => {
    const found = await contentFile(db, file);
    if (!found || found.sha !== sha) return text('Not Found', 404);
    return new Response(new Uint8Array(found.contents));
  };

  const update = async (request: Request, user: Pick<AuthenticatedUser, 'sessionId' | 'email'>) => {
    if (request.headers.get('Content-Type') !== 'application/json') return text('Bad Request', 400);
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return text('Bad data', 400);
    }
    if (!isUpdate(body)) return text('Bad data', 400);
    const notEditable = [...body.additions, ...body.deletions].find((change) => !editable(change.path));
    if (notEditable) return text(NOT_EDITABLE_MESSAGE(notEditable.path), 400);
    const seen = await lastRead(db, user.sessionId);
    const changes = {
      additions: body.additions.map((file) => ({ path: file.path, contents: Buffer.from(file.contents, 'base64url') })),
      deletions: body.deletions.map((file) => file.path),
    };
    const { conflict } = await saveContent(db, changes, user.email, (file) => seen[file]);
    if (conflict) return text(CONFLICT_MESSAGE(conflict), 409);
    return tree(user.sessionId, { seen, files: [...changes.additions.map((file) => file.path), ...changes.deletions] });
  };

  return async (request, user) => {
    // Keystatic's app sends this header with each call; its local mode refuses calls without it.
    if (request.headers.get('no-cors') !== '1') return text('Bad Request', 400);
    const route = new URL(request.url).pathname.replace(/^.*?\/keystatic\//, '').split('/');
    if (request.method === 'GET' && route.join('/') === 'tree') return tree(user.sessionId);
    if (request.method === 'GET' && route[0] === 'blob' && route.length > 2) {
      let file: string;
      try {
        file = route.slice(2).map(decodeURIComponent).join('/');
      } catch {
        return text('Bad Request', 400); // a malformed escape (`%E0`)
      }
      return blob(route[1] ?? '', file);
    }
    if (request.method === 'POST' && route.join('/') === 'update') return update(request, user);
    return text('Not Found', 404);
  };
}
