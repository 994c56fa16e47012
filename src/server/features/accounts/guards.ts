/**
 * Route guards: a valid bearer token of a live session, and for admin routes ROLE_ADMIN read
 * from the database (docs/product.md#d7-admin-guard).
 */
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { METHOD_NAME_ALL } from 'hono/router';
import type { ApiDependencies, ApiEnv, AuthenticatedUser } from '../../context.ts';
import { ApiError, MESSAGES } from '../../http/errors.ts';
import { common, documented } from '../../http/openapi.ts';
import { authenticatedUser } from './accounts.service.ts';

function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
}

/**
 * The caller's account when the request carries a valid token of a live session. Routes anyone may
 * call ask it to know whether the caller is who they say (a declaration's sender).
 */
export async function callerOf(deps: ApiDependencies, c: Context<ApiEnv>): Promise<AuthenticatedUser | undefined> {
  const token = bearerToken(c.req.header('Authorization'));
  const subject = token ? await deps.tokens.verify(token) : null;
  return (subject && (await authenticatedUser(deps.db, subject.userId, subject.sessionId))) ?? undefined;
}

async function authenticate(deps: ApiDependencies, c: Context<ApiEnv>): Promise<AuthenticatedUser> {
  const user = await callerOf(deps, c);
  if (!user) throw new ApiError(401, MESSAGES.unauthorized, { headers: { 'WWW-Authenticate': 'Bearer' } });
  return user;
}

/** Whether a route answers this method and path; a middleware for every path is no route. */
const routeExists = (c: Context<ApiEnv>) => matchedRoutes(c).some((route) => route.method !== METHOD_NAME_ALL);

export function requireUser(deps: ApiDependencies) {
  const guard = createMiddleware<ApiEnv>(async (c, next) => {
    // An unknown path is a 404 for everyone, under a router that guards all its routes too.
    if (!routeExists(c)) return next();
    c.set('user', await authenticate(deps, c));
    await next();
  });
  return documented(guard, { security: [{ bearer: [] }], responses: { 401: common('Unauthorized') } });
}

export function requireAdmin(deps: ApiDependencies) {
  const guard = createMiddleware<ApiEnv>(async (c, next) => {
    // An unknown path is a 404 for everyone: a 401 would say that something is there.
    if (!routeExists(c)) return next();
    const user = await authenticate(deps, c);
    if (!user.roles.includes('ROLE_ADMIN')) throw new ApiError(403, MESSAGES.forbidden);
    c.set('user', user);
    await next();
  });
  // OpenAPI 3.1 lets a bearer requirement name the role it needs.
  return documented(guard, {
    security: [{ bearer: ['ROLE_ADMIN'] }],
    responses: { 401: common('Unauthorized'), 403: common('Forbidden') },
  });
}

/**
 * A router for staff: every route needs an administrator. Mounted beside a resource's public
 * reads, whose handlers answer first; any other method on that resource meets the guard.
 */
export const adminRouter = (deps: ApiDependencies) => new Hono<ApiEnv>().use(requireAdmin(deps));
