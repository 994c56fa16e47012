/**
 * The findings of the attack review (docs/product.md#h9-hardening), each reproduced through the API:
 * old reset links, reused refresh tokens, lock-outs by strangers, inputs that made the database
 * fail, JSON sent without a preflight, methods nobody serves.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOKING_TOO_LARGE_MESSAGE } from '../../src/lib/money.ts';
import * as schema from '../../src/server/db/schema.ts';
import {
  cartEntries,
  mailQueue,
  oneTimeTokens,
  passwordResetRequests,
  retiredRefreshTokens,
  sessions,
  users,
} from '../../src/server/db/schema.ts';
import { authenticatedUser, refresh } from '../../src/server/features/accounts/accounts.service.ts';
import { mailPasswordResets } from '../../src/server/features/accounts/password-reset.ts';
import { hashToken } from '../../src/server/features/accounts/secrets.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit-defaults.ts';
import { pageSecurityHeaders, SHARED_SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { log } from '../../src/server/log.ts';
import { REALISTIC_CUSTOMER } from '../support/realistic-shop.ts';
import {
  answer,
  createPostgresDatabase,
  createTestApi,
  type ErrorBody,
  inDays,
  SITE_URL,
  STRONG_PASSWORD,
  type TestApi,
} from './support/test-api.ts';

let api: TestApi;

/**
 * A new database migrated up to the migration before the one that hashes session ids, and how to
 * run the rest: on PGlite in memory, or on the PostgreSQL server of DATABASE_URL.
 */
async function databaseBeforeSessionIdHashes() {
  const all = path.resolve('src/server/db/migrations');
  const before = mkdtempSync(path.join(tmpdir(), 'hwds-migrations-'));
  cpSync(all, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const hashing = journal.entries.findIndex((entry) => entry.tag.endsWith('_session_id_hashes'));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, hashing) }));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await createPostgresDatabase(serverUrl);
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    const db = drizzlePostgres(client, { schema });
    await migratePostgres(db, { migrationsFolder: before });
    return {
      db,
      migrate: () => migratePostgres(db, { migrationsFolder: all }),
      close: async () => {
        await client.end();
        await created.drop();
      },
    };
  }
  const client = new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: before });
  return { db, migrate: () => migratePglite(db, { migrationsFolder: all }), close: () => client.close() };
}

beforeAll(async () => {
  api = await createTestApi();
});

afterAll(() => api.close());

async function resetLink(email: string): Promise<string> {
  const before = api.mailCountTo(email);
  expect((await api.request('POST', '/auth/forgot-password', { body: { userEmail: email } })).status).toBe(200);
  await vi.waitFor(() => expect(api.mailCountTo(email)).toBe(before + 1));
  return api.linkParameter(await api.lastMailTo(email, 'Ihr Link zum Zurücksetzen des Passworts'), 'token');
}

describe('password reset links', () => {
  it('a successful reset makes every older link of the user useless', async () => {
    const user = await api.user();
    const older = await resetLink(user.userEmail);
    const newer = await resetLink(user.userEmail);
    expect(older).not.toBe(newer);
    const used = await api.request('POST', '/auth/reset-password', {
      body: { resetToken: newer, newPassword: 'Winter-2027?B' },
    });
    expect(used.status).toBe(200);
    const replay = await answer<ErrorBody>(
      api.request('POST', '/auth/reset-password', { body: { resetToken: older, newPassword: 'Herbst-2028?C' } }),
    );
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/ungültig, abgelaufen oder wurde bereits verwendet/);
    expect(
      (await api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: 'Winter-2027?B' } }))
        .status,
    ).toBe(200);
  });
});

