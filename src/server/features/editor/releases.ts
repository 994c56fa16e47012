/**
 * Publishing (docs/product.md#d38-content-editor): each publish builds the site from a snapshot of
 * the content tree (the database's, content-store.ts) into a release folder of its own while the
 * served release keeps serving, and only a build that succeeded becomes the served release,
 * switched in one step, on this replica and, through the shelf (release-shelf.ts), on every other.
 * A build that fails leaves everything as it was and says, in German, which file and field stopped
 * it. Every publish is recorded (who, when, which files), and an earlier release can be served again.
 *
 * `$RELEASES_DIR/{id}/` holds `content/` (the content tree as it was published: the build reads
 * this copy, never files an editor is saving meanwhile) and `site/` (the build: client/, server/).
 * `$RELEASES_DIR/current` names the release this machine served last.
 *
 * The pages rendered on request run from one handler, loaded once per process (`live/`, see
 * renderer.ts): Node keeps every ES module it has loaded until the process ends, so a handler
 * loaded per release would add its code and data to the server's memory with every publish.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Mutex } from 'async-mutex';
import { makePrivate } from '../../data-dir.ts';
import { log } from '../../log.ts';
import { buildFailure } from './build-errors.ts';
import type { ReleaseRecord, ReleasesView } from './editor.views.ts';
import { CLAIM_RENEWAL_MS, type Claim, type ReleaseShelf } from './release-shelf.ts';
import { codeOf, privateFolder, type Render, type Renderer } from './renderer.ts';

/** What the server needs of a build to serve it. */
export interface Build {
  /** `{build}/client`: pre-rendered pages and assets. */
  clientDir: string;
  /** Astro's handler for the pages rendered on request. */
  render: Render;
}

/** A publish or restore that did not happen, with the German reason for the editor. */
export class PublishError extends Error {
  readonly statusCode: 404 | 409 | 422 | 503;

  constructor(message: string, statusCode: 404 | 409 | 422 | 503) {
    super(message);
    this.statusCode = statusCode;
  }
}

export interface Releases {
  /** The build that answers requests now. */
  served(): Build;
  /** The id of the release served now; null: the project's build. */
  servedId(): string | null;
  /** A content file as the build served now was made from it; undefined: that build has no such file. */
  servedFile(file: string): Promise<Buffer | undefined>;
  view(): Promise<ReleasesView>;
  publish(publishedBy: string): Promise<ReleaseRecord>;
  restore(id: string): Promise<void>;
  /** Follows the live release of all replicas from now on (a read each second); answers how to stop. */
  follow(): () => void;
}

export interface ReleaseOptions {
  releasesDir: string;
  /** Writes the content tree to publish into an empty folder. */
  snapshot: (dir: string) => Promise<void>;
  /** The records, archives and live pointer every replica shares. */
  shelf: ReleaseShelf;
  /** The project, whose `astro build` makes a release. */
  projectRoot: string;
  /** What the server started with: a published release, or the project's build (`dist/`, id null). */
  initial: ServedRelease;
  /** The pages rendered on request, loaded from the build the server started with. */
  renderer: Renderer;
  /** After a switch: what follows the served content besides the pages (the catalogue's prices). */
  afterSwitch: (contentDir: string) => Promise<void>;
  /** Builds the site from `contentDir` into `outDir`: `astro build`, or a stand-in in tests. */
  build?: SiteBuild;
}

export type SiteBuild = (
  projectRoot: string,
  contentDir: string,
  outDir: string,
) => Promise<{ ok: boolean; output: string }>;

const CURRENT_FILE = 'current';
/** Releases kept for restoring; older ones are removed after a publish. */
const KEEP = 10;
const RELEASE_ID = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** A build being served, and the content folder it was built from. */
export interface ServedRelease {
  id: string | null;
  siteDir: string;
  contentDir: string;
}

const folders = (releasesDir: string, id: string) => ({
  siteDir: path.join(releasesDir, id, 'site'),
  contentDir: path.join(releasesDir, id, 'content'),
});

/**
 * The published release a start should serve, if any (its build not loaded yet): `id`, else the
 * one this machine served last.
 */
