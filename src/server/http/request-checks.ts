/**
 * Checks every request meets before any route (docs/product.md#h9-hardening): only the methods
 * the API serves, and no NUL in the address, which PostgreSQL text cannot hold.
 */
import { createMiddleware } from 'hono/factory';
import { ApiError, MESSAGES } from './errors.ts';

export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const served = new Set<string>(SERVED_METHODS);

export const servedMethodsOnly = createMiddleware(async (c, next) => {
  if (!served.has(c.req.method)) {
    throw new ApiError(405, MESSAGES.methodNotAllowed, { headers: { Allow: SERVED_METHODS.join(', ') } });
  }
  await next();
});

export const noNulInAddress = createMiddleware(async (c, next) => {
  if (/%00/i.test(c.req.url)) throw new ApiError(400, MESSAGES.forbiddenCharacter);
  await next();
});
