/**
 * `npm start`: checks the settings, builds when there is no build (or it is older than the
 * sources, or was made for another SITE_URL / PUBLIC_API_BASE), opens the database (migrations,
 * seed), then serves the pre-rendered pages, the pages rendered on request and the API from one
 * Node process. A release the content editor published (docs/product.md#d38-content-editor) is
 * served instead of the build until the code is newer than it. A build, this one's or a later
 * one's, never changes the files a running server serves (docs/product.md#operations).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SEED_AUTHOR } from '../lib/content-authors.ts';
import { servedBuild } from '../server/builds.ts';
import { codeVersion } from '../server/code-version.ts';
import { companyOf, serveContent } from '../server/content-files.ts';
import { followContentPrices } from '../server/db/content-prices.ts';
import { exportContent, importContent } from '../server/features/editor/content-store.ts';
import { keystaticApi } from '../server/features/editor/keystatic-api.ts';
import { releaseShelf } from '../server/features/editor/release-shelf.ts';
import { PublishError, publishedRelease, releases, type ServedRelease } from '../server/features/editor/releases.ts';
import { loadRenderer } from '../server/features/editor/renderer.ts';
import { staffOf } from '../server/features/editor/staff.ts';
import { listen } from '../server/http/http-server.ts';
import { createRequestListener } from '../server/http/node-server.ts';
import { log, setLogLevel } from '../server/log.ts';
import { processApi } from '../server/runtime.ts';
import { loadDotEnv, loadSettingsOrExit, type Settings } from '../server/settings.ts';
import { openBlobStore } from '../server/storage/open-blob-store.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Who the editors' record names for a publish after a code update. */
const REPUBLISHED_BY = 'Software-Update';
const REPUBLISH_RETRY_MS = 30_000;
const dist = path.join(root, 'dist');
const code = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];

function newestModification(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestModification(path.join(target, name))),
    stats.mtimeMs,
  );
}

/**
 * Whether a published release can be served by this code with these settings: its build-info
 * names both. By the code's hash, not by file times: an archive keeps the times of the machine that
 * packed it, and a fresh checkout is newer than any release.
 */
function releaseFits(settings: Settings, siteDir: string): boolean {
  const infoFile = path.join(siteDir, 'build-info.json');
  if (!existsSync(path.join(siteDir, 'server/entry.mjs')) || !existsSync(infoFile)) return false;
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as Partial<Settings> & { code?: string };
  return (
    info.code === codeVersion(root) &&
    info.siteUrl === settings.siteUrl &&
    info.publicApiBase === settings.publicApiBase
  );
}

/** Why the build in `siteDir` cannot serve: none, made for other settings, or older than `sources`. */
function whyBuild(settings: Settings, siteDir: string, sources: string[]): string | undefined {
  const infoFile = path.join(siteDir, 'build-info.json');
  if (!existsSync(path.join(siteDir, 'server/entry.mjs')) || !existsSync(infoFile)) return 'no build yet';
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as Partial<Settings>;
  if (info.siteUrl !== settings.siteUrl || info.publicApiBase !== settings.publicApiBase) {
    return 'SITE_URL or PUBLIC_API_BASE changed';
  }
  const builtAt = statSync(infoFile).mtimeMs;
  if (sources.some((source) => newestModification(source) > builtAt)) return 'sources changed';
  return undefined;
}

/**
 * Publishes the saved content with this code, again every half minute while another publish holds
 * the claim, until this replica or another serves a release of this code. A build that fails stops
 * it: the content needs an editor, whose next publish names file and field.
 */