export function publishedRelease(releasesDir: string, live?: string): ServedRelease | undefined {
  const pointer = path.join(releasesDir, CURRENT_FILE);
  if (!live && !existsSync(pointer)) return undefined;
  const id = live ?? readFileSync(pointer, 'utf8').trim();
  if (!RELEASE_ID.test(id)) return undefined;
  const release = { id, ...folders(releasesDir, id) };
  return existsSync(path.join(release.siteDir, 'server/entry.mjs')) ? release : undefined;
}

/** Each content file (path inside the folder) with a hash of its bytes. */
async function contentHashes(contentDir: string): Promise<Record<string, string>> {
  const entries = await readdir(contentDir, { recursive: true, withFileTypes: true });
  const hashes: Record<string, string> = {};
  for (const entry of entries.filter((item) => item.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(contentDir, file).split(path.sep).join('/')] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return hashes;
}

const changedFiles = (before: Record<string, string>, after: Record<string, string>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((file) => before[file] !== after[file]).sort();

/** `astro build` into `outDir` in a process of its own, so the server keeps answering; resolves with its outcome and output. */
const astroBuild: SiteBuild = (projectRoot, contentDir, outDir) =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          NODE_ENV: 'production', // as `npm start` builds: React's production build whatever the server's NODE_ENV
          CONTENT_DIR: contentDir,
          ASTRO_TELEMETRY_DISABLED: '1',
          NO_COLOR: '1',
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => resolve({ ok: code === 0, output }));
    child.on('error', (error) => resolve({ ok: false, output: error.message }));
  });

/** Refused when the handler of the pages rendered on request would name scripts the release lacks. */
const OTHER_CODE =
  'Die Website-Software wurde seit dem Start des Servers geändert: Bitte starten Sie den Server neu und veröffentlichen Sie dann erneut. Die Website zeigt weiter die zuletzt veröffentlichte Fassung.';

/** How often a replica reads which release is live: every replica serves a publish within 5 s of its switch. */
const FOLLOW_MS = 1_000;

const ANOTHER_PUBLISH = 'Es wird gerade veröffentlicht. Bitte warten Sie, bis das fertig ist.';

const STORAGE_AWAY =
  'Nicht veröffentlicht: Der Speicher für Veröffentlichungen ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut; die Website zeigt weiter die bisherige Fassung.';

