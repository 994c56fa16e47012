import type { Page } from '@playwright/test';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Stores a session the way the auth store's logIn does (keys `accessToken` and `isAuthorized`),
 * with a token whose claims carry the given roles.
 */
export async function storeSession(page: Page, roles: string[]): Promise<void> {
  const claims = { sub: '1', roles, exp: Math.floor(Date.now() / 1000) + 3600 };
  const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
  await page.addInitScript((accessToken) => {
    if (sessionStorage.getItem('sessionStored')) return; // only before the first page: a logout must stick
    sessionStorage.setItem('sessionStored', '1');
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('isAuthorized', 'true');
  }, token);
}