describe('password reset requests', () => {
  it('a new reset link ends the older ones at once', async () => {
    const user = await api.user(REALISTIC_CUSTOMER);
    const older = await resetLink(user.userEmail);
    const newer = await resetLink(user.userEmail);
    const replay = await answer<ErrorBody>(
      api.request('POST', '/auth/reset-password', { body: { resetToken: older, newPassword: 'Herbst-2028?C' } }),
    );
    expect(replay).toMatchObject({ status: 400, body: { message: expect.stringMatching(/ungültig/) } });
    const used = await api.request('POST', '/auth/reset-password', {
      body: { resetToken: newer, newPassword: 'Winter-2027?B' },
    });
    expect(used.status).toBe(200);
  });

  it('known and unknown addresses get the same answer from the same work: the request is only queued', async () => {
    const quiet = await createTestApi();
    try {
      const known = await quiet.user(REALISTIC_CUSTOMER);
      await quiet.mailSender.stop(); // what the answers did, before a sender takes the requests up
      const rows = async () => ({
        requests: (await quiet.db.select().from(passwordResetRequests)).map((request) => request.email),
        tokens: (await quiet.db.select().from(oneTimeTokens)).length,
        mails: (await quiet.db.select().from(mailQueue)).length,
      });
      const before = await rows();
      const forgot = (userEmail: string) =>
        quiet.request('POST', '/auth/forgot-password', { body: { userEmail } }).then(async (response) => ({
          status: response.status,
          headers: [...response.headers].filter(([name]) => name !== 'x-request-id'),
          body: await response.text(),
        }));
      const unknown = 'niemand-hier@example.de';
      expect(await forgot(known.userEmail.toUpperCase())).toEqual(await forgot(unknown));
      expect(await rows()).toEqual({ ...before, requests: [known.userEmail, unknown] });

      // The sender then makes one link and one mail, for the known address only.
      await mailPasswordResets(quiet.db, SITE_URL, DEFAULT_RATE_LIMITS.resetMailsPerAccount);
      const after = await rows();
      expect(after).toEqual({ requests: [], tokens: before.tokens + 1, mails: before.mails + 1 });
      const [mail] = await quiet.db.select().from(mailQueue).orderBy(desc(mailQueue.id)).limit(1);
      expect(mail?.recipient).toBe(known.userEmail);
    } finally {
      await quiet.close();
    }
  });
});

describe('reset requests and concurrent mail senders', () => {
  it('make one link and one mail per request at most, and leave exactly one link valid', async () => {
    const quiet = await createTestApi();
    try {
      const owner = await quiet.user(REALISTIC_CUSTOMER);
      await quiet.mailSender.stop(); // the senders below take the requests up, all at once
      for (const [n, userEmail] of [
        owner.userEmail,
        'niemand@example.de',
        owner.userEmail,
        owner.userEmail,
      ].entries()) {
        const queued = await quiet.request('POST', '/auth/forgot-password', {
          body: { userEmail },
          address: `198.51.100.${n + 1}`,
        });
        expect(queued.status).toBe(200);
      }
      const cap = DEFAULT_RATE_LIMITS.resetMailsPerAccount;
      await Promise.all(Array.from({ length: 4 }, () => mailPasswordResets(quiet.db, SITE_URL, cap)));

      expect(await quiet.db.select().from(passwordResetRequests)).toEqual([]);
      const links = await quiet.db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, owner.id), eq(oneTimeTokens.purpose, 'reset_password')));
      expect(links).toHaveLength(3);
      expect(links.filter((link) => link.usedAt === null)).toHaveLength(1);
      const mails = await quiet.db.select().from(mailQueue).where(eq(mailQueue.recipient, owner.userEmail));
      expect(mails.filter((mail) => mail.subject === 'Ihr Link zum Zurücksetzen des Passworts')).toHaveLength(3);
    } finally {
      await quiet.close();
    }
  });
});

describe('confirmation mails', () => {
  it('a stranger who registered someone’s address and logs in every minute mails them 3 a day, not 60 an hour', async () => {
    const victim = await api.register({ firstName: 'Mallory' });
    const [{ id } = { id: 0 }] = await api.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, victim.userEmail));
    const confirmations = async () =>
      (await api.db.select().from(mailQueue).where(eq(mailQueue.recipient, victim.userEmail))).length;
    /** Lets `seconds` pass for the account's links, as the login sees them. */
    const later = (seconds: number) =>
      api.db
        .update(oneTimeTokens)
        .set({ createdAt: sql`${oneTimeTokens.createdAt} - make_interval(secs => ${seconds})` })
        .where(eq(oneTimeTokens.userId, id));
    for (let minute = 0; minute < 10; minute++) {
      await later(61);
      const login = api.request('POST', '/auth/login', {
        body: { userEmail: victim.userEmail, password: victim.password },
      });
      expect((await login).status).toBe(403);
    }
    expect(await confirmations()).toBe(3); // the registration's and two more
    await later(24 * 60 * 60);
    await api.request('POST', '/auth/login', { body: { userEmail: victim.userEmail, password: victim.password } });
    expect(await confirmations()).toBe(4);
  });
});

