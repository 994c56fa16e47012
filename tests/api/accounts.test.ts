import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/lib/accounts.ts';
import { oneTimeTokens, sessions, users } from '../../src/server/db/schema.ts';
import { accessTokenKeys } from '../../src/server/features/accounts/access-tokens.ts';
import { ACCOUNT_API_MESSAGES } from '../../src/server/features/accounts/accounts.service.ts';
import type { CurrentUserView, TokenPair } from '../../src/server/features/accounts/accounts.views.ts';
import { hashToken } from '../../src/server/features/accounts/secrets.ts';
import { answer, createTestApi, type ErrorBody, SITE_URL, STRONG_PASSWORD, type TestApi } from './support/test-api.ts';

let api: TestApi;
const RESET_SUBJECT = 'Ihr Link zum Zurücksetzen des Passworts';

beforeAll(async () => {
  api = await createTestApi();
});

afterAll(async () => {
  await api.close();
});

const validRegistration = () => ({
  firstName: 'Jürgen',
  lastName: "O'Brien-Schäfer",
  phoneNumber: '+49611123456',
  userEmail: `neu-${Math.random().toString(36).slice(2)}@example.de`,
  password: STRONG_PASSWORD,
});

describe('POST /auth/register', () => {
  it('creates the account (201), stores the password hashed and mails a German confirmation link', async () => {
    const payload = validRegistration();
    const { status, body } = await answer(api.request('POST', '/auth/register', { body: payload }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ message: ACCOUNT_API_MESSAGES.registered, id: expect.any(Number) });

    const [row] = await api.db.select().from(users).where(eq(users.email, payload.userEmail));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.emailConfirmedAt).toBeNull();

    const mail = await api.lastMailTo(payload.userEmail);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('Hallo Jürgen,');
    expect(mail.text).toContain(`${SITE_URL}/auth/confirm?code=`);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
  });

  it.each([
    ['firstName', '', ACCOUNT_MESSAGES.firstNameRequired],
    ['firstName', 'Anna1', ACCOUNT_MESSAGES.lettersOnly],
    ['firstName', 'Anna  Maria', ACCOUNT_MESSAGES.lettersOnly],
    ['lastName', '   ', ACCOUNT_MESSAGES.lastNameRequired],
    ['lastName', 'Müller!', ACCOUNT_MESSAGES.lettersOnly],
    ['phoneNumber', '', ACCOUNT_MESSAGES.phoneRequired],
    ['phoneNumber', '0611-123x', ACCOUNT_MESSAGES.phoneDigitsOnly],
    ['phoneNumber', '0611+123', ACCOUNT_MESSAGES.phoneDigitsOnly],
    ['phoneNumber', '1234', ACCOUNT_MESSAGES.phoneTooShort],
    ['phoneNumber', '12 - 34', ACCOUNT_MESSAGES.phoneTooShort],
    ['phoneNumber', '1'.repeat(31), ACCOUNT_MESSAGES.phoneTooLong],
    ['userEmail', '', ACCOUNT_MESSAGES.emailRequired],
    ['userEmail', 'anna@', ACCOUNT_MESSAGES.emailInvalid],
    ['password', '', ACCOUNT_MESSAGES.passwordRequired],
    ['password', 'Ab1!', ACCOUNT_MESSAGES.passwordTooShort],
    ['password', 'Abcdefg!', ACCOUNT_MESSAGES.passwordDigit],
    ['password', 'ABCDEFG1!', ACCOUNT_MESSAGES.passwordLowercase],
    ['password', 'abcdefg1!', ACCOUNT_MESSAGES.passwordUppercase],
    ['password', 'Abcdefg12', ACCOUNT_MESSAGES.passwordSymbol],
  ])('refuses %s %j with "%s" and creates nothing', async (field, value, message) => {
    const payload = { ...validRegistration(), [field]: value };
    const { status, body } = await answer<ErrorBody>(api.request('POST', '/auth/register', { body: payload }));
    expect(status).toBe(400);
    expect(body.statusCode).toBe(400);
    expect(body.message).toBe(message); // the first field error, for clients that read only `message`
    expect(body.errors).toContainEqual({ fieldName: field, message });
    expect(await api.db.select().from(users).where(eq(users.email, payload.userEmail))).toEqual([]);
  });

  it('accepts names with umlauts, ß, accents, Cyrillic, hyphens and apostrophes', async () => {
    for (const [firstName, lastName] of [
      ['Hans-Peter', 'Groß'],
      ['Zoë', "D'Angelo"],
      ['Анна', 'Иванова'],
      ['José María', 'Núñez'],
    ]) {
      const response = await api.request('POST', '/auth/register', {
        body: { ...validRegistration(), firstName, lastName },
      });
      expect(response.status, `${firstName} ${lastName}`).toBe(201);
    }
  });

  it.each([
    ['+49 (0) 611 / 123-456', '+49611123456'],
    ['(0611) 123 456', '0611123456'],
    ['0611/123-456', '0611123456'],
    ['+49 611 1234567', '+496111234567'],
  ])('accepts the phone number %j and stores it as %j', async (phoneNumber, stored) => {
    const payload = { ...validRegistration(), phoneNumber };
    expect((await api.request('POST', '/auth/register', { body: payload })).status).toBe(201);
    const [row] = await api.db.select().from(users).where(eq(users.email, payload.userEmail));
    expect(row?.phone).toBe(stored);
    const code = api.linkParameter(await api.lastMailTo(payload.userEmail), 'code');
    await api.request('GET', `/auth/confirm?code=${code}`);
    const { accessToken } = await api.login(payload.userEmail, payload.password);
    const { body } = await answer<CurrentUserView>(api.request('GET', '/users/me', { token: accessToken }));
    expect(body.tel).toBe(stored);
  });

  it('reports every missing field of an empty body', async () => {
    const { body } = await answer<ErrorBody>(api.request('POST', '/auth/register', { body: {} }));
    expect(body.errors?.map((e) => e.fieldName).sort()).toEqual([
      'firstName',
      'lastName',
      'password',
      'phoneNumber',
      'userEmail',
    ]);
  });

  it('refuses an address that exists, whatever its case (409), without a second account', async () => {
    const first = await api.register();
    const { status, body } = await answer<ErrorBody>(
      api.request('POST', '/auth/register', {
        body: { ...validRegistration(), userEmail: first.userEmail.toUpperCase() },
      }),
    );
    expect(status).toBe(409);
    expect(body).toEqual({ message: ACCOUNT_API_MESSAGES.userExists, statusCode: 409 });
  });

  it('ignores fields it does not know, such as roles', async () => {
    const payload = { ...validRegistration(), roles: [{ name: 'ROLE_ADMIN' }], emailConfirmedAt: '2020-01-01' };
    expect((await api.request('POST', '/auth/register', { body: payload })).status).toBe(201);
    const code = api.linkParameter(await api.lastMailTo(payload.userEmail), 'code');
    await api.request('GET', `/auth/confirm?code=${code}`);
    const { accessToken } = await api.login(payload.userEmail, payload.password);
    const { body } = await answer<CurrentUserView>(api.request('GET', '/users/me', { token: accessToken }));
    expect(body.roles).toEqual([{ name: 'ROLE_USER' }]);
  });
});

