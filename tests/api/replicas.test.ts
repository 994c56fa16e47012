/**
 * Replicas (docs/product.md#d18-category-pages): two `npm run start:api` processes sharing one
 * PostgreSQL database, one S3 bucket, one mail server and one JWT_SECRET, each with a data folder
 * of its own, behave as one site.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/server/features/accounts/accounts.views.ts';
import type { ImageView } from '../../src/server/features/images/images.views.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit-defaults.ts';
import { type RunningServer, run, startApiServer } from '../support/processes.ts';
import { type S3Emulator, startS3Emulator } from '../support/s3-emulator.ts';
import { deliveredTo, smtpServer } from '../support/smtp-capture.ts';
import { createPostgresDatabase, STRONG_PASSWORD } from './support/test-api.ts';

const serverUrl = process.env.DATABASE_URL;
const ADMIN = 'chefin@example.de';

describe.skipIf(!serverUrl)('two API replicas (needs PostgreSQL: the embedded database admits one process)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: S3Emulator;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let a: RunningServer;
  let b: RunningServer;

  const call = (
    replica: RunningServer,
    method: string,
    url: string,
    options: { body?: unknown; token?: string } = {},
  ) =>
    fetch(`${replica.baseUrl}/api${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  const login = async (replica: RunningServer, userEmail: string, password: string) => {
    const response = await call(replica, 'POST', '/auth/login', { body: { userEmail, password } });
    expect(response.status).toBe(200);
    return (await response.json()) as TokenPair;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl as string);
    [s3, smtp] = await Promise.all([startS3Emulator(), smtpServer()]);
    const secret = randomBytes(32).toString('hex');
    // Shared: database, bucket, mail server, token secret. Each replica has a data folder of its own.
    const env = (name: string): NodeJS.ProcessEnv => ({
      ...process.env,
      ...s3.env,
      DATABASE_URL: database.url,
      JWT_SECRET: secret,
      SMTP_URL: smtp.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `hwds-replica-${name}-`)),
    });
    const admin = await run('src/cli/create-admin.ts', ['--email', ADMIN, '--password', STRONG_PASSWORD], env('admin'));
    expect(admin.code, admin.output).toBe(0);
    [a, b] = await Promise.all([startApiServer(env('a')), startApiServer(env('b'))]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([s3?.close(), smtp?.close()]);
    await database?.drop();
  });

  it('serves an image uploaded through one replica from the other, original and variant; a delete reaches both', async () => {
    const { accessToken } = await login(a, ADMIN, STRONG_PASSWORD);
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#12355b' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${a.baseUrl}/api/images/upload/departament/13`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as ImageView;

    const original = await fetch(`${b.baseUrl}${image.url}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ width: 1000 });
    const [narrowest] = image.variants;
    const variant = await fetch(`${b.baseUrl}${narrowest?.url}`);
    expect(variant.status).toBe(200);
    expect(await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
    });
    const category = (await (await call(b, 'GET', '/departaments/13')).json()) as { imageUrls: string[] };
    expect(category.imageUrls).toContain(image.url);

    expect((await call(b, 'DELETE', `/images/${image.id}`, { token: accessToken })).status).toBe(204);
    expect((await fetch(`${a.baseUrl}${image.url}`)).status).toBe(404);
    expect((await fetch(`${a.baseUrl}${narrowest?.url}`)).status).toBe(404);
  });

  it('ends a session on both replicas when it is logged out through one', async () => {
    const tokens = await login(a, ADMIN, STRONG_PASSWORD);
    expect((await call(b, 'GET', '/users/me', { token: tokens.accessToken })).status).toBe(200);
    expect((await call(a, 'POST', '/auth/logout', { token: tokens.accessToken })).status).toBe(204);
    expect((await call(b, 'GET', '/users/me', { token: tokens.accessToken })).status).toBe(401);
    expect((await call(b, 'POST', '/auth/refresh', { body: { refreshToken: tokens.refreshToken } })).status).toBe(401);
  });

  it('counts login attempts made on either replica against one limit', async () => {
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccountAndAddress;
    const body = { userEmail: `ratelimit-${randomBytes(3).toString('hex')}@example.de`, password: 'Falsch-2026!x' };
    for (let attempt = 0; attempt < limit; attempt++) {
      const replica = attempt % 2 === 0 ? a : b;
      expect((await call(replica, 'POST', '/auth/login', { body })).status, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const replica of [a, b]) {
      const refused = await call(replica, 'POST', '/auth/login', { body });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('delivers each queued mail once although both replicas send from the one queue', async () => {
    const addresses = Array.from(
      { length: 6 },
      (_, index) => `replik${index}-${randomBytes(3).toString('hex')}@example.de`,
    );
    // Registrations through both replicas at once wake both mail senders on the same queue.
    const registered = await Promise.all(
      addresses.map((userEmail, index) =>
        call(index % 2 === 0 ? a : b, 'POST', '/auth/register', {
          body: {
            firstName: 'Rita',
            lastName: 'Replik',
            phoneNumber: '0611123456',
            userEmail,
            password: STRONG_PASSWORD,
          },
        }),
      ),
    );
    expect(registered.map((response) => response.status)).toEqual(addresses.map(() => 201));

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const queued = () =>
        client.query<{ recipient: string; attempts: number; sent: boolean }>(
          'select recipient, attempts, sent_at is not null as sent from mail_queue where recipient = any($1)',
          [addresses],
        );
      await expect
        .poll(async () => (await queued()).rows.filter((row) => row.sent).length, { timeout: 15_000 })
        .toBe(6);
      // Each mail was taken by one sender, once (a second claim would count a second attempt) …
      expect((await queued()).rows.map((row) => row.attempts)).toEqual(addresses.map(() => 1));
    } finally {
      await client.end();
    }
    // … and reached the mail server once.
    for (const address of addresses) expect(deliveredTo(smtp.deliveries, address), address).toHaveLength(1);
  });
});
