/**
 * `npm start`: checks the settings, builds when there is no build (or it is older than the
 * sources, or was made for another SITE_URL / PUBLIC_API_BASE), opens the database (migrations,
 * seed), then serves the pre-rendered pages, the pages rendered on request and the API from one
 * Node process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestListener, listen, type SiteHandlers } from '../server/http/node-server.ts';
import { log, setLogLevel } from '../server/log.ts';
import { processApi } from '../server/runtime.ts';
import { loadDotEnv, loadSettingsOrExit, type Settings } from '../server/settings.ts';

const root = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(root, 'dist/server/entry.mjs');
const buildInfoFile = path.join(root, 'dist/build-info.json');
const sources = ['src', 'content', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestModification(path.join(target, name))),
    stats.mtimeMs,
  );
}

function whyBuild(settings: Settings): string | undefined {
  if (!existsSync(serverEntry) || !existsSync(buildInfoFile)) return 'no build yet';
  const info = JSON.parse(readFileSync(buildInfoFile, 'utf8')) as Partial<Settings>;
  if (info.siteUrl !== settings.siteUrl || info.publicApiBase !== settings.publicApiBase) {
    return 'SITE_URL or PUBLIC_API_BASE changed';
  }
  const builtAt = statSync(buildInfoFile).mtimeMs;
  if (sources.some((source) => newestModification(path.join(root, source)) > builtAt)) return 'sources changed';
  return undefined;
}

loadDotEnv();
const settings = loadSettingsOrExit(process.env, { server: true });
const reason = whyBuild(settings);
if (reason) {
  console.log(`Building the site (${reason}) …`);
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const build = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

setLogLevel(settings.logLevel);
// Astro's build renders the pages that are made on request; the server around it is the product's.
const astro = (await import(pathToFileURL(serverEntry).href)) as { handler: SiteHandlers['render'] };
const { app } = await processApi(settings);
const site = { clientDir: path.join(root, 'dist/client'), render: astro.handler };
await listen(createRequestListener(app, settings, site), settings);
log.info(`HWDS is ready: ${settings.siteUrl}`);