describe('GET /auth/confirm', () => {
  it('confirms the address once; the same code fails the second time', async () => {
    const user = await api.register();
    const code = api.linkParameter(await api.lastMailTo(user.userEmail), 'code');
    expect(await answer(api.request('GET', `/auth/confirm?code=${code}`))).toEqual({
      status: 200,
      body: { message: ACCOUNT_API_MESSAGES.confirmed },
    });
    expect(await answer(api.request('GET', `/auth/confirm?code=${code}`))).toEqual({
      status: 400,
      body: { message: ACCOUNT_API_MESSAGES.confirmInvalid, statusCode: 400 },
    });
  });

  it('stores only a hash of the code', async () => {
    const user = await api.register();
    const code = api.linkParameter(await api.lastMailTo(user.userEmail), 'code');
    const stored = await api.db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens);
    expect(stored.map((row) => row.hash)).not.toContain(code);
    expect(code.length).toBeGreaterThanOrEqual(43); // 256 bit, base64url
  });

  it.each(['', '?code=', '?code=abc', `?code=${'x'.repeat(500)}`])('refuses %j with 400', async (query) => {
    const { status, body } = await answer<ErrorBody>(api.request('GET', `/auth/confirm${query}`));
    expect(status).toBe(400);
    expect(body.message).toBe(ACCOUNT_API_MESSAGES.confirmInvalid);
  });

  it('refuses an expired code', async () => {
    const user = await api.register();
    const code = api.linkParameter(await api.lastMailTo(user.userEmail), 'code');
    await api.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await api.request('GET', `/auth/confirm?code=${code}`)).status).toBe(400);
  });
});

