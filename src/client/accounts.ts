/** The account calls of the REST API, typed by the server's own answers; islands call these, never build URLs. */
import type { Registration } from '../lib/accounts.ts';
import type {
  CurrentUserView,
  MessageView,
  RegistrationView,
  TokenPair,
} from '../server/features/accounts/accounts.views.ts';
import { api } from './http.ts';

export const registerAccount = (registration: Registration) =>
  api.post('auth/register', { json: registration }).json<RegistrationView>();

/**
 * Sends and keeps the browser's device cookie (docs/product.md#h2-rate-limits) also when the API
 * lives on another origin (PUBLIC_API_BASE); on the site's own origin that is fetch's default.
 */
export const logInWithPassword = (userEmail: string, password: string) =>
  api.post('auth/login', { json: { userEmail, password }, credentials: 'include' }).json<TokenPair>();

export const confirmEmail = (code: string) => api.get('auth/confirm', { searchParams: { code } }).json<MessageView>();

export const requestPasswordReset = (userEmail: string) =>
  api.post('auth/forgot-password', { json: { userEmail } }).json<MessageView>();

export const resetPassword = (resetToken: string, newPassword: string) =>
  api.post('auth/reset-password', { json: { resetToken, newPassword } }).json<MessageView>();

export const fetchCurrentUser = () => api.get('users/me').json<CurrentUserView>();

/** Ends the session on the server; takes the token because the store forgets it first. */
export async function endSession(accessToken: string): Promise<void> {
  await api.post('auth/logout', { headers: { Authorization: `Bearer ${accessToken}` } });
}
