/**
 * Publishing with replicas (docs/product.md#d38-content-editor): site servers (`npm start`) on one
 * PostgreSQL database and one S3 bucket, each with a data folder of its own, serving the project's
 * build, behind a proxy that sends each request to the next replica in turn. An editor works
 * through the proxy, so reads and saves land on either: a save through one is read through the
 * other; a publish is served by both within 5 s while a load polls both and the proxy, without a
 * failed request; a failed build changes nothing; a replica started later serves the live release
 * at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/server/features/accounts/accounts.views.ts';
import type { ReleaseRecord } from '../../src/server/features/editor/editor.views.ts';
import { builtSiteUrl, type RunningServer, run, startApiServer } from '../support/processes.ts';
import { type S3Emulator, startS3Emulator } from '../support/s3-emulator.ts';
import { createPostgresDatabase, STRONG_PASSWORD } from './support/test-api.ts';

const serverUrl = process.env.DATABASE_URL;
const siteUrl = builtSiteUrl();
const ADMIN = 'redaktion@example.de';
const HOTEL = 'landing/hotel.md';
const NEW_TITLE = 'Website für Ihr Hotel an der Müritz mit Direktbuchung';
/** Ports for the replicas of this file and the proxy (4360–4369 are this suite's). */
const PORTS = [4360, 4361, 4362] as const;
const PROXY_PORT = 4363;

/** A load balancer in its simplest form: each request to the next of `targets`, in turn. */
function roundRobin(targets: { baseUrl: string }[]) {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length]?.baseUrl ?? '');
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  return new Promise<{ baseUrl: string; close: () => void }>((resolve) =>
    server.listen(PROXY_PORT, '127.0.0.1', () =>
      resolve({ baseUrl: `http://127.0.0.1:${PROXY_PORT}`, close: () => server.close() }),
    ),
  );
}

