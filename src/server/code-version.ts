/**
 * The version of the code a build was made from: a hash over the sources the build compiles, kept
 * in the build's `build-info.json`. A published release can be served only by the code that built
 * it (docs/product.md#d38-content-editor): the pages of an earlier code may lack a later fix.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What a build is compiled from besides the content. */
const CODE_SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];

function filesOf(root: string, source: string): string[] {
  const target = path.join(root, source);
  if (!statSync(target, { throwIfNoEntry: false })?.isDirectory()) return [source];
  return readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

export function codeVersion(root: string): string {
  const hash = createHash('sha256');
  for (const file of CODE_SOURCES.flatMap((source) => filesOf(root, source)).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}
