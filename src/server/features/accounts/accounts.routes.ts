/** Accounts over HTTP: /auth (registration, login sessions, password reset) and /users/me. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { ForgotPasswordSchema, LoginSchema, RegistrationSchema, ResetPasswordSchema } from '../../../lib/accounts.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { ApiError } from '../../http/errors.ts';
import { requireUser } from '../../http/guards.ts';
import { readJson } from '../../http/validation.ts';
import * as accounts from './accounts.service.ts';
import { consumeRateLimit } from './rate-limits.ts';

const RefreshSchema = v.object({
  refreshToken: v.pipe(v.string('refreshToken fehlt.'), v.nonEmpty('refreshToken fehlt.'), v.maxLength(200)),
});

export function authRoutes(deps: ApiDependencies) {
  const limits = deps.rateLimits;
  const address = (c: { env: ApiEnv['Bindings'] | undefined }) => c.env?.clientAddress ?? 'unknown';

  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .post('/register', async (c) => {
      await consumeRateLimit(deps.db, `register:${address(c)}`, limits.registerPerAddress);
      const input = await readJson(c, RegistrationSchema);
      const { id } = await accounts.register(deps, input);
      return c.json({ id, message: accounts.ACCOUNT_API_MESSAGES.registered } satisfies accounts.RegistrationView, 201);
    })
    .get('/confirm', async (c) => {
      const code = c.req.query('code');
      if (!code || code.length > 200) throw new ApiError(400, accounts.ACCOUNT_API_MESSAGES.confirmInvalid);
      await accounts.confirmEmail(deps.db, code);
      return c.json({ message: accounts.ACCOUNT_API_MESSAGES.confirmed });
    })
    .post('/login', async (c) => {
      const input = await readJson(c, LoginSchema);
      const account = accounts.normaliseEmail(input.userEmail);
      await consumeRateLimit(deps.db, `login:${address(c)}`, limits.loginPerAddress);
      await consumeRateLimit(deps.db, `login:${account}@${address(c)}`, limits.loginPerAccountAndAddress);
      await consumeRateLimit(deps.db, `login:${account}`, limits.loginPerAccount);
      return c.json(await accounts.login(deps, input));
    })
    .post('/refresh', async (c) => {
      const { refreshToken } = await readJson(c, RefreshSchema);
      return c.json(await accounts.refresh(deps, refreshToken));
    })
    .post('/logout', requireUser(deps), async (c) => {
      await accounts.logout(deps.db, c.get('user').sessionId);
      return c.body(null, 204);
    })
    .post('/forgot-password', async (c) => {
      await consumeRateLimit(deps.db, `forgot:${address(c)}`, limits.forgotPerAddress);
      const { userEmail } = await readJson(c, ForgotPasswordSchema);
      await consumeRateLimit(deps.db, `forgot:${accounts.normaliseEmail(userEmail)}`, limits.forgotPerAccount);
      await accounts.requestPasswordReset(deps, userEmail);
      return c.json({ message: accounts.ACCOUNT_API_MESSAGES.resetMailSent });
    })
    .post('/reset-password', async (c) => {
      await consumeRateLimit(deps.db, `reset:${address(c)}`, limits.resetPerAddress);
      const { resetToken, newPassword } = await readJson(c, ResetPasswordSchema);
      await accounts.resetPassword(deps.db, resetToken, newPassword);
      return c.json({ message: accounts.ACCOUNT_API_MESSAGES.passwordChanged });
    });
}

export function userRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().get('/me', requireUser(deps), (c) => c.json(accounts.currentUserView(c.get('user'))));
}
