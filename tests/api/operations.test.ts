/**
 * Operations (docs/product.md#operations), with the product as a process: a build in the folder a
 * running server serves, under load, costs no page a byte; a stop that cuts no
 * answer; readiness while the server starts and while its database or bucket is away; 503 with
 * `Retry-After` and a German message during a PostgreSQL outage while the pre-rendered pages still
 * serve, and full service again within 5 s of its return, without a restart; a bucket outage that
 * costs only the image routes. The database outage runs on a PostgreSQL cluster of the test's own
 * (tests/support/postgres-cluster.ts): the shared one is never stopped. Every wait is for an event,
 * with limits sized for a busy two-core machine.
 */
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readlinkSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsIn } from '../support/outbox.ts';
import { type PostgresCluster, postgresBinaries, startPostgresCluster } from '../support/postgres-cluster.ts';
import { builtSiteUrl, embeddedEnv, run, spawnServer, startApiServer } from '../support/processes.ts';
import { createCategory, logIn, photo, REALISTIC_CATEGORIES, REALISTIC_CUSTOMER } from '../support/realistic-shop.ts';
import { startS3Emulator } from '../support/s3-emulator.ts';
import { getWhole } from '../support/whole-answers.ts';
import { STRONG_PASSWORD } from './support/test-api.ts';

const ADMIN = { userEmail: 'chefin@example.de', password: STRONG_PASSWORD };
const METRICS_TOKEN = 'betrieb-messwerte-2026';
/** The migrations' advisory lock (src/server/db/database.ts): held, a starting server waits. */
const MIGRATION_LOCK_ID = 482_716_001;

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hwds-operations-'));

/** Resolves once `check` answers true, asked every 100 ms; fails after `limitMs`. */
async function until(what: string, check: () => Promise<boolean>, limitMs = 30_000): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

const registration = (userEmail: string) =>
  JSON.stringify({ ...REALISTIC_CUSTOMER, userEmail, password: STRONG_PASSWORD });

/** An answer with its headers, its text and how long it took. */
async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: Date.now() - started };
}

