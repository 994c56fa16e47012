/**
 * Lock-out that stops guessing, not owners (docs/product.md#h2-rate-limits): a browser that has
 * logged in to an account before carries a device cookie and counts apart from strangers, and
 * reset mails to one account are capped without answering anyone differently. With the product's
 * own limits.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetRequests } from '../../src/server/db/schema.ts';
import { ACCOUNT_API_MESSAGES } from '../../src/server/features/accounts/accounts.service.ts';
import { DEVICE_COOKIE } from '../../src/server/features/accounts/device-cookies.ts';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit-defaults.ts';
import { REALISTIC_CUSTOMER } from '../support/realistic-shop.ts';
import { answer, createTestApi, SITE_URL, type TestApi } from './support/test-api.ts';

let api: TestApi;

beforeAll(async () => {
  // The product's limits, but for registering: the test makes its accounts from one address.
  const { registerPerAddress: _, ...limits } = DEFAULT_RATE_LIMITS;
  api = await createTestApi({ rateLimits: limits });
});

afterAll(() => api.close());

async function expectLimited(response: Promise<Response>) {
  const { status, body } = await answer<{ message: string }>(response);
  expect(status).toBe(429);
  expect(body.message).toMatch(/^Zu viele Versuche\. Bitte warten Sie/);
}

const login = (userEmail: string, password: string, address: string, device?: string) =>
  api.request('POST', '/auth/login', {
    body: { userEmail, password },
    address,
    headers: device ? { Cookie: `${DEVICE_COOKIE}=${device}` } : {},
  });

const wrongLogin = (email: string, address: string) => login(email, 'Falsch-1!x', address);

/** The device cookie's value a login answer sets. */
function deviceCookieOf(response: Response): string {
  const value = new RegExp(`^${DEVICE_COOKIE}=([^;]+)`).exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!value) throw new Error(`no device cookie in the answer (${response.status})`);
  return value;
}

const pendingResetRequests = async () => (await api.db.select().from(passwordResetRequests)).length;

