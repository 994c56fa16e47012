/** The account calls of the REST API, typed by the accounts' contract; islands call these, never build URLs. */
import type { Registration } from '../lib/accounts.ts';
import type {
  CurrentUserView,
  MessageView,
  RegistrationView,
  TokenPair,
} from '../server/features/accounts/accounts.views.ts';
import { callerFor, type NoBody } from './http.ts';

export interface AccountRoutes {
  'POST auth/register': RegistrationView;
  'POST auth/login': TokenPair;
  'GET auth/confirm': MessageView;
  'POST auth/forgot-password': MessageView;
  'POST auth/reset-password': MessageView;
  'GET users/me': CurrentUserView;
  'POST auth/logout': NoBody;
}

const call = callerFor<AccountRoutes>();

export const registerAccount = (registration: Registration) =>
  call('POST auth/register', { json: registration }).json();

/**
 * Sends and keeps the browser's device cookie (docs/product.md#h2-rate-limits) also when the API
 * lives on another origin (PUBLIC_API_BASE); on the site's own origin that is fetch's default.
 */
export const logInWithPassword = (userEmail: string, password: string) =>
  call('POST auth/login', { json: { userEmail, password }, credentials: 'include' }).json();

export const confirmEmail = (code: string) => call('GET auth/confirm', { searchParams: { code } }).json();

export const requestPasswordReset = (userEmail: string) =>
  call('POST auth/forgot-password', { json: { userEmail } }).json();

export const resetPassword = (resetToken: string, newPassword: string) =>
  call('POST auth/reset-password', { json: { resetToken, newPassword } }).json();

export const fetchCurrentUser = () => call('GET users/me').json();

/**
 * Ends the session on the server; takes the token because the store forgets it first. `keepalive`:
 * a visitor who logs out and leaves the page at once still ends the session, as the browser
 * finishes the request after the page has gone.
 */
export async function endSession(accessToken: string): Promise<void> {
  await call('POST auth/logout', { headers: { Authorization: `Bearer ${accessToken}` }, keepalive: true });
}
