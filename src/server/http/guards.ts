/**
 * Route guards: a valid bearer token of a live session, and for admin routes ROLE_ADMIN read
 * from the database (docs/product.md#d7-admin-guard).
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ApiDependencies, ApiEnv } from '../context.ts';
import { authenticatedUser } from '../features/accounts/accounts.service.ts';
import { ApiError, MESSAGES } from './errors.ts';

export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

export function requireUser(deps: ApiDependencies) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('Authorization'));
    const subject = token ? await deps.tokens.verify(token) : null;
    const user = subject ? await authenticatedUser(deps.db, subject.userId, subject.sessionId) : null;
    if (!user) throw new ApiError(401, MESSAGES.unauthorized, { headers: { 'WWW-Authenticate': 'Bearer' } });
    c.set('user', user);
    await next();
  });
}

/** Use after requireUser. */
export const requireAdmin = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.get('user').roles.includes('ROLE_ADMIN')) throw new ApiError(403, MESSAGES.forbidden);
  await next();
});

/**
 * A router for staff: every route needs an administrator. Mounted beside a resource's public
 * reads, whose handlers answer first; any other method on that resource meets the guard.
 */
export const adminRouter = (deps: ApiDependencies) => new Hono<ApiEnv>().use(requireUser(deps), requireAdmin);
