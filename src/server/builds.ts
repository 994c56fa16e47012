/**
 * The project's builds (docs/product.md#operations): every `astro build` of the project (`npm run
 * build`, `npm start`, `npm test`) writes a folder of its own, `.builds/{id}/`, and only a
 * complete one becomes `dist`, a symbolic link replaced in one step. A server serves the folder
 * `dist` named when it started, so a build never changes a file a running server sends (built in
 * place, a page's new bytes went out under the length the server had read of the old ones).
 *
 * A process that serves or makes a build names it in `.builds/in-use/{pid}`; after each switch
 * the folders that neither `dist` nor a running process names are removed.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { isRunning } from './db/lock.ts';

const BUILDS = '.builds';
const IN_USE = 'in-use';
const DIST = 'dist';

const stamp = (time: Date) => time.toISOString().replace(/[:.]/g, '-');

/** The folder a new build of the project in `root` writes, named by the time it started. */
export const newBuildDir = (root: string): string => path.join(root, BUILDS, stamp(new Date()));

/** Whether `outDir` is the project's own `dist` (a publish builds elsewhere, `--outDir`). */
export const isProjectDist = (root: string, outDir: string): boolean =>
  path.resolve(outDir) === path.resolve(root, DIST);

/** Records that this process serves or makes the build in `buildDir`, so no later build removes it. */
export function markBuildInUse(root: string, buildDir: string): void {
  const inUse = path.join(root, BUILDS, IN_USE);
  mkdirSync(inUse, { recursive: true });
  writeFileSync(path.join(inUse, String(process.pid)), path.basename(buildDir));
}

/** The build `dist` names now, as its own folder, for this process to serve from start to end. */
export function servedBuild(root: string): string {
  const buildDir = realpathSync(path.join(root, DIST));
  if (path.dirname(buildDir) === path.join(realpathSync(root), BUILDS)) markBuildInUse(root, buildDir);
  return buildDir;
}

/** The build folders named by running processes; the names of those that ended are forgotten. */
async function buildsInUse(root: string): Promise<Set<string>> {
  const inUse = path.join(root, BUILDS, IN_USE);
  const names = new Set<string>();
  for (const pid of existsSync(inUse) ? readdirSync(inUse) : []) {
    const file = path.join(inUse, pid);
    if (isRunning(Number(pid))) names.add(readFileSync(file, 'utf8'));
    else await rm(file, { force: true });
  }
  return names;
}

/**
 * Makes the complete build in `buildDir` the project's `dist` in one step, then removes the
 * builds nobody serves. A `dist` folder of a checkout from before builds had folders of their own
 * is moved among them first.
 */
export async function switchDist(root: string, buildDir: string): Promise<void> {
  const dist = path.join(root, DIST);
  const stats = existsSync(dist) ? lstatSync(dist) : undefined;
  if (stats?.isDirectory()) await rename(dist, path.join(root, BUILDS, `${stamp(stats.mtime)}-earlier`));
  const next = `${dist}.next`;
  await rm(next, { force: true });
  await symlink(path.relative(root, buildDir), next, 'dir');
  await rename(next, dist);
  const keep = await buildsInUse(root);
  keep.add(path.basename(await readlink(dist)));
  const folders = readdirSync(path.join(root, BUILDS)).filter((name) => name !== IN_USE && !keep.has(name));
  await Promise.all(folders.map((name) => rm(path.join(root, BUILDS, name), { recursive: true, force: true })));
}