async function republish(): Promise<void> {
  while (served.servedId() === null) {
    try {
      await served.publish(REPUBLISHED_BY);
      return;
    } catch (error) {
      if (error instanceof PublishError && error.statusCode === 422) {
        log.error({ err: error }, 'no publish after the update: the saved content does not build');
        return;
      }
      log.warn({ err: error }, 'no publish after the update yet; trying again in 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, REPUBLISH_RETRY_MS));
  }
}

loadDotEnv();
const settings = loadSettingsOrExit(process.env, { server: true });
const codeSources = code.map((source) => path.join(root, source));
const published = publishedRelease(settings.releasesDir);
const servesRelease = published !== undefined && releaseFits(settings, published.siteDir);
const reason = servesRelease ? undefined : whyBuild(settings, dist, [...codeSources, settings.contentDir]);
if (reason) {
  console.log(`Building the site (${reason}) …`);
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  // A production build whatever NODE_ENV the shell has: with `test` or `development` Vite bundles
  // React's development build (120 KB gzip instead of 60 KB).
  const env = { ...process.env, NODE_ENV: 'production' };
  // Into a folder of its own, which becomes `dist` when complete (src/server/builds.ts).
  const built = spawnSync(process.execPath, [astro, 'build'], { cwd: root, env, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

setLogLevel(settings.logLevel);
// Listening before the database opens: until the start is done, readiness says so (docs/product.md#operations).
const http = await listen(settings);
// The database before the build's files: the embedded one admits one process, so a second start
// on this data folder stops here, before it replaces the running server's copy of the handler.
const { app, deps } = await processApi(settings, http);
// The build `dist` names now, served by this process to its end whatever later builds do.
const build = servedBuild(root);
// A replica started after a publish serves the live release of all replicas at once, fetched if it lacks it.
const shelf = releaseShelf(deps.db, await openBlobStore(settings), settings.releasesDir);
const live = await shelf.live();
// Without its archive (the bucket not answering) the build serves until the release arrives.
if (live)
  await shelf.fetch(live).catch((error: unknown) => log.warn({ err: error }, 'the live release is not here yet'));
const release = live ? publishedRelease(settings.releasesDir, live) : published;
const initial: ServedRelease =
  release && releaseFits(settings, release.siteDir)
    ? release
    : { id: null, siteDir: build, contentDir: settings.contentDir };
// Serving the build while a live release exists (its archive not here yet, or another code's): the
// shared prices stay the live release's, which the other replicas serve.
const fallback = live !== null && initial.id === null;
// Astro's build renders the pages that are made on request; the server around it is the product's.
const renderer = await loadRenderer({ releasesDir: settings.releasesDir, siteDir: initial.siteDir, projectRoot: root });
/**
 * Everything but the pre-rendered pages follows the content served: the pages rendered on
 * request, the articles' prices, the pricing rules (the yearly discount, the print file rules),
 * the agency's data and the legal texts for mails and invoices, so a publish never leaves the
 * pages saying one thing and the cart or an invoice another.
 */
async function followContent(contentDir: string, prices = true): Promise<void> {
  const { site } = serveContent(contentDir);
  deps.company = companyOf(site);
  if (prices) await followContentPrices(deps.db, contentDir);
}
await followContent(initial.contentDir, !fallback);
// A fresh install's content tree is the seed in the content folder (docs/product.md#d38-content-editor).
await importContent(deps.db, settings.contentDir, SEED_AUTHOR, { onlyIfEmpty: true });
const served = releases({
  releasesDir: settings.releasesDir,
  snapshot: async (dir) => void (await exportContent(deps.db, dir)),
  shelf,
  projectRoot: root,
  initial,
  renderer,
  afterSwitch: followContent,
});
deps.editor = { releases: served, keystatic: keystaticApi(deps.db) };
const site = {
  served: served.served,
  editor: {
    dir: path.join(build, 'editor'),
    isStaff: async (cookieHeader: string | undefined) => typeof (await staffOf(deps, cookieHeader)) === 'object',
  },
};
http.serve(createRequestListener(app, settings, deps.metrics, site));
served.follow();
// After a code update the live release is another code's: its content, as saved now, is published
// again with this code (one replica builds it, the others follow); meanwhile the build serves.
if (release && initial.id === null) void republish();
if (initial.id) log.info(`Serving the release published as ${initial.id}`);
log.info(`HWDS is ready: ${settings.siteUrl}`);