describe.skipIf(!builtSiteUrl())('a build under a running server', () => {
  it('leaves what it serves as it is: under load every page and asset arrives whole before, during and after the switch', async () => {
    const siteUrl = builtSiteUrl() as string;
    const server = await startApiServer(embeddedEnv(dataDir(), { SITE_URL: siteUrl }), 'src/cli/start.ts');
    const served = readlinkSync('dist');
    try {
      // The server names the build it serves, so that no later build removes it.
      expect(readFileSync(`.builds/in-use/${server.process.pid}`, 'utf8')).toBe(path.basename(served));
      const home = await getWhole(`${server.baseUrl}/`);
      const asset = home.text?.match(/\/_astro\/[\w.-]+\.js/)?.[0];
      expect(asset, 'the home page loads a script').toBeDefined();
      // The pages whose compressed copies went out short before (brotli, gzip, plain), and an asset.
      const targets = ['/', '/shop', '/preise', '/modelle', asset as string];
      const encodings = ['br', 'gzip, deflate', undefined];
      const faults: string[] = [];
      const answered = { duringBuild: 0, afterSwitch: 0 };
      let phase: keyof typeof answered = 'duringBuild';
      let loading = true;
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      // Four visitors, each about 40 requests a second: a steady load that leaves the build a core.
      const visitor = async (offset: number) => {
        for (let n = offset; loading; n++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          const target = targets[n % targets.length] as string;
          const acceptEncoding = encodings[Math.floor(n / targets.length) % encodings.length];
          const answer = await getWhole(`${server.baseUrl}${target}`, { acceptEncoding, agent });
          if (answer.status !== 200 || answer.fault) {
            faults.push(`${target} (${acceptEncoding ?? 'plain'}): ${answer.status} ${answer.fault ?? ''}`);
          }
          answered[phase]++;
        }
      };
      const visitors = [0, 1, 2, 3].map(visitor);

      // `npm run build` in the served folder, as `git pull && npm run build` before a restart does.
      const built = await run('node_modules/astro/bin/astro.mjs', ['build'], {
        ...process.env,
        NODE_ENV: 'production',
        SITE_URL: siteUrl,
        ASTRO_TELEMETRY_DISABLED: '1',
      });
      expect(built.code, built.output).toBe(0);
      phase = 'afterSwitch';
      await until('a hundred answers after the switch', async () => answered.afterSwitch >= 100);
      loading = false;
      await Promise.all(visitors);
      agent.destroy();

      expect(faults).toEqual([]);
      expect(answered.duringBuild).toBeGreaterThan(50);
      // dist names the new build; the one served stays whole while its server runs.
      expect(readlinkSync('dist')).not.toBe(served);
      expect(existsSync(path.join(served, 'client/index.html'))).toBe(true);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 300_000);
});

describe('a stop (SIGTERM)', () => {
  it('answers what it began, closes kept-alive connections after their answer, refuses new ones and exits with 0', async () => {
    const dir = dataDir();
    const server = await startApiServer(embeddedEnv(dir, { SHUTDOWN_DELAY_SECONDS: '2' }));
    const { hostname, port } = new URL(server.baseUrl);

    // A client with a kept-alive connection, as a proxy's pool has one.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await new Promise<Socket>((resolve, reject) => {
      const req = httpRequest(`${server.baseUrl}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket as Socket));
      });
      req.on('error', reject);
      req.end();
    });
    const idleClosed = once(idle, 'close');

    // A registration under way: its body half sent when the stop comes.
    const body = Buffer.from(registration('kurz-vor-schluss@example.de'));
    const registering = httpRequest({
      hostname,
      port,
      path: '/api/auth/register',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
    });
    const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      registering.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      registering.on('error', reject);
    });
    await new Promise<void>((resolve) => registering.write(body.subarray(0, 40), () => resolve()));

    const exited = once(server.process, 'exit');
    server.process.kill('SIGTERM');
    // At once not ready, while it still answers for SHUTDOWN_DELAY_SECONDS, for the load balancer to notice …
    let stopping = await fetch(`${server.baseUrl}/api/health/ready`);
    await until('readiness saying it stops', async () => {
      stopping = await fetch(`${server.baseUrl}/api/health/ready`);
      return stopping.status === 503;
    });
    expect({
      status: stopping.status,
      body: await stopping.json(),
      connection: stopping.headers.get('connection'),
    }).toEqual({
      status: 503,
      body: {
        message: 'Der Server ist nicht bereit: er wird beendet.',
        statusCode: 503,
        reasons: ['stopping'],
      },
      connection: 'close',
    });
    // … then it accepts no new connection, and its idle kept-alive ones are closed.
    await until('new connections refused', () =>
      fetch(`${server.baseUrl}/api/health`).then(
        () => false,
        () => true,
      ),
    );
    await idleClosed;
    // The registration begun before is answered, on a connection closed after it.
    registering.end(body.subarray(40));
    expect(await answer).toEqual({ status: 201, connection: 'close' });
    const [code] = (await exited) as [number];
    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    agent.destroy();

    // Nothing lost: its confirmation mail went out before the exit, or goes out at the next start.
    const again = await startApiServer(embeddedEnv(dir));
    await until('the confirmation mail in the outbox', async () =>
      mailsIn(path.join(dir, 'outbox'), 'kurz-vor-schluss@example.de').some((mail) =>
        mail.subject.startsWith('Bitte bestätigen'),
      ),
    );
    expect(await again.stop()).toBe(0);
  }, 120_000);
});

describe.skipIf(!postgresBinaries())('PostgreSQL away (a cluster of the test’s own)', () => {
  let cluster: PostgresCluster;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    env = {
      ...embeddedEnv(dataDir(), { METRICS_TOKEN }),
      DATABASE_URL: cluster.url,
      // The build in dist/ was made for this site URL: the server starts without building.
      ...(builtSiteUrl() && { SITE_URL: builtSiteUrl() }),
    };
  }, 60_000);

  afterAll(() => cluster?.remove());

  it('says it is starting while another replica holds the migrations, and serves once they ran', async () => {
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const server = await spawnServer(env);
    try {
      await until('the server answering', async () => (await fetch(`${server.baseUrl}/api/health`)).ok);
      const ready = await timed(`${server.baseUrl}/api/health/ready`);
      expect({ status: ready.status, body: JSON.parse(ready.text) }).toEqual({
        status: 503,
        body: { message: 'Der Server ist nicht bereit: er startet gerade.', statusCode: 503, reasons: ['starting'] },
      });
      expect(ready.headers.get('retry-after')).toBe('5');
      const catalogue = await timed(`${server.baseUrl}/api/departaments`);
      expect({ status: catalogue.status, retryAfter: catalogue.headers.get('retry-after') }).toEqual({
        status: 503,
        retryAfter: '5',
      });
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      await server.ready();
      expect((await fetch(`${server.baseUrl}/api/departaments`)).status).toBe(200);
    } finally {
      await holder.end();
      await server.stop();
    }
  }, 120_000);

  it.skipIf(!builtSiteUrl())(
    'answers 503 with Retry-After in German while it is down, serves the pre-rendered pages, and all again within 5 s of its return',
    async () => {
      const server = await startApiServer(env, 'src/cli/start.ts');
      expect((await timed(`${server.baseUrl}/departaments/12`)).status).toBe(200);
      try {
        await cluster.stop();
        const needsDatabase = [
          timed(`${server.baseUrl}/api/departaments/12`),
          timed(`${server.baseUrl}/api/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ userEmail: 'kundin@example.de', password: STRONG_PASSWORD }),
          }),
        ];
        for (const answer of await Promise.all(needsDatabase)) {
          expect({
            status: answer.status,
            body: JSON.parse(answer.text),
            retryAfter: answer.headers.get('retry-after'),
          }).toEqual({
            status: 503,
            body: {
              message:
                'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut; Ihre Eingaben gehen nicht verloren.',
              statusCode: 503,
            },
            retryAfter: '5',
          });
          expect(answer.ms).toBeLessThan(5_000); // never a hang
        }
        const categoryPage = await timed(`${server.baseUrl}/departaments/12`);
        expect({ status: categoryPage.status, text: categoryPage.text }).toEqual({
          status: 503,
          text: 'Diese Seite ist gerade nicht erreichbar. Bitte laden Sie sie in einigen Sekunden neu.',
        });
        for (const page of ['/', '/shop', '/preise', '/modelle']) {
          expect({ page, status: (await timed(`${server.baseUrl}${page}`)).status }).toEqual({ page, status: 200 });
        }
        expect(JSON.parse((await timed(`${server.baseUrl}/api/health/ready`)).text).reasons).toEqual(['database']);
        const metrics = await timed(`${server.baseUrl}/api/metrics`, {
          headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
        });
        expect(metrics.text).toMatch(/^hwds_database_up 0$/m);
        expect(metrics.text).toMatch(
          /^hwds_http_requests_total\{method="GET",route="\/api\/departaments\/:id",status="503"\} 1$/m,
        );
      } finally {
        await cluster.start();
      }
      // Back without a restart: the pool connects anew.
      const recovered = await until(
        'the catalogue and its page answering again',
        async () =>
          (await fetch(`${server.baseUrl}/api/departaments/12`)).ok &&
          (await fetch(`${server.baseUrl}/departaments/12`)).ok,
        5_000,
      );
      expect(recovered).toBeLessThan(5_000);
      expect((await timed(`${server.baseUrl}/api/health/ready`)).status).toBe(200);
      expect(await server.stop()).toBe(0);
    },
    120_000,
  );
});

