/**
 * The staff-tools cookie (docs/product.md#d38-content-editor): the editor's page and its API are
 * reached by page navigation and by Keystatic's own requests, which carry no bearer token. An admin's
 * browser gets this HttpOnly, SameSite=Strict cookie from a bearer-authenticated call; it names the
 * login session, so a logout (or a password reset) ends it with the session, and the roles are read
 * from the database on each use, as for bearer tokens.
 *
 * The value is `{userId}.{sessionId}.{issued}.{signature}`, an HMAC with a key of its own derived
 * from the server's secret: never a bearer token, nor the other way round.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StaffCookies } from '../../context.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../accounts/access-tokens.ts';

export const STAFF_COOKIE = 'hwds_staff';
/** Never longer than the access token it was issued against. */
export const STAFF_COOKIE_MAX_AGE_SECONDS = ACCESS_TOKEN_TTL_SECONDS;

export function staffCookies(secret: string, now: () => number = Date.now): StaffCookies {
  const key = createHmac('sha256', secret).update('hwds staff tools cookie').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const nowSeconds = () => Math.floor(now() / 1000);
  return {
    issue({ userId, sessionId }) {
      const payload = `${userId}.${sessionId}.${nowSeconds()}`;
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    verify(value) {
      const [userId, sessionId, issued, signature, ...rest] = (value ?? '').split('.');
      if (!userId || !sessionId || !issued || !signature || rest.length > 0) return undefined;
      if (!/^\d{1,12}$/.test(userId) || !/^\d{1,12}$/.test(issued)) return undefined;
      if (nowSeconds() - Number(issued) > STAFF_COOKIE_MAX_AGE_SECONDS) return undefined;
      const expected = sign(`${userId}.${sessionId}.${issued}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { userId: Number(userId), sessionId };
    },
  };
}
