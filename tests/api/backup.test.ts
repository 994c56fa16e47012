/**
 * Backups of the embedded database (docs/operations.md, "Backups"): `npm run backup` while the server runs or
 * without it, `npm run restore -- FILE` after a wipe, and the refusals that protect the data.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/server/features/accounts/accounts.views.ts';
import type { ArticleView, CategoryView } from '../../src/server/features/catalogue/catalogue.views.ts';
import type { ImageView } from '../../src/server/features/images/images.views.ts';
import type { MaterialFileView } from '../../src/server/features/materials/materials.views.ts';
import { rasterFile } from '../support/print-files.ts';
import { embeddedEnv, type RunningServer, run, startApiServer } from '../support/processes.ts';
import { addToCart, payCartByCard, type Send, saveBillingAddress, uploadMaterial } from '../support/realistic-shop.ts';
import { STRONG_PASSWORD } from './support/test-api.ts';

const ADMIN = 'chefin@example.de';

async function call(server: RunningServer, method: string, url: string, token: string, body?: unknown) {
  return fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function uploadImage(server: RunningServer, token: string, categoryId: number): Promise<ImageView> {
  const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#12355b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${server.baseUrl}/api/images/upload/departament/${categoryId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ImageView;
}

const bytesOf = async (server: RunningServer, url: string) =>
  Buffer.from(await (await fetch(`${server.baseUrl}${url}`)).arrayBuffer());

/** A print order of the administrator, paid, with its print file uploaded (docs/product.md#d36-next-steps). */
async function printOrderWithFile(server: RunningServer, token: string) {
  const send: Send = (url, init) => fetch(`${server.baseUrl}/api${url}`, init);
  const banner = ((await (await send('/articles')).json()) as ArticleView[]).filter((a) => a.type === 'Banner');
  await saveBillingAddress(send, token);
  await addToCart(send, token, banner);
  const booking = await payCartByCard(send, token);
  const data = await rasterFile({ width: 2000, height: 1400, type: 'png' });
  const target = { bookingId: booking.id, itemId: booking.items[0]?.id as number, slot: 'print' };
  const file = (await (await uploadMaterial(send, token, target, 'Banner.png', data)).json()) as MaterialFileView;
  return { url: `/api/booking/${booking.id}/materials/files/${file.id}`, data };
}

const categoryNumbers = async (server: RunningServer) =>
  ((await (await fetch(`${server.baseUrl}/api/departaments`)).json()) as CategoryView[]).map((d) => d.number);

describe('npm run backup and npm run restore (embedded database)', () => {
  it('backs up while the server runs; after a wipe the restore brings back data, images and sessions', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hwds-backup-'));
    const env = embeddedEnv(dataDir);
    expect((await run('src/cli/create-admin.ts', ['--email', ADMIN, '--password', STRONG_PASSWORD], env)).code).toBe(0);

    let file: string;
    let accessToken: string;
    let image: ImageView;
    let original: Buffer;
    let printFile: { url: string; data: Buffer };
    const server = await startApiServer(env);
    try {
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userEmail: ADMIN, password: STRONG_PASSWORD }),
      });
      ({ accessToken } = (await login.json()) as TokenPair);
      const created = await call(server, 'POST', '/departaments', accessToken, {
        number: 'BAK',
        type: 'Gesichert',
        description: 'Vor der Sicherung angelegt.',
      });
      const { id } = (await created.json()) as { id: number };
      image = await uploadImage(server, accessToken, id);
      original = await bytesOf(server, image.url);
      printFile = await printOrderWithFile(server, accessToken);

      const backup = await run('src/cli/backup.ts', [], env);
      expect(backup.code, backup.output).toBe(0);
      file = /^Backup written to (.+\.tar\.gz)$/m.exec(backup.output)?.[1] ?? '';
      expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
      expect(statSync(file).mode & 0o777).toBe(0o600); // it holds password hashes and the token secret

      // Made after the backup: the restore takes the site back to before it.
      await call(server, 'POST', '/departaments', accessToken, { number: 'NACH', type: 'Später', description: 'x' });

      const refused = await run('src/cli/restore.ts', [file], env);
      expect(refused).toEqual({
        code: 1,
        output: `Refusing to restore: a server (pid ${server.process.pid}) is using the database in ${path.join(dataDir, 'db')}. Stop it first.\n`,
      });
    } finally {
      await server.stop();
    }

    for (const name of ['db', 'uploads', 'jwt-secret']) rmSync(path.join(dataDir, name), { recursive: true });
    const restored = await run('src/cli/restore.ts', [file], env);
    expect(restored.code, restored.output).toBe(0);
    // The uploaded image and its WebP variants (480, 720, 960 and 1000 px wide), the eight photos
    // a fresh installation starts with (content/photos/) with theirs, the order's invoice and the
    // customer's print file: 5 + 38 + 2.
    expect(restored.output).toMatch(/^Restored the backup of \S+ with 45 uploaded files\.\n$/);

    const again = await startApiServer(env);
    try {
      const numbers = await categoryNumbers(again);
      expect(numbers).toContain('BAK');
      expect(numbers).not.toContain('NACH');
      expect(await bytesOf(again, image.url)).toEqual(original);
      const variant = await fetch(`${again.baseUrl}${image.variants[0]?.url}`);
      expect(variant.status).toBe(200);
      const file = await fetch(`${again.baseUrl}${printFile.url}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      expect(Buffer.from(await file.arrayBuffer())).toEqual(printFile.data);
      // The generated token secret came back too: a token from before the backup still works.
      expect((await call(again, 'GET', '/users/me', accessToken)).status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('backs up without a server, keeps what a restore replaces, and refuses what it cannot do', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hwds-backup-offline-'));
    const env = embeddedEnv(dataDir);
    expect((await run('src/cli/backup.ts', [], env)).output).toBe(
      `There is no database in ${path.join(dataDir, 'db')} to back up.\n`,
    );
    expect((await run('src/cli/create-admin.ts', ['--email', ADMIN, '--password', STRONG_PASSWORD], env)).code).toBe(0);

    const backup = await run('src/cli/backup.ts', [], env);
    expect(backup.code, backup.output).toBe(0);
    const file = /^Backup written to (.+)$/m.exec(backup.output)?.[1] ?? '';
    const restored = await run('src/cli/restore.ts', [file], env);
    expect(restored.code, restored.output).toBe(0);
    const kept = /^The data it replaced is kept in (.+)$/m.exec(restored.output)?.[1] ?? '';
    expect(existsSync(kept)).toBe(true);

    const notABackup = path.join(dataDir, 'notiz.tar.gz');
    writeFileSync(notABackup, 'kein Archiv');
    const refused = await run('src/cli/restore.ts', [notABackup], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toBe(`${notABackup} is not an HWDS backup: incorrect header check.\n`);

    const postgres = { ...env, DATABASE_URL: 'postgres://hwds@127.0.0.1:1/hwds' };
    const onPostgres = await run('src/cli/backup.ts', [], postgres);
    expect(onPostgres.code).toBe(1);
    expect(onPostgres.output).toContain('DATABASE_URL is set: back up PostgreSQL with pg_dump');
    expect((await run('src/cli/restore.ts', [file], postgres)).output).toContain('restore PostgreSQL with pg_restore');
  }, 120_000);
});
