/** Who holds a staff-tools cookie: an admin of a live login session, or nobody (docs/product.md#d38-content-editor). */
import { parse as parseCookies } from 'hono/utils/cookie';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import { authenticatedUser } from '../accounts/accounts.service.ts';
import { STAFF_COOKIE } from './staff-cookies.ts';

/** The admin, or 401 (no cookie, or its session ended) or 403 (the account is no admin, any more). */
export async function staffOf(
  deps: ApiDependencies,
  cookieHeader: string | undefined,
): Promise<AuthenticatedUser | 401 | 403> {
  const subject = deps.staffCookies.verify(parseCookies(cookieHeader ?? '', STAFF_COOKIE)[STAFF_COOKIE]);
  const user = subject ? await authenticatedUser(deps.db, subject.userId, subject.sessionId) : null;
  if (!user) return 401;
  return user.roles.includes('ROLE_ADMIN') ? user : 403;
}
