/** Accounts over HTTP: /auth (registration, login sessions, password reset) and /users/me. */
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { ForgotPasswordSchema, LoginSchema, RegistrationSchema, ResetPasswordSchema } from '../../../lib/accounts.ts';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { ApiError } from '../../http/errors.ts';
import { common, failure, json, jsonBody, noContent, operation } from '../../http/openapi.ts';
import type { RateLimit } from '../../http/rate-limit-defaults.ts';
import { clientOf, consumeRateLimit, rateLimitKey } from '../../http/rate-limits.ts';
import { endStaffCookie } from '../editor/editor.routes.ts';
import * as accounts from './accounts.service.ts';
import {
  CurrentUserViewSchema,
  MessageViewSchema,
  type RegistrationView,
  RegistrationViewSchema,
  TokenPairSchema,
} from './accounts.views.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from './device-cookies.ts';
import { requireUser } from './guards.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';

const RefreshSchema = v.object({
  refreshToken: v.pipe(v.string('refreshToken fehlt.'), v.nonEmpty('refreshToken fehlt.'), v.maxLength(200)),
});

const TAG = 'Accounts';
const tooMany = common('TooManyRequests');

export function authRoutes(deps: ApiDependencies) {
  const limits = deps.rateLimits;
  /** The caller as the limits count it: its address, or an IPv6 caller's /64. */
  const client = (c: { env: ApiEnv['Bindings'] | undefined }) => clientOf(c.env?.clientAddress);
  /** Counts the attempt of the caller's address before the body is read: malformed attempts count too. */
  const limitPerAddress = (action: string, limit: RateLimit) =>
    createMiddleware<ApiEnv>(async (c, next) => {
      await consumeRateLimit(deps.db, rateLimitKey(action, client(c)), limit);
      await next();
    });

  // The device cookie goes only to the login, on the API's origin as the browser calls it.
  const apiBase = new URL(deps.publicApiBase, deps.siteUrl);
  const deviceCookie = {
    path: `${apiBase.pathname.replace(/\/$/, '')}/auth/login`,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    httpOnly: true,
    secure: apiBase.protocol === 'https:',
    sameSite: 'Strict',
  } as const;

  return new Hono<ApiEnv>()
    .use(jsonBodyLimit)
    .post(
      '/register',
      operation(TAG, {
        summary: 'Register a customer account',
        description: 'Queues a mail with a confirmation link; the account can log in once it is confirmed.',
        responses: {
          201: json('Registered; the confirmation mail is on its way.', RegistrationViewSchema),
          409: failure('An account with this address exists.'),
          429: tooMany,
        },
      }),
      limitPerAddress('register', limits.registerPerAddress),
      jsonBody(RegistrationSchema),
      async (c) => {
        const { id } = await accounts.register(deps, c.req.valid('json'));
        return c.json({ id, message: accounts.ACCOUNT_API_MESSAGES.registered } satisfies RegistrationView, 201);
      },
    )
    .get(
      '/confirm',
      operation(TAG, {
        summary: 'Confirm an e-mail address',
        parameters: [
          {
            in: 'query',
            name: 'code',
            required: true,
            description: 'From the confirmation mail’s link.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: json('The address is confirmed.', MessageViewSchema),
          400: failure('The code is missing, invalid, expired or used.'),
        },
      }),
      async (c) => {
        const code = c.req.query('code');
        if (!code || code.length > 200) throw new ApiError(400, accounts.ACCOUNT_API_MESSAGES.confirmInvalid);
        await accounts.confirmEmail(deps.db, code);
        return c.json({ message: accounts.ACCOUNT_API_MESSAGES.confirmed });
      },
    )
    .post(
      '/login',
      operation(TAG, {
        summary: 'Log in',
        description:
          'Starts a session: an access token for 24 hours and a refresh token for the session’s 14 days. The answer sets the browser’s device cookie for the account; with it, this browser’s attempts are counted apart from everyone else’s, so failures elsewhere never lock it out.',
        parameters: [
          {
            in: 'cookie',
            name: DEVICE_COOKIE,
            required: false,
            description: 'The device cookie of an earlier login to this account, as the server set it.',
            schema: { type: 'string' },
          },
        ],
        responses: {
          200: {
            ...json('Logged in.', TokenPairSchema),
            headers: {
              'Set-Cookie': {
                description: `\`${DEVICE_COOKIE}\`: signed for the account, HttpOnly, SameSite=Strict, Secure on HTTPS, for a year, sent only to this route.`,
                schema: { type: 'string' },
              },
            },
          },
          401: failure('Wrong address or password.'),
          403: failure(
            'The address is not confirmed yet; a new confirmation mail is queued (at most one a minute and 3 a day).',
          ),
          429: tooMany,
        },
      }),
      jsonBody(LoginSchema),
      async (c) => {
        const input = c.req.valid('json');
        const account = accounts.normaliseEmail(input.userEmail);
        const device = deps.deviceCookies.verify(getCookie(c, DEVICE_COOKIE), account);
        if (device) {
          await consumeRateLimit(deps.db, rateLimitKey('login', { device }), limits.loginPerDevice);
        } else {
          await consumeRateLimit(deps.db, rateLimitKey('login', client(c)), limits.loginPerAddress);
          await consumeRateLimit(
            deps.db,
            rateLimitKey('login', { account, ...client(c) }),
            limits.loginPerAccountAndAddress,
          );
          await consumeRateLimit(deps.db, rateLimitKey('login', { account }), limits.loginPerAccount);
        }
        const session = await accounts.login(deps, input);
        setCookie(c, DEVICE_COOKIE, deps.deviceCookies.issue(account), deviceCookie);
        return c.json(session);
      },
    )
    .post(
      '/refresh',
      operation(TAG, {
        summary: 'Renew the tokens',
        description: 'The refresh token is rotated: the one sent stops working.',
        responses: {
          200: json('A new pair of tokens.', TokenPairSchema),
          401: failure('The refresh token is unknown, used, expired or of an ended session.'),
        },
      }),
      jsonBody(RefreshSchema),
      async (c) => c.json(await accounts.refresh(deps, c.req.valid('json').refreshToken)),
    )
    .post(
      '/logout',
      operation(TAG, {
        summary: 'Log out',
        responses: { 204: noContent('The session is ended, its tokens refused.') },
      }),
      requireUser(deps),
      async (c) => {
        await accounts.logout(deps.db, c.get('user').sessionId);
        endStaffCookie(c, deps.siteUrl);
        return c.body(null, 204);
      },
    )
    .post(
      '/forgot-password',
      operation(TAG, {
        summary: 'Ask for a password reset link',
        description:
          'The answer is the same, and as fast, whether the address is known or not: the request is queued. A known address gets a new link, which ends its older ones, at most 3 an hour; requests past that are answered alike and mail nothing.',
        responses: {
          200: json('The request is queued; a known address gets its mail.', MessageViewSchema),
          429: tooMany,
        },
      }),
      limitPerAddress('forgot-password', limits.forgotPerAddress),
      jsonBody(ForgotPasswordSchema),
      async (c) => {
        const { userEmail } = c.req.valid('json');
        const account = accounts.normaliseEmail(userEmail);
        await consumeRateLimit(
          deps.db,
          rateLimitKey('forgot-password', { account, ...client(c) }),
          limits.forgotPerAccountAndAddress,
        );
        await requestPasswordReset(deps, userEmail);
        return c.json({ message: accounts.ACCOUNT_API_MESSAGES.resetMailSent });
      },
    )
    .post(
      '/reset-password',
      operation(TAG, {
        summary: 'Set a new password',
        description: 'With the token from the reset mail’s link; ends every session of the account.',
        responses: {
          200: json('The password is changed.', MessageViewSchema),
          400: failure('The token is invalid, expired or used, or the new password breaks a rule.'),
          429: tooMany,
        },
      }),
      limitPerAddress('reset-password', limits.resetPerAddress),
      jsonBody(ResetPasswordSchema),
      async (c) => {
        const { resetToken, newPassword } = c.req.valid('json');
        await resetPassword(deps.db, resetToken, newPassword);
        return c.json({ message: accounts.ACCOUNT_API_MESSAGES.passwordChanged });
      },
    );
}

export function userRoutes(deps: ApiDependencies) {
  return new Hono<ApiEnv>().get(
    '/me',
    operation(TAG, {
      summary: 'The logged-in user',
      responses: { 200: json('The caller’s account.', CurrentUserViewSchema) },
    }),
    requireUser(deps),
    (c) => c.json(accounts.currentUserView(c.get('user'))),
  );
}