describe('the bucket away', () => {
  it('costs the image routes (503), while the catalogue, readiness’ other checks and the rest answer', async () => {
    const s3 = await startS3Emulator();
    const dir = dataDir();
    const env = embeddedEnv(dir, s3.env);
    const admin = await run('src/cli/create-admin.ts', ['--email', ADMIN.userEmail, '--password', ADMIN.password], env);
    expect(admin.code, admin.output).toBe(0);
    const server = await startApiServer(env);
    try {
      const send = (apiPath: string, init?: RequestInit) => fetch(`${server.baseUrl}/api${apiPath}`, init);
      const token = await logIn(send, ADMIN.userEmail, ADMIN.password);
      const category = await createCategory(send, token, REALISTIC_CATEGORIES.onePhoto);
      const image = category.images[0];
      const upload = async () => {
        const form = new FormData();
        form.set('file', new File([new Uint8Array(await photo(7))], 'foto.jpg', { type: 'image/jpeg' }));
        return send(`/images/upload/departament/${category.id}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        });
      };

      await s3.pause();
      const refused = await upload();
      expect({
        status: refused.status,
        body: await refused.json(),
        retryAfter: refused.headers.get('retry-after'),
      }).toEqual({
        status: 503,
        body: {
          message: 'Die Bilder sind gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
          statusCode: 503,
        },
        retryAfter: '5',
      });
      expect((await fetch(`${server.baseUrl}${image?.url}`)).status).toBe(503);
      expect((await send(`/departaments/${category.id}`)).status).toBe(200);
      expect((await send('/users/me', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      const ready = await send('/health/ready');
      expect({ status: ready.status, reasons: ((await ready.json()) as { reasons: string[] }).reasons }).toEqual({
        status: 503,
        reasons: ['storage'],
      });

      await s3.resume();
      await until('ready again', async () => (await send('/health/ready')).ok);
      expect((await upload()).status).toBe(201);
      expect((await fetch(`${server.baseUrl}${image?.url}`)).status).toBe(200);
    } finally {
      await server.stop();
      await s3.close();
    }
  }, 120_000);
});

describe('the metrics', () => {
  it('are served only for METRICS_TOKEN, with requests by route pattern and status', async () => {
    const server = await startApiServer(embeddedEnv(dataDir(), { METRICS_TOKEN }));
    try {
      await fetch(`${server.baseUrl}/api/departaments/12`);
      await fetch(`${server.baseUrl}/api/departaments/9999`);
      const metrics = (token?: string) =>
        fetch(`${server.baseUrl}/api/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      expect((await metrics()).status).toBe(404);
      expect((await metrics('falsches-token-2026')).status).toBe(404);
      const served = await metrics(METRICS_TOKEN);
      expect(served.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await served.text();
      for (const line of [
        'hwds_http_requests_total{method="GET",route="/api/departaments/:id",status="200"} 1',
        'hwds_http_requests_total{method="GET",route="/api/departaments/:id",status="404"} 1',
        'hwds_database_up 1',
        'hwds_mail_queue_depth 0',
        'hwds_payment_attempts{status="open"} 0',
        'hwds_reconciliation_runs_total 1',
        'hwds_reconciliation_failures_total 0',
      ]) {
        expect(text.split('\n'), line).toContain(line);
      }
      expect(text).toMatch(
        /^hwds_http_request_duration_seconds_count\{method="GET",route="\/api\/departaments\/:id"\} 2$/m,
      );
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