describe('POST /auth/login', () => {
  it('answers accessToken and refreshToken for a confirmed user', async () => {
    const user = await api.user();
    const { status, body } = await answer(
      api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: user.password } }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      accessToken: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.any(String),
    });
  });

  it('accepts the address in any case and with spaces around it', async () => {
    const user = await api.user();
    const response = await api.request('POST', '/auth/login', {
      body: { userEmail: `  ${user.userEmail.toUpperCase()} `, password: user.password },
    });
    expect(response.status).toBe(200);
  });

  it('refuses an unconfirmed address with a German message and mails a fresh link', async () => {
    const user = await api.register();
    await api.lastMailTo(user.userEmail); // the registration's own mail
    const before = api.mailCountTo(user.userEmail);
    const { status, body } = await answer<ErrorBody>(
      api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: user.password } }),
    );
    expect(status).toBe(403);
    expect(body).toEqual({ message: ACCOUNT_API_MESSAGES.notConfirmed, statusCode: 403 });
    // The first link was sent just now: no second mail within a minute.
    expect(api.mailCountTo(user.userEmail)).toBe(before);
    await api.db.update(oneTimeTokens).set({ createdAt: new Date(Date.now() - 5 * 60_000) });
    await api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: user.password } });
    await expect.poll(() => api.mailCountTo(user.userEmail)).toBe(before + 1);
  });

  it('gives the same answer for a wrong password and an unknown address', async () => {
    const user = await api.user();
    const wrongPassword = await answer(
      api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: 'Falsch-2026!' } }),
    );
    const unknown = await answer(
      api.request('POST', '/auth/login', { body: { userEmail: 'niemand@example.de', password: 'Falsch-2026!' } }),
    );
    expect(wrongPassword).toEqual({
      status: 401,
      body: { message: ACCOUNT_API_MESSAGES.loginFailed, statusCode: 401 },
    });
    expect(unknown).toEqual(wrongPassword);
  });

  it('requires both fields', async () => {
    const { status, body } = await answer<ErrorBody>(
      api.request('POST', '/auth/login', { body: { userEmail: '', password: '' } }),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { fieldName: 'userEmail', message: 'E-Mail ist erforderlich!' },
      { fieldName: 'password', message: ACCOUNT_MESSAGES.passwordRequired },
    ]);
  });
});

describe('sessions: refresh and logout', () => {
  it('refresh rotates: the new pair works, the old refresh token does not', async () => {
    const user = await api.user();
    const { status, body } = await answer<TokenPair>(
      api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } }),
    );
    expect(status).toBe(200);
    expect(body.refreshToken).not.toBe(user.refreshToken);
    expect((await api.request('GET', '/users/me', { token: body.accessToken })).status).toBe(200);
    const reused = await answer(api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } }));
    expect(reused).toEqual({ status: 401, body: { message: ACCOUNT_API_MESSAGES.sessionExpired, statusCode: 401 } });
  });

  it('logout ends the session: its access and refresh tokens stop working, other sessions stay', async () => {
    const user = await api.user();
    const other = await api.login(user.userEmail, user.password);
    expect((await api.request('POST', '/auth/logout', { token: user.token })).status).toBe(204);
    expect((await api.request('GET', '/users/me', { token: user.token })).status).toBe(401);
    expect((await api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(
      401,
    );
    expect((await api.request('GET', '/users/me', { token: other.accessToken })).status).toBe(200);
  });

  it('logout needs a token', async () => {
    expect((await api.request('POST', '/auth/logout')).status).toBe(401);
  });
});