describe('session ids', () => {
  it('are stored only as their SHA-256, as refresh and link tokens are', async () => {
    const user = await api.user();
    const refreshed = await answer<{ accessToken: string; refreshToken: string }>(
      api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } }),
    );
    const sessionId = (
      JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }
    ).sid;
    const rows = JSON.stringify([
      await api.db.select().from(sessions).where(eq(sessions.userId, user.id)),
      await api.db.select().from(retiredRefreshTokens),
    ]);
    for (const secret of [sessionId, user.refreshToken, refreshed.body.refreshToken])
      expect(rows).not.toContain(secret);
    expect(rows).toContain(hashToken(sessionId));
    // The refreshed pair is of the same session: logging out with it ends the first token too.
    expect((await api.request('POST', '/auth/logout', { token: refreshed.body.accessToken })).status).toBe(204);
    expect((await api.request('GET', '/users/me', { token: user.token })).status).toBe(401);
  });

  it('of users logged in before they were hashed go on after the migration: token, refresh, reuse detection', async () => {
    const old = await databaseBeforeSessionIdHashes();
    try {
      const [sessionId, refreshToken, rotatedAway] = ['alte-sitzung', 'alter-refresh-token', 'vorher-rotiert'];
      await old.db.execute(sql`insert into users (id, first_name, last_name, email, phone, password_hash, email_confirmed_at)
        values (1, 'Anna', 'Alt', 'anna.alt@example.de', '0611123456', 'x', now())`);
      await old.db.execute(sql`insert into sessions (id, user_id, refresh_token_hash, expires_at)
        values (${sessionId}, 1, ${hashToken(refreshToken)}, now() + interval '7 days')`);
      await old.db.execute(sql`insert into retired_refresh_tokens (token_hash, session_id)
        values (${hashToken(rotatedAway)}, ${sessionId})`);
      await old.migrate();

      const deps = { ...api.deps, db: old.db };
      expect((await authenticatedUser(old.db, 1, sessionId))?.email).toBe('anna.alt@example.de');
      const pair = await refresh(deps, refreshToken);
      const [claims] = [await api.deps.tokens.verify(pair.accessToken)];
      expect(claims?.userId).toBe(1);
      expect(await authenticatedUser(old.db, 1, claims?.sessionId ?? '')).not.toBeNull();
      // The stolen token rotated away before the migration still ends the session.
      await expect(refresh(deps, rotatedAway)).rejects.toMatchObject({ statusCode: 401 });
      expect(await authenticatedUser(old.db, 1, claims?.sessionId ?? '')).toBeNull();
    } finally {
      await old.close();
    }
  });
});

