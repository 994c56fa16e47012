import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/server/features/accounts/accounts.views.ts';
import type { ReceivedMail } from '../support/eml.ts';
import { linkIn, mailsIn } from '../support/outbox.ts';
import { embeddedEnv, freePort, run, startApiServer } from '../support/processes.ts';

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('the server process and the embedded database', () => {
  it('keeps data across a restart; the admin command refuses while the server runs and works after', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hwds-restart-'));
    const env = embeddedEnv(dataDir);
    const user = {
      firstName: 'Rolf',
      lastName: 'Neustart',
      phoneNumber: '0611555666',
      userEmail: 'rolf@example.de',
      password: 'Sommer-2026!A',
    };

    const photosOf = async (base: string, id: number) =>
      (
        (await (await fetch(`${base}/api/departaments/${id}`)).json()) as {
          images: { width: number; height: number }[];
        }
      ).images;

    const first = await startApiServer(env);
    // A fresh installation's shop has galleries: the example sites' photos (content/photos/).
    expect(await photosOf(first.baseUrl, 12)).toHaveLength(4);
    expect((await photosOf(first.baseUrl, 12)).filter((photo) => photo.height > photo.width)).toHaveLength(1); // the phone's
    expect((await post(`${first.baseUrl}/api/auth/register`, user)).status).toBe(201);
    const outbox = path.join(dataDir, 'outbox');
    await expect.poll(() => mailsIn(outbox, user.userEmail).length).toBe(1);
    const code = new URL(linkIn(mailsIn(outbox, user.userEmail)[0] as ReceivedMail, '/auth/confirm')).searchParams.get(
      'code',
    );
    expect((await fetch(`${first.baseUrl}/api/auth/confirm?code=${code}`)).status).toBe(200);

    const refused = await run('src/cli/create-admin.ts', ['--email', user.userEmail], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `The database in ${path.join(dataDir, 'db')} is in use by another process (pid ${first.process.pid})`,
    );

    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const promoted = await run('src/cli/create-admin.ts', ['--email', user.userEmail], env);
    expect(promoted).toEqual({ code: 0, output: 'rolf@example.de is now an administrator (password unchanged).\n' });

    const second = await startApiServer(env);
    try {
      const login = await post(`${second.baseUrl}/api/auth/login`, {
        userEmail: user.userEmail,
        password: user.password,
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as TokenPair;
      const me = (await (
        await fetch(`${second.baseUrl}/api/users/me`, { headers: { Authorization: `Bearer ${accessToken}` } })
      ).json()) as {
        firstName: string;
        roles: { name: string }[];
      };
      expect(me.firstName).toBe('Rolf');
      expect(await photosOf(second.baseUrl, 12)).toHaveLength(4); // added once, not at every start
      expect(me.roles.map((role) => role.name).sort()).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
      // The signing secret was generated once and kept: a token from before the restart would still verify.
      expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toMatch(/^[\w-]{64}$/);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('a second server on the same data folder refuses to start', async () => {
    const env = embeddedEnv(mkdtempSync(path.join(tmpdir(), 'hwds-twice-')));
    const first = await startApiServer(env);
    try {
      const second = await run('src/server/main.ts', [], { ...env, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.output).toContain('The API could not start: The database in');
    } finally {
      await first.stop();
    }
  }, 60_000);
});

describe('npm run create-admin', () => {
  it('creates a confirmed administrator on a fresh data folder', async () => {
    const env = embeddedEnv(mkdtempSync(path.join(tmpdir(), 'hwds-admin-')));
    const created = await run(
      'src/cli/create-admin.ts',
      ['--email', 'chefin@example.de', '--password', 'Admin-2026!X', '--first-name', 'Petra'],
      env,
    );
    expect(created).toEqual({ code: 0, output: 'Administrator chefin@example.de created.\n' });

    const server = await startApiServer(env);
    try {
      const login = await post(`${server.baseUrl}/api/auth/login`, {
        userEmail: 'chefin@example.de',
        password: 'Admin-2026!X',
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as TokenPair;
      const category = await fetch(`${server.baseUrl}/api/departaments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ number: 'ADM', type: 'Vom Admin', description: 'Angelegt vom ersten Administrator.' }),
      });
      expect(category.status).toBe(201);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('explains what is wrong with bad arguments', async () => {
    const env = embeddedEnv(mkdtempSync(path.join(tmpdir(), 'hwds-admin-bad-')));
    expect((await run('src/cli/create-admin.ts', [], env)).output).toContain(
      'Usage: npm run create-admin -- --email E --password P',
    );
    const weak = await run('src/cli/create-admin.ts', ['--email', 'a@example.de', '--password', 'kurz'], env);
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('password: Passwort muss mindestens 8 Zeichen lang sein!');
  }, 60_000);
});
