/**
 * Access tokens: JWTs signed with HS256 only, with issuer, audience and expiry checked. They name
 * the session (`sid`), so a logout or a password reset ends them at once, and carry the roles
 * only as a display hint for the browser: the API reads roles from the database on each request.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { AccessTokenKeys } from '../../context.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
const ISSUER = 'hwds-api';
const AUDIENCE = 'hwds-web';

export function accessTokenKeys(secret: string, now: () => Date = () => new Date()): AccessTokenKeys {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, sessionId }, roles) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: sessionId, roles })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub', 'sid'],
          currentDate: now(),
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
