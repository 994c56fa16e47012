/**
 * The stored login checked against the server: once per page, since several islands and the
 * shell may ask, and ended there at logout. Apart from the accounts store, so that a page loads
 * the API client only when someone is logged in (docs/product.md#h11-speed).
 */
import { endSession, fetchCurrentUser } from '../client/accounts.ts';
import { $isAuthorized, setCurrentUser } from './accounts.ts';

let sessionCheck: Promise<void> | undefined;

/**
 * Loads the current user of a stored login; a token the server refuses ends the session (the API
 * client does that for every call). Without an answer (network, timeout, server error) the stored
 * login stays, so a passing outage logs nobody out.
 */
export function verifyStoredSession(): Promise<void> {
  if (!$isAuthorized.get()) return Promise.resolve();
  sessionCheck ??= fetchCurrentUser().then(setCurrentUser, () => undefined);
  return sessionCheck;
}

/**
 * Ends a session the store has already forgotten (`logOut`) on the server too, with its token; the
 * next login on this page is checked afresh.
 */
export function endStoredSession(accessToken: string): void {
  sessionCheck = undefined;
  endSession(accessToken).catch(() => undefined);
}