describe('access tokens', () => {
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  async function liveSession() {
    const user = await api.user();
    // The refresh token names its session (only the session id's hash is stored).
    const sessionId = user.refreshToken.split('.')[0] as string;
    const [session] = await api.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.idHash).toBe(hashToken(sessionId));
    return { user, sessionId };
  }

  it('are HS256 JWTs with a day of life, issuer, audience, subject and session', async () => {
    const { user, sessionId } = await liveSession();
    const [header, payload] = user.token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      iss: 'hwds-api',
      aud: 'hwds-web',
      sub: String(user.id),
      sid: sessionId,
      roles: ['ROLE_USER'],
    });
    expect(Number(payload?.exp) - Number(payload?.iat)).toBe(24 * 60 * 60);
  });

  it('with a wrong signature are refused', async () => {
    const { user, sessionId } = await liveSession();
    const forged = await accessTokenKeys('another-secret-of-at-least-32-characters').sign(
      { userId: user.id, sessionId },
      ['ROLE_ADMIN'],
    );
    expect((await api.request('GET', '/users/me', { token: forged })).status).toBe(401);
    const [header, payload, signature] = user.token.split('.');
    const tampered = `${header}.${base64url({ ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()), sub: '1' })}.${signature}`;
    expect((await api.request('GET', '/users/me', { token: tampered })).status).toBe(401);
  });

  it('with alg "none" are refused', async () => {
    const { user, sessionId } = await liveSession();
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: String(user.id), sid: sessionId, iss: 'hwds-api', aud: 'hwds-web', iat: now, exp: now + 60 })}.`;
    expect((await api.request('GET', '/users/me', { token: unsigned })).status).toBe(401);
  });

  it('signed with another algorithm (HS512) are refused', async () => {
    const { user, sessionId } = await liveSession();
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(user.id))
      .setIssuer('hwds-api')
      .setAudience('hwds-web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(api.secret));
    expect((await api.request('GET', '/users/me', { token })).status).toBe(401);
  });

  it('that expired are refused', async () => {
    const { user, sessionId } = await liveSession();
    const yesterday = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const expired = await accessTokenKeys(api.secret, () => yesterday).sign({ userId: user.id, sessionId }, []);
    expect((await api.request('GET', '/users/me', { token: expired })).status).toBe(401);
    const fresh = await accessTokenKeys(api.secret).sign({ userId: user.id, sessionId }, []);
    expect((await api.request('GET', '/users/me', { token: fresh })).status).toBe(200);
  });

  it('for another issuer or audience are refused', async () => {
    const { user, sessionId } = await liveSession();
    for (const [issuer, audience] of [
      ['someone-else', 'hwds-web'],
      ['hwds-api', 'someone-else'],
    ]) {
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer(issuer as string)
        .setAudience(audience as string)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(api.secret));
      expect((await api.request('GET', '/users/me', { token })).status).toBe(401);
    }
  });

  it.each(['', 'Bearer', 'Bearer x.y.z', 'Basic dXNlcjpwYXNz', 'Bearer a b'])(
    'with Authorization %j get 401 JSON',
    async (value) => {
      const { status, body } = await answer(api.request('GET', '/users/me', { headers: { Authorization: value } }));
      expect(status).toBe(401);
      expect(body).toEqual({ message: 'Bitte melden Sie sich an.', statusCode: 401 });
    },
  );
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const user = await api.user();
    const known = await answer(api.request('POST', '/auth/forgot-password', { body: { userEmail: user.userEmail } }));
    const unknown = await answer(
      api.request('POST', '/auth/forgot-password', { body: { userEmail: 'unbekannt@example.de' } }),
    );
    expect(known).toEqual({ status: 200, body: { message: ACCOUNT_API_MESSAGES.resetMailSent } });
    expect(unknown).toEqual(known);
    const mail = await api.lastMailTo(user.userEmail, RESET_SUBJECT);
    expect(mail.text).toContain(`${SITE_URL}/reset-password?token=`);
    expect(api.mailCountTo('unbekannt@example.de')).toBe(0);
  });

  it('validates the address with the form’s messages', async () => {
    for (const [userEmail, message] of [
      ['', ACCOUNT_MESSAGES.forgotEmailRequired],
      ['kein-at-zeichen', ACCOUNT_MESSAGES.forgotEmailInvalid],
    ]) {
      const { status, body } = await answer<ErrorBody>(
        api.request('POST', '/auth/forgot-password', { body: { userEmail } }),
      );
      expect(status).toBe(400);
      expect(body.errors).toContainEqual({ fieldName: 'userEmail', message });
    }
  });

  it('sets the new password once, ends all sessions, and the link does not work twice', async () => {
    const user = await api.user();
    await api.request('POST', '/auth/forgot-password', { body: { userEmail: user.userEmail } });
    const resetToken = api.linkParameter(await api.lastMailTo(user.userEmail, RESET_SUBJECT), 'token');
    const newPassword = 'Winter-2027?B';

    const done = await answer(api.request('POST', '/auth/reset-password', { body: { resetToken, newPassword } }));
    expect(done).toEqual({ status: 200, body: { message: 'Passwort wurde erfolgreich geändert.' } });
    expect((await api.request('GET', '/users/me', { token: user.token })).status).toBe(401);
    expect((await api.request('POST', '/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(
      401,
    );
    expect(
      (await api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: user.password } }))
        .status,
    ).toBe(401);
    expect(
      (await api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: newPassword } })).status,
    ).toBe(200);

    const again = await answer(
      api.request('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Fruehling-2028%C' } }),
    );
    expect(again).toEqual({ status: 400, body: { message: ACCOUNT_API_MESSAGES.resetInvalid, statusCode: 400 } });
  });

  it('confirms the address of an unconfirmed user (the link proves it)', async () => {
    const user = await api.register();
    await api.request('POST', '/auth/forgot-password', { body: { userEmail: user.userEmail } });
    const resetToken = api.linkParameter(await api.lastMailTo(user.userEmail, RESET_SUBJECT), 'token');
    await api.request('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Winter-2027?B' } });
    expect(
      (await api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: 'Winter-2027?B' } }))
        .status,
    ).toBe(200);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const user = await api.user();
    await api.request('POST', '/auth/forgot-password', { body: { userEmail: user.userEmail } });
    const resetToken = api.linkParameter(await api.lastMailTo(user.userEmail, RESET_SUBJECT), 'token');
    await api.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.purpose, 'reset_password'));
    expect(
      (await api.request('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Winter-2027?B' } }))
        .status,
    ).toBe(400);
    expect(
      (await api.request('POST', '/auth/login', { body: { userEmail: user.userEmail, password: user.password } }))
        .status,
    ).toBe(200);
  });

  it.each([
    ['', ACCOUNT_MESSAGES.newPasswordRequired],
    ['Ab1!', ACCOUNT_MESSAGES.newPasswordTooShort],
    ['abcdefg1!', ACCOUNT_MESSAGES.newPasswordUppercase],
    ['ABCDEFG1!', ACCOUNT_MESSAGES.newPasswordLowercase],
    ['Abcdefg12', ACCOUNT_MESSAGES.newPasswordSymbol],
    ['Abcdefgh!', ACCOUNT_MESSAGES.newPasswordDigit],
  ])('refuses the new password %j with "%s"', async (newPassword, message) => {
    const { status, body } = await answer<ErrorBody>(
      api.request('POST', '/auth/reset-password', { body: { resetToken: 'x', newPassword } }),
    );
    expect(status).toBe(400);
    expect(body.errors).toContainEqual({ fieldName: 'newPassword', message });
  });

  it('needs a token', async () => {
    const { body } = await answer<ErrorBody>(
      api.request('POST', '/auth/reset-password', { body: { newPassword: 'Winter-2027?B' } }),
    );
    expect(body.errors).toContainEqual({ fieldName: 'resetToken', message: ACCOUNT_MESSAGES.resetTokenMissing });
  });
});

describe('GET /users/me', () => {
  it('answers the user with roles read from the database', async () => {
    const user = await api.user({ firstName: 'Clara', lastName: 'Weiß', phoneNumber: '06111234' });
    const { status, body } = await answer(api.request('GET', '/users/me', { token: user.token }));
    expect(status).toBe(200);
    expect(body).toEqual({
      id: user.id,
      firstName: 'Clara',
      lastName: 'Weiß',
      email: user.userEmail,
      tel: '06111234',
      roles: [{ name: 'ROLE_USER' }],
    });
  });

  it('sees a role change at once, without a new login', async () => {
    const user = await api.user();
    const { userRoles } = await import('../../src/server/db/schema.ts');
    await api.db.insert(userRoles).values({ userId: user.id, name: 'ROLE_ADMIN' });
    const { body } = await answer<CurrentUserView>(api.request('GET', '/users/me', { token: user.token }));
    expect(body.roles.map((role) => role.name).sort()).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
  });
});
