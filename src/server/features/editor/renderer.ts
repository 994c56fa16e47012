/**
 * The handler of the pages rendered on request (docs/product.md#d38-content-editor), loaded once per
 * process: Node keeps every ES module it has loaded until the process ends, so a handler loaded per
 * release would add its code and data to the server's memory with every publish.
 */
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makePrivate } from '../../data-dir.ts';

/** Astro's handler for the pages rendered on request. */
export type Render = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

const LIVE_DIR = 'live';

/**
 * The releases hold what editors saved before it was published, and the server's code: the running
 * account's alone, as the data folder (docs/product.md#h9-hardening), whatever the modes of the
 * files they were copied from or the umask of the process that made them.
 */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/** The handler of the pages rendered on request, and what it was built with. */
export interface Renderer {
  render: Render;
  /** Makes the pages that the handler reads from disk (its 404 page) those of `clientDir`. */
  pointTo(clientDir: string): Promise<void>;
  /**
   * The version of the code that built the handler (src/server/code-version.ts): every release it
   * serves must be built by that code, for the scripts its pages name and for every fix the code has.
   */
  code: string | undefined;
}

/** The code version a build records in its `build-info.json`, if any. */
export async function codeOf(siteDir: string): Promise<string | undefined> {
  try {
    const info = JSON.parse(await readFile(path.join(siteDir, 'build-info.json'), 'utf8')) as { code?: unknown };
    return typeof info.code === 'string' ? info.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads Astro's handler of the pages rendered on request (its server entry in middleware mode)
 * from the build in `siteDir`, once for the server's life. The code is the same in every release
 * one server serves (a code change takes effect with a restart); what a publish changes is the
 * content, which those pages read from the served content (src/server/content-files.ts), and the
 * 404 page, which Astro reads from the `client` folder beside its `server` folder. So the handler
 * runs from a copy of the build's server folder in `$RELEASES_DIR/live/server`, and
 * `live/client` is a link to the served release's pages, replaced in one step by each switch.
 */
export async function loadRenderer(options: {
  releasesDir: string;
  siteDir: string;
  projectRoot: string;
}): Promise<Renderer> {
  const { releasesDir, siteDir } = options;
  const live = path.join(releasesDir, LIVE_DIR);
  await privateFolder(releasesDir);
  await rm(live, { recursive: true, force: true });
  await privateFolder(live);
  await cp(path.join(siteDir, 'server'), path.join(live, 'server'), { recursive: true });
  makePrivate(live);
  // The server code imports the project's packages: from a folder elsewhere, through this link.
  const packages = path.join(releasesDir, 'node_modules');
  if (!existsSync(packages)) await symlink(path.join(options.projectRoot, 'node_modules'), packages, 'dir');
  const pointTo = async (clientDir: string) => {
    const next = path.join(live, 'client.next');
    await rm(next, { force: true });
    await symlink(clientDir, next, 'dir');
    await rename(next, path.join(live, 'client'));
  };
  await pointTo(path.join(siteDir, 'client'));
  const entry = pathToFileURL(path.join(live, 'server/entry.mjs')).href;
  const { handler } = (await import(entry)) as { handler: Render };
  return { render: handler, pointTo, code: await codeOf(siteDir) };
}
