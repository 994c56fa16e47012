/**
 * The tree Keystatic's browser app reads (`/api/keystatic/tree`), made from the database's files as
 * its local mode makes it from a folder: every file and folder with Git's hash of it (a blob's
 * bytes, a tree's sorted entries). tests/api/content-store.test.ts holds it to Keystatic's own answer.
 */
import { createHash } from 'node:crypto';

export interface TreeEntry {
  path: string;
  mode: '100644' | '040000';
  type: 'blob' | 'tree';
  sha: string;
}

const gitHash = (kind: string, body: Buffer) =>
  createHash('sha1').update(`${kind} ${body.length}\0`).update(body).digest('hex');

/** Git's blob hash, which Keystatic names files' versions by. */
export const blobSha = (contents: Uint8Array): string => gitHash('blob', Buffer.from(contents));

interface Folder {
  files: Map<string, string>;
  folders: Map<string, Folder>;
}

function folderOf(files: { path: string; sha: string }[]): Folder {
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const file of files) {
    const parts = file.path.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let inner = folder.folders.get(part);
      if (!inner) {
        inner = { files: new Map(), folders: new Map() };
        folder.folders.set(part, inner);
      }
      folder = inner;
    }
    folder.files.set(parts.at(-1) ?? '', file.sha);
  }
  return root;
}

/** The folder's entries (files and folders below it, each folder before what it holds) and its tree hash. */
function entriesOf(folder: Folder, prefix: string): { entries: TreeEntry[]; sha: string } {
  const named: { name: string; sort: string; mode: TreeEntry['mode']; sha: string; below: TreeEntry[] }[] = [];
  for (const [name, sha] of folder.files) named.push({ name, sort: name, mode: '100644', sha, below: [] });
  for (const [name, inner] of folder.folders) {
    const { entries, sha } = entriesOf(inner, `${prefix}${name}/`);
    named.push({ name, sort: `${name}/`, mode: '040000', sha, below: entries });
  }
  // Git orders a tree's entries by name, a folder's name ending in '/'.
  named.sort((a, b) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0));
  const body = Buffer.concat(
    named.flatMap(({ name, mode, sha }) => [
      Buffer.from(`${mode.replace(/^0/, '')} ${name}\0`),
      Buffer.from(sha, 'hex'),
    ]),
  );
  const entries = named.flatMap(({ name, mode, sha, below }): TreeEntry[] => [
    { path: `${prefix}${name}`, mode, type: mode === '040000' ? 'tree' : 'blob', sha },
    ...below,
  ]);
  return { entries, sha: gitHash('tree', body) };
}

/** Keystatic's tree of these files. */
export const treeOf = (files: { path: string; sha: string }[]): TreeEntry[] => entriesOf(folderOf(files), '').entries;
