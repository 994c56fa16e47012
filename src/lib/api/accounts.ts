/** The account calls of the REST API (SPEC §7), typed; islands call these, never build URLs. */

import type { CurrentUser } from '../../stores/auth.ts';
import type { Registration } from '../validation/account.ts';
import { api } from './client.ts';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface MessageAnswer {
  message: string;
}

export const registerAccount = (registration: Registration) =>
  api.post('auth/register', { json: registration }).json<MessageAnswer & { id: number }>();

export const logInWithPassword = (userEmail: string, password: string) =>
  api.post('auth/login', { json: { userEmail, password } }).json<TokenPair>();

export const confirmEmail = (code: string) => api.get('auth/confirm', { searchParams: { code } }).json<MessageAnswer>();

export const requestPasswordReset = (userEmail: string) =>
  api.post('auth/forgot-password', { json: { userEmail } }).json<MessageAnswer>();

export const resetPassword = (resetToken: string, newPassword: string) =>
  api.post('auth/reset-password', { json: { resetToken, newPassword } }).json<MessageAnswer>();

export const fetchCurrentUser = () => api.get('users/me').json<CurrentUser>();

/** Ends the session on the server; takes the token because the store forgets it first. */
export async function endSession(accessToken: string): Promise<void> {
  await api.post('auth/logout', { headers: { Authorization: `Bearer ${accessToken}` } });
}
