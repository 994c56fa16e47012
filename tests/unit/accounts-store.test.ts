import { type PersistentListener, setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readTokenClaims } from '../../src/stores/token-claims.ts';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

let storage: Record<string, string>;
let listeners: PersistentListener[];
let auth: typeof import('../../src/stores/accounts.ts');

/** Simulates another tab writing to localStorage. */
function otherTabWrites(key: string, value: string | undefined) {
  if (value === undefined) delete storage[key];
  else storage[key] = value;
  for (const listener of listeners) listener({ key, newValue: value as string });
}

/** A fresh store module, reading the storage like a newly loaded page. */
async function loadPage() {
  vi.resetModules();
  auth = await import('../../src/stores/accounts.ts');
}

beforeEach(async () => {
  storage = {};
  listeners = [];
  setPersistentEngine(storage, {
    addEventListener: (_key, listener) => listeners.push(listener),
    removeEventListener: (_key, listener) => {
      listeners = listeners.filter((l) => l !== listener);
    },
  });
  await loadPage();
});

describe('readTokenClaims', () => {
  it('reads the payload of a JWT (base64url)', () => {
    expect(readTokenClaims(token({ exp: 42, roles: ['ROLE_ADMIN'], name: 'Jürgen ~?' }))).toEqual({
      exp: 42,
      roles: ['ROLE_ADMIN'],
      name: 'Jürgen ~?',
    });
  });

  it.each([null, undefined, '', 'no-dots', 'a.%%%.c', `a.${Buffer.from('"text"').toString('base64url')}.c`])(
    'returns null for %j',
    (value) => {
      expect(readTokenClaims(value)).toBeNull();
    },
  );
});

describe('authViewOf', () => {
  const user = token({ exp: inOneHour(), roles: ['ROLE_USER'] });
  const admin = token({ exp: inOneHour(), roles: ['ROLE_USER', 'ROLE_ADMIN'] });

  it('is anonymous without the flag, without a token or with an expired token', () => {
    expect(auth.authViewOf(null, user, null, readTokenClaims)).toBe('anon');
    expect(auth.authViewOf('false', user, null, readTokenClaims)).toBe('anon');
    expect(auth.authViewOf('true', null, null, readTokenClaims)).toBe('anon');
    expect(auth.authViewOf('true', token({ exp: 1, roles: [] }), null, readTokenClaims)).toBe('anon');
  });

  it('takes the role hint from the token until the user is loaded, then the user’s roles', () => {
    expect(auth.authViewOf('true', user, null, readTokenClaims)).toBe('user');
    expect(auth.authViewOf('true', admin, null, readTokenClaims)).toBe('admin');
    expect(auth.authViewOf('true', admin, ['ROLE_USER'], readTokenClaims)).toBe('user');
    expect(auth.authViewOf('true', user, ['ROLE_ADMIN'], readTokenClaims)).toBe('admin');
  });
});

describe('auth store', () => {
  it('starts authorized when the stored flag is true (spec: initial state from storage)', async () => {
    storage.accessToken = token({ exp: inOneHour() });
    storage.isAuthorized = 'true';
    await loadPage();
    expect(auth.$auth.get()).toEqual({ user: null, isAuthorized: true });
  });

  it('starts unauthorized without the flag', () => {
    expect(auth.$auth.get()).toEqual({ user: null, isAuthorized: false });
  });

  it('logIn stores the token and the flag in the spec’s keys', () => {
    const accessToken = token({ exp: inOneHour(), roles: ['ROLE_ADMIN'] });
    auth.logIn(accessToken);
    expect(storage).toEqual({ accessToken, isAuthorized: 'true' });
    expect(auth.$authView.get()).toBe('admin');
  });

  it('logOut removes both keys and clears the user', () => {
    auth.logIn(token({ exp: inOneHour() }));
    auth.setCurrentUser({
      id: 1,
      firstName: 'Anna',
      lastName: 'Berg',
      email: 'anna@example.de',
      tel: '0611123',
      roles: [],
    });
    auth.logOut();
    expect(storage).toEqual({});
    expect(auth.$auth.get()).toEqual({ user: null, isAuthorized: false });
  });

  it('follows a logout in another tab', () => {
    auth.logIn(token({ exp: inOneHour() }));
    const seen: string[] = [];
    const unsubscribe = auth.$authView.subscribe((view) => seen.push(view));
    otherTabWrites('accessToken', undefined);
    otherTabWrites('isAuthorized', undefined);
    unsubscribe();
    expect(seen).toEqual(['user', 'anon']);
  });
});