describe('device cookies', () => {
  it('a browser that logged in before is not locked out by 120 failures from 12 addresses; a stranger is', async () => {
    const owner = await api.admin();
    const ownerLogin = await login(owner.userEmail, owner.password, '203.0.113.80');
    const device = deviceCookieOf(ownerLogin);
    for (let address = 0; address < 12; address++) {
      for (let attempt = 0; attempt < 10; attempt++) await wrongLogin(owner.userEmail, `198.18.${address}.1`);
    }
    // The owner, with the right password, from a fresh address (a phone on the move): logged in.
    const trusted = await login(owner.userEmail, owner.password, '192.0.2.200', device);
    expect(trusted.status).toBe(200);
    expect(deviceCookieOf(trusted)).not.toBe(device); // each login renews it
    // Anyone without that cookie, the right password or not, is refused until the hour ends.
    await expectLimited(login(owner.userEmail, owner.password, '192.0.2.201'));
    await expectLimited(login(owner.userEmail, owner.password, '192.0.2.200'));
  });

  it('the device cookie: HttpOnly, SameSite=Strict, for a year, sent only to the login', async () => {
    const user = await api.user(REALISTIC_CUSTOMER);
    const cookie = (await login(user.userEmail, user.password, '203.0.113.81')).headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]+\\.\\d+\\.[\\w-]+; `));
    const attributes = cookie.split('; ').slice(1).sort();
    expect(attributes).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/api/auth/login', 'SameSite=Strict']);
    // A refused login sets none.
    expect((await wrongLogin(user.userEmail, '203.0.113.81')).headers.get('set-cookie')).toBeNull();
  });

  it('the device cookie is Secure when the API is reached over HTTPS, on its own origin too', async () => {
    const secure = await createTestApi({ publicApiBase: 'https://api.hwds-agentur.de/v1/' });
    try {
      const user = await secure.user(REALISTIC_CUSTOMER);
      const response = await secure.request('POST', '/auth/login', {
        body: { userEmail: user.userEmail, password: user.password },
      });
      const attributes = (response.headers.get('set-cookie') ?? '').split('; ').slice(1).sort();
      expect(attributes).toEqual(['HttpOnly', 'Max-Age=31536000', 'Path=/v1/auth/login', 'SameSite=Strict', 'Secure']);
    } finally {
      await secure.close();
    }
  });

  it('the site’s own origin may send and keep the cookie when the API lives on another origin, no other', async () => {
    const preflight = (origin: string) =>
      api.request('OPTIONS', '/auth/login', {
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
    const own = await preflight(SITE_URL);
    expect(own.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('only a cookie signed for that very account counts as its device', async () => {
    const owner = await api.user(REALISTIC_CUSTOMER);
    const other = await api.user();
    const otherDevice = deviceCookieOf(await login(other.userEmail, other.password, '203.0.113.82'));
    const ownDevice = deviceCookieOf(await login(owner.userEmail, owner.password, '203.0.113.82'));
    const [id, issued] = ownDevice.split('.');
    const forged = `${id}.${issued}.${Buffer.alloc(32).toString('base64url')}`;
    const { limit } = DEFAULT_RATE_LIMITS.loginPerAccountAndAddress;
    for (let attempt = 0; attempt < limit; attempt++) await wrongLogin(owner.userEmail, '198.51.100.70');
    for (const stranger of [otherDevice, forged, 'kaputt']) {
      await expectLimited(login(owner.userEmail, owner.password, '198.51.100.70', stranger));
    }
    expect((await login(owner.userEmail, owner.password, '198.51.100.70', ownDevice)).status).toBe(200);
  });

  it('guessing with a device cookie is limited in the bucket of that device', async () => {
    const owner = await api.user(REALISTIC_CUSTOMER);
    const device = deviceCookieOf(await login(owner.userEmail, owner.password, '203.0.113.83'));
    const { limit } = DEFAULT_RATE_LIMITS.loginPerDevice;
    for (let attempt = 0; attempt < limit - 1; attempt++) {
      const response = await login(owner.userEmail, 'Falsch-1!x', `198.19.0.${attempt}`, device);
      expect(response.status).toBe(401);
    }
    expect((await login(owner.userEmail, owner.password, '198.19.1.1', device)).status).toBe(200);
    await expectLimited(login(owner.userEmail, owner.password, '198.19.1.2', device));
    // Other browsers of the owner are not affected.
    expect((await login(owner.userEmail, owner.password, '203.0.113.84')).status).toBe(200);
  });
});

describe('reset mails', () => {
  it('forgot-password: strangers from many addresses get the owner at most three mails an hour, and the same answer', async () => {
    const owner = await api.user(REALISTIC_CUSTOMER);
    const before = api.mailCountTo(owner.userEmail);
    const { limit } = DEFAULT_RATE_LIMITS.resetMailsPerAccount;
    for (let n = 0; n < 5; n++) {
      const { status, body } = await answer(
        api.request('POST', '/auth/forgot-password', {
          body: { userEmail: owner.userEmail },
          address: `198.51.100.${50 + n}`,
        }),
      );
      expect({ status, body }).toEqual({ status: 200, body: { message: ACCOUNT_API_MESSAGES.resetMailSent } });
    }
    // The owner's own request is answered alike; the newest mail they have holds a link that works.
    const own = await answer(
      api.request('POST', '/auth/forgot-password', { body: { userEmail: owner.userEmail }, address: '203.0.113.60' }),
    );
    expect(own).toEqual({ status: 200, body: { message: ACCOUNT_API_MESSAGES.resetMailSent } });
    await vi.waitFor(async () => {
      expect(await pendingResetRequests()).toBe(0);
      expect(api.mailCountTo(owner.userEmail)).toBe(before + limit);
    });
    const token = api.linkParameter(
      await api.lastMailTo(owner.userEmail, 'Ihr Link zum Zurücksetzen des Passworts'),
      'token',
    );
    const reset = await api.request('POST', '/auth/reset-password', {
      body: { resetToken: token, newPassword: 'Winter-2027?B' },
    });
    expect(reset.status).toBe(200);
  });
});