describe('refresh tokens', () => {
  it('reusing a rotated refresh token ends that whole session, and only that one', async () => {
    const user = await api.user();
    const other = await api.login(user.userEmail, user.password);
    const rotated = await answer<{ accessToken: string; refreshToken: string }>(
      api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } }),
    );
    expect(rotated.status).toBe(200);

    // Someone replays the old token (stolen before the rotation): refused, and the session it belonged to ends.
    expect((await api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(
      401,
    );
    expect((await api.request('GET', '/users/me', { token: rotated.body.accessToken })).status).toBe(401);
    expect(
      (await api.request('POST', '/auth/refresh', { body: { refreshToken: rotated.body.refreshToken } })).status,
    ).toBe(401);

    // The user's other login is another session family: it goes on.
    expect((await api.request('GET', '/users/me', { token: other.accessToken })).status).toBe(200);
    expect((await api.request('POST', '/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(
      200,
    );
  });
});

describe('inputs that once made the database fail', () => {
  it('a NUL byte in a text field is a 400, in every form', async () => {
    const admin = await api.admin();
    const cases: [string, string, unknown][] = [
      ['POST', '/auth/login', { userEmail: 'a\u0000@example.de', password: STRONG_PASSWORD }],
      ['POST', '/auth/forgot-password', { userEmail: 'a\u0000b@example.de' }],
      ['POST', '/departaments', { number: 'N\u00001', type: 'Typ', description: 'Text' }],
      ['PATCH', '/departaments/1', { description: 'Text\u0000' }],
      ['POST', '/articles', { number: 'A1', type: 'Art\u0000', price: 10, departamentId: 1 }],
    ];
    for (const [method, url, body] of cases) {
      const { status, body: error } = await answer<ErrorBody>(api.request(method, url, { body, token: admin.token }));
      expect({ method, url, status }).toEqual({ method, url, status: 400 });
      expect(error.message).toBe('Die Anfrage enthält ein unzulässiges Zeichen.');
    }
    const search = await api.request('GET', '/admin/bookings?q=a%00b', { token: admin.token });
    expect(search.status).toBe(400);
  });

  it('ids beyond the database integer range are a 400, not a 500', async () => {
    const admin = await api.admin();
    for (const categoryId of [2 ** 31, 1e308, 2 ** 53]) {
      const { status, body } = await answer<ErrorBody>(
        api.request('POST', '/articles', {
          body: { number: 'A1', type: 'Art', price: 10, departamentId: categoryId },
          token: admin.token,
        }),
      );
      expect(status).toBe(400);
      expect(body.errors?.[0]?.fieldName).toBe('departamentId');
    }
  });

  it('a cart worth more than 2³¹ cents still reads, and is refused for an order beyond the payable ceiling', async () => {
    const admin = await api.admin();
    const customer = await api.user();
    const category = await answer<{ id: number }>(
      api.request('POST', '/departaments', {
        body: { number: 'Teuer', type: 'Teure Dinge', description: 'Für den Test' },
        token: admin.token,
      }),
    );
    const articles = [];
    for (let n = 0; n < 25; n++) {
      articles.push(
        await api.createArticle(admin.token, {
          number: `T${n}`,
          type: 'Teuer',
          price: 1,
          departamentId: category.body.id,
        }),
      );
    }
    const book = (articleId: number) =>
      answer<ErrorBody>(
        api.request('POST', `/cart/article/${articleId}`, {
          body: { entryDate: inDays(30), departureDate: inDays(31) },
          token: customer.token,
        }),
      );
    for (const article of articles) expect((await book(article.id)).status).toBe(201);
    // Carts are priced at every read: staff raise each price to a million euros afterwards.
    for (const article of articles) {
      const raised = await api.request('PATCH', `/articles/${article.id}`, {
        body: { price: 1_000_000 },
        token: admin.token,
      });
      expect(raised.status).toBe(200);
    }

    // 25 million euros, 2.5 billion cents: above 2³¹, and still read exactly.
    const total = await answer<number>(api.request('GET', '/cart/total_price', { token: customer.token }));
    expect(total).toEqual({ status: 200, body: 25_000_000 });
    const cart = await answer<{ totalPriceArticles: number }>(api.request('GET', '/cart', { token: customer.token }));
    expect(cart.body.totalPriceArticles).toBe(25_000_000);

    // More than a payment provider takes is never ordered; the cart stays as it was.
    const ceiling = BOOKING_TOO_LARGE_MESSAGE;
    const checkout = await answer<ErrorBody>(
      api.request('POST', '/payment/stripe/checkout-session', { body: { earlyStart: true }, token: customer.token }),
    );
    expect(checkout).toMatchObject({ status: 400, body: { message: ceiling } });
    expect(await api.db.select().from(cartEntries).where(eq(cartEntries.userId, customer.id))).toHaveLength(25);

    // Adding to a cart already above the ceiling is refused with the same words.
    const extra = await api.createArticle(admin.token, {
      number: 'T-x',
      type: 'Teuer',
      price: 1,
      departamentId: category.body.id,
    });
    expect(await book(extra.id)).toMatchObject({ status: 400, body: { message: ceiling } });
  });
});

describe('requests a browser could send from any web page without a preflight', () => {
  it('JSON routes refuse bodies that are not sent as application/json, and change nothing', async () => {
    const email = 'csrf-opfer@example.de';
    const body = JSON.stringify({
      firstName: 'Eva',
      lastName: 'Opfer',
      phoneNumber: '0611123456',
      userEmail: email,
      password: STRONG_PASSWORD,
    });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const { status, body: error } = await answer<ErrorBody>(
        api.request('POST', '/auth/register', { rawBody: body, headers: { 'Content-Type': contentType } }),
      );
      expect({ contentType, status }).toEqual({ contentType, status: 415 });
      expect(error.message).toBe('Bitte senden Sie die Daten als JSON (Content-Type: application/json).');
    }
    const forgot = await api.request('POST', '/auth/forgot-password', {
      rawBody: JSON.stringify({ userEmail: email }),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(forgot.status).toBe(415);
    expect(api.mailCountTo(email)).toBe(0);
    // With the right type the same body is accepted.
    const accepted = await api.request('POST', '/auth/register', {
      rawBody: body,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(accepted.status).toBe(201);
  });
});

describe('methods', () => {
  // TRACE and CONNECT cannot even be built as a fetch Request: the server test sends them over a socket.
  it('methods the API does not serve are a 405 naming the ones it does', async () => {
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK']) {
      const response = await api.request(method, '/departaments');
      expect({ method, status: response.status }).toEqual({ method, status: 405 });
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(((await response.json()) as ErrorBody).message).toBe('Diese Methode wird nicht unterstützt.');
    }
  });
});

describe('unknown paths', () => {
  it('are a 404 before any token is asked for, under guarded prefixes too', async () => {
    const cases: [string, string][] = [
      ['GET', '/admin/gibt-es-nicht'],
      ['GET', '/admin'],
      ['POST', '/admin/bookings'],
      ['DELETE', '/departaments'],
      ['GET', '/departaments/1/images/x'],
      ['DELETE', '/images'],
      ['PATCH', '/articles'],
      ['GET', '/cart/gibt-es-nicht'],
      ['POST', '/cart'],
      ['GET', '/booking/1/gibt-es-nicht'],
      ['GET', '/payment/gibt-es-nicht'],
      ['POST', '/payments/gibt-es-nicht'],
      ['GET', '/users/me/billing-address/x'],
      ['GET', '/users/me/gibt-es-nicht'],
    ];
    for (const [method, url] of cases) {
      const { status, body } = await answer<ErrorBody>(api.request(method, url));
      expect({ method, url, status, body }).toEqual({
        method,
        url,
        status: 404,
        body: { message: 'Nicht gefunden.', statusCode: 404 },
      });
    }
    // A route that exists still asks for the token first.
    for (const url of ['/admin/bookings', '/cart', '/booking/get', '/users/me/billing-address']) {
      expect({ url, status: (await api.request('GET', url)).status }).toEqual({ url, status: 401 });
    }
  });
});

describe('webhook posts nobody signed', () => {
  it('write one warning a minute, the next one saying how many were left out', async () => {
    const warnings = vi.spyOn(log, 'warn');
    // The server's own clock, not the database's: a minute passes when the test says so.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-01T08:00:00Z') });
    try {
      const post = () =>
        api.request('POST', '/payment/paypal/webhook', { rawBody: '{"event_type":"kaputt"}' }).then((r) => r.status);
      for (let attempt = 0; attempt < 30; attempt++) expect(await post()).toBe(400);
      const refused = () => warnings.mock.calls.filter(([, message]) => message === 'malformed PayPal webhook refused');
      expect(refused()).toHaveLength(1);
      vi.setSystemTime(new Date('2031-03-01T08:01:01Z'));
      expect(await post()).toBe(400);
      expect(refused()).toHaveLength(2);
      expect(refused()[1]?.[0]).toMatchObject({ leftOut: 29 });
    } finally {
      vi.useRealTimers();
      warnings.mockRestore();
    }
  });
});

describe('security headers', () => {
  it('mean the same on pages and on API answers', async () => {
    const page = new Map(pageSecurityHeaders(SITE_URL));
    const response = await api.request('GET', '/health');
    for (const name of Object.keys(SHARED_SECURITY_HEADERS)) {
      expect({ name, api: response.headers.get(name) }).toEqual({ name, api: page.get(name) });
    }
  });
});

describe('payment return URLs', () => {
  it('refuse control characters, which the URL parser would silently drop', async () => {
    const customer = await api.user(REALISTIC_CUSTOMER);
    for (const successUrl of [`${SITE_URL}/success\t`, `${SITE_URL}/\n/evil.example/`, `${SITE_URL}/su\rccess`]) {
      const { status, body } = await answer<ErrorBody>(
        api.request('POST', '/payment/stripe/checkout-session', { token: customer.token, body: { successUrl } }),
      );
      expect({ successUrl, status, message: body.message }).toEqual({
        successUrl,
        status: 400,
        message: 'Die Rücksprungadresse muss auf dieser Website liegen.',
      });
    }
  });
});