describe.skipIf(!serverUrl || !siteUrl)(
  'publishing with two site replicas (PostgreSQL, S3, the project’s build)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let s3: S3Emulator;
    let env: (name: string) => NodeJS.ProcessEnv;
    const replicas: RunningServer[] = [];
    let proxy: Awaited<ReturnType<typeof roundRobin>>;

    beforeAll(async () => {
      database = await createPostgresDatabase(serverUrl as string);
      s3 = await startS3Emulator();
      const secret = randomBytes(32).toString('hex');
      env = (name) => ({
        ...process.env,
        ...s3.env,
        SITE_URL: siteUrl,
        DATABASE_URL: database.url,
        JWT_SECRET: secret,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `hwds-site-replica-${name}-`)),
      });
      const admin = await run(
        'src/cli/create-admin.ts',
        ['--email', ADMIN, '--password', STRONG_PASSWORD],
        env('admin'),
      );
      expect(admin.code, admin.output).toBe(0);
      // One after the other: the first imports the seed, the second finds it.
      replicas.push(await startApiServer(env('a'), 'src/cli/start.ts', PORTS[0]));
      replicas.push(await startApiServer(env('b'), 'src/cli/start.ts', PORTS[1]));
      proxy = await roundRobin(replicas.slice(0, 2));
    }, 120_000);

    afterAll(async () => {
      proxy?.close();
      await Promise.all(replicas.map((replica) => replica.stop()));
      await s3?.close();
      await database?.drop();
    });

    type Site = { baseUrl: string };

    const releaseOf = async (replica: Site) =>
      ((await (await fetch(`${replica.baseUrl}/api/health/ready`)).json()) as { release?: string | null }).release;

    /** An admin's bearer token and staff-tools cookie, got from `replica`. */
    async function editorOn(replica: Site) {
      const login = await fetch(`${replica.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userEmail: ADMIN, password: STRONG_PASSWORD }),
      });
      const { accessToken } = (await login.json()) as TokenPair;
      const session = await fetch(`${replica.baseUrl}/api/editor/session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      expect(session.status).toBe(204);
      const cookie = (session.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
      const keystatic = (on: Site, route: string, body?: unknown) =>
        fetch(`${on.baseUrl}/api/keystatic/${route}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { Cookie: cookie, 'no-cors': '1', Origin: on.baseUrl, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const read = async (on: Site, file: string) => {
        const tree = (await (await keystatic(on, 'tree')).json()) as { path: string; sha: string }[];
        const sha = tree.find((entry) => entry.path === file)?.sha;
        return (await keystatic(on, `blob/${sha}/${file}`)).text();
      };
      const save = (on: Site, file: string, text: string) =>
        keystatic(on, 'update', {
          additions: [{ path: file, contents: Buffer.from(text).toString('base64url') }],
          deletions: [],
        });
      const publish = (on: Site) =>
        fetch(`${on.baseUrl}/api/editor/publish`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${accessToken}` },
        });
      return { read, save, publish };
    }

    it('serves a publish through one replica on both within 5 s, with no failed request while a load polls both', async () => {
      const [a, b] = replicas as [RunningServer, RunningServer];
      // Through the proxy: the login, the cookie, the tree, the blob and the save each reach the next replica.
      const editor = await editorOn(proxy);
      const original = await editor.read(proxy, HOTEL);
      const saved = await editor.save(proxy, HOTEL, original.replace(/^title: .*$/m, `title: ${NEW_TITLE}`));
      expect(saved.status).toBe(200);
      expect(await editor.read(a, HOTEL)).toContain(NEW_TITLE);
      expect(await editor.read(b, HOTEL)).toContain(NEW_TITLE);

      // The load: each replica's and the proxy's pages and readiness, one request after another, until the end.
      const failures: string[] = [];
      let requests = 0;
      let loading = true;
      const load = Promise.all(
        [a, b, proxy].map(async (replica) => {
          while (loading) {
            for (const url of ['/hotel', '/', '/api/health/ready']) {
              const response = await fetch(`${replica.baseUrl}${url}`).catch((error: Error) => error);
              requests += 1;
              if (response instanceof Error || response.status !== 200) {
                failures.push(
                  `${replica.baseUrl}${url}: ${response instanceof Error ? response.message : response.status}`,
                );
              } else await response.arrayBuffer();
            }
          }
        }),
      );
      const published = await editor.publish(proxy);
      expect(published.status, await published.clone().text()).toBe(200);
      const release = (await published.json()) as ReleaseRecord;
      const switched = Date.now();
      const served = await Promise.all(
        [a, b].map(async (replica) => {
          await expect.poll(() => releaseOf(replica), { timeout: 5_000, interval: 50 }).toBe(release.id);
          return Date.now() - switched;
        }),
      );
      loading = false;
      await load;
      expect(Math.max(...served)).toBeLessThan(5_000);
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(50);
      for (const replica of [a, b, proxy]) {
        expect(await (await fetch(`${replica.baseUrl}/hotel`)).text()).toContain(NEW_TITLE);
      }
      console.log(
        `publish ${release.id}: served by both replicas ${Math.max(...served)} ms after the switch; ${requests} requests, 0 failed`,
      );

      // Content the build refuses: 422, and both replicas keep serving the live release.
      expect((await editor.save(proxy, HOTEL, original.replace(/^title: .*$/m, 'title: Kurz'))).status).toBe(200);
      expect((await editor.publish(proxy)).status).toBe(422);
      expect(await Promise.all([releaseOf(a), releaseOf(b)])).toEqual([release.id, release.id]);

      // A replica started now serves the live release from its first answer, fetched from the bucket.
      const c = await startApiServer(env('c'), 'src/cli/start.ts', PORTS[2]);
      replicas.push(c);
      expect(await releaseOf(c)).toBe(release.id);
      expect(await (await fetch(`${c.baseUrl}/hotel`)).text()).toContain(NEW_TITLE);
    }, 240_000);
  },
);
