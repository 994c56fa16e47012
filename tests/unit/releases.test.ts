/**
 * Publishing's bookkeeping (docs/product.md#d38-content-editor) with a stand-in for `astro build`
 * (the real build is proven end to end in tests/e2e/editor.spec.ts): a release is built from a
 * copy of the content, switched to only when its build succeeded, recorded with who and which
 * files, named for the next start, and an earlier one can be served again. The pages rendered on
 * request keep the one handler loaded at the start: a release built by other code is refused.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { liveRelease, releases as releaseRecords } from '../../src/server/db/schema.ts';
import { releaseShelf } from '../../src/server/features/editor/release-shelf.ts';
import {
  publishedRelease,
  type Releases,
  releases,
  type SiteBuild,
} from '../../src/server/features/editor/releases.ts';
import { loadRenderer } from '../../src/server/features/editor/renderer.ts';
import { diskBlobStore } from '../../src/server/storage/disk-blob-store.ts';

let root: string;
let contentDir: string;
let releasesDir: string;
/** The database every replica shares (the records and the live pointer); the blob store is a folder in `root`. */
let database: DatabaseHandle;
const switchedTo: string[] = [];
/** The version of the code the stand-in builds with (src/server/code-version.ts). */
let code = 'a1';

/**
 * A build whose one page says which title the content had, with the code's version in its
 * build-info.json, and a script whose name stays (a fix in the server's code leaves the browser's
 * scripts as they were).
 */
const standIn: SiteBuild = async (_projectRoot, content, outDir) => {
  const title = readFileSync(path.join(content, 'landing/hotel.md'), 'utf8').match(/^title: (.*)$/m)?.[1];
  if (!title)
    return {
      ok: false,
      output:
        '[InvalidContentEntryDataError] landing → hotel data does not match collection schema.\n\n  title: Pflichtfeld\n\n  Hint:\n',
    };
  mkdirSync(path.join(outDir, 'server'), { recursive: true });
  mkdirSync(path.join(outDir, 'client/_astro'), { recursive: true });
  writeFileSync(path.join(outDir, 'server/entry.mjs'), 'export const handler = () => undefined;');
  writeFileSync(path.join(outDir, 'client/index.html'), title);
  writeFileSync(path.join(outDir, 'client/_astro/page.a1.js'), '');
  writeFileSync(path.join(outDir, 'build-info.json'), JSON.stringify({ code }));
  return { ok: true, output: '' };
};

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(contentDir, file)), { recursive: true });
  writeFileSync(path.join(contentDir, file), text);
}

/** A server of the site with its own release folder, sharing the database and the blob store. */
async function started(dir = releasesDir): Promise<Releases> {
  const dist = path.join(root, 'dist');
  // The project's build was made from the seed; editors change the tree (`contentDir`) after it.
  const seed = path.join(root, 'seed');
  cpSync(contentDir, seed, { recursive: true });
  await standIn(root, seed, dist);
  return releases({
    releasesDir: dir,
    snapshot: async (into) => cpSync(contentDir, into, { recursive: true }),
    shelf: releaseShelf(database.db, diskBlobStore(path.join(root, 'bucket')), dir),
    projectRoot: root,
    initial: { id: null, siteDir: dist, contentDir: seed },
    renderer: await loadRenderer({ releasesDir: dir, siteDir: dist, projectRoot: root }),
    afterSwitch: async (content) => {
      switchedTo.push(content);
    },
    build: standIn,
  });
}

/** The served pages' title, also as the handler of the pages rendered on request reads its 404 page. */
function servedTitle(served: Releases, dir = releasesDir): string {
  const title = readFileSync(path.join(served.served().clientDir, 'index.html'), 'utf8');
  expect(readFileSync(path.join(dir, 'live/client/index.html'), 'utf8')).toBe(title);
  return title;
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
});

afterAll(() => database.close());

