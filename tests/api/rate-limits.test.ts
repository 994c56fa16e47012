import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit-defaults.ts';
import { REALISTIC_CUSTOMER } from '../support/realistic-shop.ts';
import { answer, createTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({
    rateLimits: {
      loginPerAccountAndAddress: DEFAULT_RATE_LIMITS.loginPerAccountAndAddress,
      loginPerAccount: DEFAULT_RATE_LIMITS.loginPerAccount,
      loginPerAddress: { limit: 15, windowSeconds: 900 },
      registerPerAddress: { limit: 3, windowSeconds: 3600 },
      forgotPerAddress: { limit: 3, windowSeconds: 3600 },
      forgotPerAccountAndAddress: { limit: 2, windowSeconds: 3600 },
      resetPerAddress: { limit: 3, windowSeconds: 900 },
    },
  });
});

afterAll(async () => {
  await api.close();
});

const TOO_MANY = /^Zu viele Versuche\. Bitte warten Sie (eine Minute|\d+ Minuten) und versuchen Sie es dann erneut\.$/;

async function expectLimited(response: Promise<Response>) {
  const resolved = await response;
  expect(resolved.headers.get('retry-after')).toMatch(/^\d+$/);
  const { status, body } = await answer<{ message: string; statusCode: number }>(resolved);
  expect(status).toBe(429);
  expect(body.statusCode).toBe(429);
  expect(body.message).toMatch(TOO_MANY);
}

describe('rate limits', () => {
  const wrongLogin = (email: string, address: string) =>
    api.request('POST', '/auth/login', { body: { userEmail: email, password: 'Falsch-1!x' }, address });

  it('a stranger guessing from one address cannot lock the owner out', async () => {
    const victim = await api.user();
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccountAndAddress;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await wrongLogin(victim.userEmail, '198.51.100.66')).status).toBe(401);
    }
    // The stranger is stopped, even with the right password …
    await expectLimited(
      api.request('POST', '/auth/login', {
        body: { userEmail: victim.userEmail, password: victim.password },
        address: '198.51.100.66',
      }),
    );
    // … the owner, from their own address, is not.
    const owner = await api.request('POST', '/auth/login', {
      body: { userEmail: victim.userEmail, password: victim.password },
      address: '203.0.113.77',
    });
    expect(owner.status).toBe(200);
  });

  it('guessing one account from many addresses is bounded by the per-account ceiling', async () => {
    const victim = await api.register(); // never logged in: every counted attempt is a guess
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccount;
    for (let attempt = 0; attempt < limit; attempt++) {
      expect((await wrongLogin(victim.userEmail, `198.51.${100 + (attempt % 50)}.${attempt}`)).status).toBe(401);
    }
    await expectLimited(wrongLogin(victim.userEmail, '198.51.99.1'));
  });

  it('no login names an address’s counter: strangers cannot lock out everyone behind an address', async () => {
    const first = await api.user(REALISTIC_CUSTOMER, { billingAddress: false, address: '192.0.2.10' });
    const second = await api.user({}, { billingAddress: false, address: '192.0.2.10' });
    const office = '198.51.100.240';
    // 120 logins naming the office's address as the account, from 12 other addresses: no account, refused.
    for (let attempt = 0; attempt < 120; attempt++) await wrongLogin(office, `203.0.113.${attempt % 12}`);
    // Everyone in the office still logs in.
    for (const user of [first, second]) {
      const login = api.request('POST', '/auth/login', {
        body: { userEmail: user.userEmail, password: user.password },
        address: office,
      });
      expect((await login).status).toBe(200);
    }
    const { status, body } = await answer<{ message: string }>(wrongLogin(office, '203.0.113.12'));
    expect({ status, message: body.message }).toEqual({ status: 400, message: 'Ungültige E-Mail-Adresse' });
  });

  it('counts an IPv6 client by its /64, an IPv4 one by its address however it is written', async () => {
    const payload = (n: number) => ({
      firstName: 'Iva',
      lastName: 'Sechs',
      phoneNumber: '0611123456',
      userEmail: `ipv6-${n}@example.de`,
      password: 'Sommer-2026!A',
    });
    const register = (n: number, address: string) =>
      api.request('POST', '/auth/register', { body: payload(n), address });
    for (const [n, address] of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff:0:0:3'].entries()) {
      expect((await register(n, address)).status).toBe(201);
    }
    // Another address of the same /64 is the same client …
    await expectLimited(register(3, '2001:0db8:0007:0001:abcd::4'));
    // … the next /64 is another.
    expect((await register(4, '2001:db8:7:2::1')).status).toBe(201);
    for (const [n, address] of ['198.51.100.25', '::ffff:198.51.100.25', '198.51.100.25'].entries()) {
      expect((await register(10 + n, address)).status).toBe(201);
    }
    await expectLimited(register(13, '::ffff:198.51.100.25'));
  });

  it('login: per address across accounts', async () => {
    for (let attempt = 0; attempt < 15; attempt++) {
      await api.request('POST', '/auth/login', {
        body: { userEmail: `a${attempt}@example.de`, password: 'Falsch-1!' },
        address: '198.51.100.9',
      });
    }
    await expectLimited(
      api.request('POST', '/auth/login', {
        body: { userEmail: 'b@example.de', password: 'Falsch-1!' },
        address: '198.51.100.9',
      }),
    );
  });

  it('register: per address', async () => {
    const payload = (n: number) => ({
      firstName: 'Rita',
      lastName: 'Rate',
      phoneNumber: '0611123456',
      userEmail: `rate${n}@example.de`,
      password: 'Sommer-2026!A',
    });
    for (let n = 0; n < 3; n++) {
      expect((await api.request('POST', '/auth/register', { body: payload(n), address: '198.51.100.20' })).status).toBe(
        201,
      );
    }
    await expectLimited(api.request('POST', '/auth/register', { body: payload(3), address: '198.51.100.20' }));
    expect((await api.request('POST', '/auth/register', { body: payload(4), address: '198.51.100.21' })).status).toBe(
      201,
    );
  });

  it('forgot-password: per account and address, and per address', async () => {
    const user = await api.user(REALISTIC_CUSTOMER);
    const forgot = (userEmail: string, address: string) =>
      api.request('POST', '/auth/forgot-password', { body: { userEmail }, address });
    for (let n = 0; n < 2; n++) expect((await forgot(user.userEmail, '198.51.100.30')).status).toBe(200);
    await expectLimited(forgot(user.userEmail, '198.51.100.30'));
    // The owner, from elsewhere, is not refused.
    expect((await forgot(user.userEmail, '198.51.100.31')).status).toBe(200);
    for (let n = 0; n < 3; n++) expect((await forgot(`x${n}@example.de`, '198.51.100.32')).status).toBe(200);
    await expectLimited(forgot('y@example.de', '198.51.100.32'));
  });

  it('reset-password: per address', async () => {
    for (let n = 0; n < 3; n++) {
      const response = await api.request('POST', '/auth/reset-password', {
        body: { resetToken: `falsch-${n}`, newPassword: 'Winter-2027?B' },
        address: '198.51.100.40',
      });
      expect(response.status).toBe(400);
    }
    await expectLimited(
      api.request('POST', '/auth/reset-password', {
        body: { resetToken: 'falsch', newPassword: 'Winter-2027?B' },
        address: '198.51.100.40',
      }),
    );
  });
});
