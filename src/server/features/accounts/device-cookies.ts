/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device cookies";
 * docs/product.md#h2-rate-limits): a browser that has logged in to an account before proves it
 * with a cookie signed for that account, and its login attempts are counted in a bucket of their
 * own. Strangers' failures from elsewhere fill the account's other buckets, never this one, so
 * nobody can lock the owner out of a browser the owner has used.
 *
 * The value is `{device}.{issued}.{signature}`: a random id, the issue time in seconds and an
 * HMAC over both and the account (the normalised e-mail, which the cookie itself does not carry).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DeviceCookies } from '../../context.ts';

export const DEVICE_COOKIE = 'hwds_device';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function deviceCookies(secret: string, now: () => number = Date.now): DeviceCookies {
  // A key of its own, derived from the server's secret: a device cookie is never a token, nor the other way round.
  const key = createHmac('sha256', secret).update('hwds device cookie').digest();
  const sign = (account: string, device: string, issued: string) =>
    createHmac('sha256', key).update(`${device}.${issued}.${account}`).digest();
  const nowSeconds = () => Math.floor(now() / 1000);
  return {
    issue(account) {
      const device = randomBytes(16).toString('base64url');
      const issued = String(nowSeconds());
      return `${device}.${issued}.${sign(account, device, issued).toString('base64url')}`;
    },
    verify(value, account) {
      const [device, issued, signature, ...rest] = (value ?? '').split('.');
      if (!device || !issued || !signature || rest.length > 0 || !/^\d{1,12}$/.test(issued)) return undefined;
      if (nowSeconds() - Number(issued) > DEVICE_COOKIE_MAX_AGE_SECONDS) return undefined;
      const expected = sign(account, device, issued);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
    },
  };
}