export function releases(options: ReleaseOptions): Releases {
  const { releasesDir, snapshot, shelf, projectRoot, renderer, build = astroBuild } = options;
  let served = options.initial;
  /** This replica's switches and builds, one at a time; the shelf's claim keeps other replicas' publishes out. */
  const publishing = new Mutex();

  /**
   * Whether the code that built the loaded handler built the release too: only then do its pages
   * name the handler's scripts, and only then has it every fix of that code (a release of an
   * earlier code may hold pages whose editors' text ran as script, docs/product.md#h10-delivery-and-caching).
   */
  const fitsRenderer = async (siteDir: string) =>
    renderer.code !== undefined && (await codeOf(siteDir)) === renderer.code;

  /** Serves release `id` from now on; a start after this serves it too. */
  const switchTo = async (id: string) => {
    const release = { id, ...folders(releasesDir, id) };
    await renderer.pointTo(path.join(release.siteDir, 'client'));
    served = release;
    const pointer = path.join(releasesDir, CURRENT_FILE);
    await writeFile(`${pointer}.next`, id, { mode: 0o600 });
    await rename(`${pointer}.next`, pointer);
    await options.afterSwitch(release.contentDir);
  };

  /** Removes the release folders of this machine that no replica may serve again. */
  const pruneHere = async () => {
    const kept = new Set((await shelf.records()).map((record) => record.id));
    const local = (await readdir(releasesDir)).filter((id) => RELEASE_ID.test(id));
    const old = local.filter((id) => !kept.has(id) && id !== served.id);
    await Promise.all(old.map((id) => rm(path.join(releasesDir, id), { recursive: true, force: true })));
  };

  /**
   * Runs a publish or a restore under the one claim of all replicas, renewed while it runs (a
   * replica that stops loses it a minute later) and ended by this replica only; 409 while another
   * publish or restore is under way anywhere.
   */
  const claimed = async <T>(work: (claim: Claim) => Promise<T>): Promise<T> => {
    // The claim keeps out every other publish, this replica's too; a follow under way here is waited for.
    const claim = await shelf.claim();
    if (!claim) throw new PublishError(ANOTHER_PUBLISH, 409);
    const renewal = setInterval(() => {
      shelf.renew(claim).catch((error: unknown) => log.warn({ err: error }, 'publish: the claim was not renewed'));
    }, CLAIM_RENEWAL_MS);
    try {
      return await publishing.runExclusive(() => work(claim));
    } finally {
      clearInterval(renewal);
      await shelf.unclaim(claim);
    }
  };

  /** Switches to the live release when it is another: fetched first if this machine lacks it. */
  const followLive = async () => {
    const live = await shelf.live();
    if (live === null || live === served.id || publishing.isLocked()) return;
    await publishing.runExclusive(async () => {
      await shelf.fetch(live);
      if (!(await fitsRenderer(folders(releasesDir, live).siteDir))) {
        log.warn(
          { release: live },
          'publish: the live release was built by other code; restart this server to serve it',
        );
        return;
      }
      await switchTo(live);
      log.info({ release: live }, 'publish: followed the live release');
      await pruneHere();
    });
  };

  return {
    served: () => ({ clientDir: path.join(served.siteDir, 'client'), render: renderer.render }),
    servedId: () => served.id,
    servedFile: (file) =>
      readFile(path.join(served.contentDir, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }),

    async view() {
      const busy = publishing.isLocked() || (await shelf.publishing());
      return { current: served.id, publishing: busy, releases: await shelf.records() };
    },

    async publish(publishedBy) {
      return claimed(async (claim) => {
        const id = claim.at.toISOString().replace(/[:.]/g, '-');
        const dir = path.join(releasesDir, id);
        const release = folders(releasesDir, id);
        await privateFolder(releasesDir);
        await privateFolder(dir);
        await snapshot(release.contentDir);
        const content = await contentHashes(release.contentDir);
        const started = Date.now();
        const { ok, output } = await build(projectRoot, release.contentDir, release.siteDir);
        if (!ok) {
          await rm(dir, { recursive: true, force: true });
          log.warn(
            { durationMs: Date.now() - started, output: output.slice(-4000) },
            'publish: the build failed; the served release stays',
          );
          throw new PublishError(buildFailure(output, release.contentDir), 422);
        }
        if (!(await fitsRenderer(release.siteDir))) {
          await rm(dir, { recursive: true, force: true });
          throw new PublishError(OTHER_CODE, 409);
        }
        const record: ReleaseRecord = {
          id,
          publishedAt: new Date().toISOString(),
          publishedBy,
          // The content the served build was made from: a release's copy, or the folder `dist/` was built from.
          files: changedFiles(await contentHashes(served.contentDir), content),
        };
        makePrivate(dir);
        try {
          await shelf.store(record);
        } catch (error) {
          await rm(dir, { recursive: true, force: true });
          log.error({ err: error, release: id }, 'publish: the release could not be stored');
          throw new PublishError(STORAGE_AWAY, 503);
        }
        await shelf.makeLive(id);
        await switchTo(id);
        log.info({ release: id, durationMs: Date.now() - started, files: record.files.length }, 'publish: switched');
        // The release is live: a cleanup that fails now is tried again with the next publish.
        await shelf.prune(KEEP).catch((error: unknown) => log.warn({ err: error }, 'publish: old releases not pruned'));
        await pruneHere();
        return record;
      });
    },

    async restore(id) {
      await claimed(async () => {
        if (!RELEASE_ID.test(id) || !(await shelf.record(id))) {
          throw new PublishError('Diese Veröffentlichung gibt es nicht (mehr).', 404);
        }
        await shelf.fetch(id);
        if (!(await fitsRenderer(folders(releasesDir, id).siteDir))) {
          throw new PublishError(
            'Dieser Stand wurde mit einer früheren Fassung der Website-Software gebaut und kann nicht wiederhergestellt werden.',
            409,
          );
        }
        await shelf.makeLive(id);
        await switchTo(id);
        log.info({ release: id }, 'publish: restored');
      });
    },

    follow() {
      let following = false;
      // Said once when following fails (the database away) and once when it works again, not each second.
      let failing = false;
      const timer = setInterval(() => {
        if (following) return;
        following = true;
        followLive()
          .then(() => {
            if (failing) log.info('publish: following the live release again');
            failing = false;
          })
          .catch((error: unknown) => {
            if (!failing) log.warn({ err: error }, 'publish: could not follow the live release; trying each second');
            failing = true;
          })
          .finally(() => {
            following = false;
          });
      }, FOLLOW_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
