import { Hono } from 'hono';
import { requireUser } from '../auth/middleware.ts';
import type { ApiDependencies, ApiEnv } from '../context.ts';

export function userRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().get('/me', requireUser(deps), (c) => {
    const user = c.get('user');
    return c.json({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      tel: user.phone,
      roles: user.roles.map((name) => ({ name })),
    });
  });
}