beforeEach(async () => {
  await database.db.update(liveRelease).set({ releaseId: null, publishingSince: null });
  await database.db.delete(releaseRecords);
  root = mkdtempSync(path.join(tmpdir(), 'hwds-releases-'));
  contentDir = path.join(root, 'content');
  releasesDir = path.join(root, 'data/releases');
  mkdirSync(path.join(root, 'node_modules'));
  write('landing/hotel.md', '---\ntitle: Website für Ihr Hotel\n---\n');
  write('models.yaml', 'models: []\n');
  switchedTo.length = 0;
  code = 'a1';
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('publishing', () => {
  it('switches to a new release built from a copy of the content, records it and names it for the next start', async () => {
    const served = await started();
    expect(servedTitle(served)).toBe('Website für Ihr Hotel');

    write('landing/hotel.md', '---\ntitle: Ihr Hotel am See\n---\n');
    const record = await served.publish('chefin@example.de');
    expect(record).toMatchObject({ publishedBy: 'chefin@example.de', files: ['landing/hotel.md'] });
    expect(servedTitle(served)).toBe('Ihr Hotel am See');
    expect(switchedTo).toEqual([path.join(releasesDir, record.id, 'content')]);
    expect(readFileSync(path.join(releasesDir, record.id, 'content/landing/hotel.md'), 'utf8')).toContain('am See');
    expect(publishedRelease(releasesDir)?.id).toBe(record.id);
    expect(await served.view()).toEqual({ current: record.id, publishing: false, releases: [record] });
  });

  it('keeps serving the release it had when the build fails, and says where in German', async () => {
    const served = await started();
    write('landing/hotel.md', '---\nbusinessType: Hotel\n---\n');
    await expect(served.publish('chefin@example.de')).rejects.toMatchObject({
      statusCode: 422,
      message:
        'Nicht veröffentlicht: Eintrag „hotel“: Feld „title“: Pflichtfeld. Die Website zeigt weiter die zuletzt veröffentlichte Fassung.',
    });
    expect(servedTitle(served)).toBe('Website für Ihr Hotel');
    expect(switchedTo).toEqual([]);
    expect(publishedRelease(releasesDir)).toBeUndefined();
    expect((await served.view()).releases).toEqual([]);
  });

  it('serves an earlier release again, and names the files changed since the one before', async () => {
    const served = await started();
    write('landing/hotel.md', '---\ntitle: Erste Fassung\n---\n');
    const first = await served.publish('chefin@example.de');
    write('landing/hotel.md', '---\ntitle: Zweite Fassung\n---\n');
    write('models.yaml', 'models: [] # geändert\n');
    // Ids are the publishing time to the millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await served.publish('redakteur@example.de');
    expect(second.files).toEqual(['landing/hotel.md', 'models.yaml']);
    expect(servedTitle(served)).toBe('Zweite Fassung');

    await served.restore(first.id);
    expect(servedTitle(served)).toBe('Erste Fassung');
    expect(publishedRelease(releasesDir)?.id).toBe(first.id);
    expect((await served.view()).current).toBe(first.id);
    await expect(served.restore('2020-01-01T00-00-00-000Z')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses a release built by other code than the server started with, and keeps serving', async () => {
    const served = await started();
    write('landing/hotel.md', '---\ntitle: Erste Fassung\n---\n');
    const first = await served.publish('chefin@example.de');
    code = 'b2';
    write('landing/hotel.md', '---\ntitle: Zweite Fassung\n---\n');
    await expect(served.publish('chefin@example.de')).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('Bitte starten Sie den Server neu'),
    });
    expect(servedTitle(served)).toBe('Erste Fassung');
    expect((await served.view()).releases).toEqual([first]);
  });

  it('serves no release again that earlier code built: its pages lack the fixes of the code that runs now', async () => {
    const before = await started();
    write('landing/hotel.md', '---\ntitle: Hotel</script><script>alert(1)</script>\n---\n');
    const published = await before.publish('chefin@example.de');
    // The server is updated (a fix) and started again: it builds and serves the new code's pages.
    code = 'b2';
    write('landing/hotel.md', '---\ntitle: Website für Ihr Hotel\n---\n');
    const after = await started();
    await expect(after.restore(published.id)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('mit einer früheren Fassung der Website-Software gebaut'),
    });
    expect(servedTitle(after)).toBe('Website für Ihr Hotel');
  });

  it('keeps the releases to the running account: folders 0700, files 0600, whatever they were copied from', async () => {
    const served = await started();
    write('landing/hotel.md', '---\ntitle: Ihr Hotel am See\n---\n');
    const record = await served.publish('chefin@example.de');
    const modes = new Map<string, number>();
    for (const entry of readdirSync(releasesDir, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if (!entry.isSymbolicLink()) modes.set(path.relative(releasesDir, file), statSync(file).mode & 0o777);
    }
    expect(statSync(releasesDir).mode & 0o777).toBe(0o700);
    expect(modes.get(`${record.id}/content/landing/hotel.md`)).toBe(0o600);
    expect(modes.get('live/server/entry.mjs')).toBe(0o600);
    const open = [...modes].filter(
      ([name, mode]) => mode !== (statSync(path.join(releasesDir, name)).isDirectory() ? 0o700 : 0o600),
    );
    expect(open).toEqual([]);
  });
});

describe('replicas', () => {
  it('follow a publish and a restore on another within 5 s, a failed build changes nothing, a later one fetches the live release', {
    timeout: 20_000,
  }, async () => {
    const a = await started();
    const otherDir = path.join(root, 'other/releases');
    const b = await started(otherDir);
    const stops = [a.follow(), b.follow()];
    try {
      write('landing/hotel.md', '---\ntitle: Ihr Hotel am See\n---\n');
      const first = await a.publish('chefin@example.de');
      const switched = Date.now();
      await expect.poll(() => b.servedId(), { timeout: 5_000, interval: 50 }).toBe(first.id);
      expect(Date.now() - switched).toBeLessThan(5_000);
      expect(servedTitle(b, otherDir)).toBe('Ihr Hotel am See');
      expect((await b.view()).releases).toEqual([first]);

      // One publish at a time across replicas; a build that fails leaves every replica as it was.
      write('landing/hotel.md', '---\nbusinessType: Hotel\n---\n');
      await expect(b.publish('redakteur@example.de')).rejects.toMatchObject({ statusCode: 422 });
      write('landing/hotel.md', '---\ntitle: Zweite Fassung\n---\n');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const outcomes = await Promise.allSettled([b.publish('redakteur@example.de'), a.publish('chefin@example.de')]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { statusCode: 409 } });
      await expect.poll(() => servedTitle(a), { timeout: 5_000, interval: 50 }).toBe('Zweite Fassung');

      // Restoring is the same pointer move: the other replica follows it back.
      await b.restore(first.id);
      await expect.poll(() => servedTitle(a), { timeout: 5_000, interval: 50 }).toBe('Ihr Hotel am See');

      // A replica started now, on a machine without the release, fetches it from the blob store.
      const laterDir = path.join(root, 'later/releases');
      await releaseShelf(database.db, diskBlobStore(path.join(root, 'bucket')), laterDir).fetch(first.id);
      expect(publishedRelease(laterDir, first.id)?.id).toBe(first.id);
      expect(readFileSync(path.join(laterDir, first.id, 'site/client/index.html'), 'utf8')).toBe('Ihr Hotel am See');
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('forget the archive of a publish that stopped before its record, once no publish can still be storing it', async () => {
    const a = await started();
    write('landing/hotel.md', '---\ntitle: Ihr Hotel am See\n---\n');
    const first = await a.publish('chefin@example.de');
    const bucket = diskBlobStore(path.join(root, 'bucket'));
    // A replica stopped between storing and recording, yesterday and a minute ago; an upload beside them.
    const idAt = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');
    const firstAt = Date.parse(first.publishedAt);
    const stopped = idAt(firstAt - 86_400_000);
    const recent = idAt(firstAt - 60_000);
    for (const key of [`release-${stopped}.tar.gz`, `release-${recent}.tar.gz`, 'release-notes.pdf']) {
      await bucket.put(key, Buffer.from('x'), 'application/octet-stream');
    }
    write('landing/hotel.md', '---\ntitle: Zweite Fassung\n---\n');
    const second = await a.publish('chefin@example.de');
    expect((await bucket.list('release-')).sort()).toEqual(
      [
        `release-${first.id}.tar.gz`,
        `release-${recent}.tar.gz`,
        `release-${second.id}.tar.gz`,
        'release-notes.pdf',
      ].sort(),
    );
  });

  it('run only the archive a replica stored: one put in its place in the bucket is neither fetched nor served', {
    timeout: 20_000,
  }, async () => {
    const a = await started();
    const otherDir = path.join(root, 'other/releases');
    const b = await started(otherDir);
    write('landing/hotel.md', '---\ntitle: Ihr Hotel am See\n---\n');
    const record = await a.publish('chefin@example.de');
    // Someone with the bucket's key replaces the archive with one of their own making.
    const forged = path.join(root, 'forged');
    mkdirSync(path.join(forged, record.id, 'site/server'), { recursive: true });
    writeFileSync(path.join(forged, record.id, 'site/server/entry.mjs'), 'process.exit(99);');
    const archive = spawnSync('tar', ['-C', forged, '-czf', '-', record.id]).stdout;
    await diskBlobStore(path.join(root, 'bucket')).put(`release-${record.id}.tar.gz`, archive, 'application/gzip');

    const laterDir = path.join(root, 'later/releases');
    await expect(
      releaseShelf(database.db, diskBlobStore(path.join(root, 'bucket')), laterDir).fetch(record.id),
    ).rejects.toThrow('the archive in the blob store is not the one stored');
    expect(existsSync(path.join(laterDir, record.id))).toBe(false);
    // A running replica that follows keeps what it served.
    const stop = b.follow();
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(b.servedId()).toBeNull();
      expect(servedTitle(b, otherDir)).toBe('Website für Ihr Hotel');
    } finally {
      stop();
    }
  });

  it('refuse a restore or a publish while another replica holds the claim; a claim not renewed for a minute is a stopped replica’s', async () => {
    const a = await started();
    write('landing/hotel.md', '---\ntitle: Ihr Hotel am See\n---\n');
    const first = await a.publish('chefin@example.de');
    const shelf = releaseShelf(database.db, diskBlobStore(path.join(root, 'bucket')), releasesDir);
    const other = await shelf.claim();
    expect(other).toBeDefined();
    await expect(a.restore(first.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(a.publish('chefin@example.de')).rejects.toMatchObject({ statusCode: 409 });
    expect((await a.view()).publishing).toBe(true);

    // The replica holding it stopped: a minute without renewal, and the next publish goes, its own claim ended by it alone.
    await database.db.update(liveRelease).set({ publishingSince: new Date(Date.now() - 61_000) });
    write('landing/hotel.md', '---\ntitle: Dritte Fassung\n---\n');
    await a.publish('chefin@example.de');
    expect(servedTitle(a)).toBe('Dritte Fassung');
    const mine = await shelf.claim();
    if (!other || !mine) throw new Error('no claim');
    await shelf.unclaim(other);
    expect((await a.view()).publishing).toBe(true);
    await shelf.unclaim(mine);
    expect((await a.view()).publishing).toBe(false);
  });

  it('keep on a follower the release folders a publisher keeps, not every release ever served', {
    timeout: 40_000,
  }, async () => {
    const a = await started();
    const otherDir = path.join(root, 'other/releases');
    const b = await started(otherDir);
    const stop = b.follow();
    try {
      for (let publish = 1; publish <= 12; publish++) {
        write('landing/hotel.md', `---\ntitle: Fassung ${publish}\n---\n`);
        const record = await a.publish('chefin@example.de');
        await expect.poll(() => b.servedId(), { timeout: 5_000, interval: 50 }).toBe(record.id);
      }
    } finally {
      stop();
    }
    const folders = (dir: string) => readdirSync(dir).filter((name) => /^\d{4}-/.test(name) && !name.includes('.'));
    expect(folders(releasesDir)).toHaveLength(10);
    // The follower prunes right after it switched.
    await expect.poll(() => folders(otherDir).sort()).toEqual(folders(releasesDir).sort());
  });
});
