import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const isProject = (dir: string) => {
  const manifest = path.join(dir, 'package.json');
  return (
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hwds-website'
  );
};

/**
 * The folder holding this project's package.json, found from this module's own location, so it
 * is right both for the sources (src/server) and for the bundle Astro builds (dist/server). A
 * published release outside the project (RELEASES_DIR elsewhere) runs in the project's server,
 * started in the project's folder (docs/product.md#d38-content-editor).
 */
export function projectRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (isProject(dir)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (isProject(process.cwd())) return process.cwd();
  throw new Error(`No hwds-website package.json above ${from}`);
}
