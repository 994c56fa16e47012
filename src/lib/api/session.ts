/**
 * Checking a stored login (SPEC §4 Authorization): when the browser holds one, the current user is
 * loaded; if the server refuses the token, the session is forgotten. Without an answer (network,
 * timeout, server error) the stored login stays, so a passing outage logs nobody out.
 */
import { isHTTPError } from 'ky';
import { $isAuthorized, logOut, setCurrentUser } from '../../stores/auth.ts';
import { fetchCurrentUser } from './accounts.ts';

let check: Promise<void> | undefined;

/** Loads the current user once per page (several islands and the shell may ask). */
export function verifyStoredSession(): Promise<void> {
  if (!$isAuthorized.get()) return Promise.resolve();
  check ??= fetchCurrentUser().then(setCurrentUser, (error: unknown) => {
    if (isHTTPError(error) && (error.response.status === 401 || error.response.status === 403)) logOut();
  });
  return check;
}

/** After a logout the next login on this page is checked afresh. */
export function forgetSessionCheck(): void {
  check = undefined;
}
