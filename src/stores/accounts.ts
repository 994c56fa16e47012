/**
 * Who is logged in, shared by every island and the header script.
 * Persisted in the spec's localStorage keys `accessToken` and `isAuthorized` ('true');
 * a change in one tab (login, logout) reaches all other tabs through the storage event.
 * It hands the API client its session (src/client/session.ts): the token, and the refusal.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { provideSession } from '../client/session.ts';
import type { CurrentUserView } from '../server/features/accounts/accounts.views.ts';
import { $cartCount } from './cart-count.ts';
import { readTokenClaims } from './token-claims.ts';

/** What the header shows: anonymous, logged-in user, or administrator. */
export type AuthView = 'anon' | 'user' | 'admin';

export const $accessToken = persistentAtom<string | undefined>('accessToken');
const $isAuthorizedFlag = persistentAtom<string | undefined>('isAuthorized');
export const $user = atom<CurrentUserView | null>(null);

/**
 * The header's view of the stored session: anonymous unless the flag is 'true' and the token has
 * not expired; admin when the roles (the loaded user's, else the token's hint) include ROLE_ADMIN.
 * Self-contained with its claims reader passed in: the layout inlines it into the head script.
 */
export function authViewOf(
  flag: string | null | undefined,
  token: string | null | undefined,
  roles: string[] | null,
  readClaims: typeof readTokenClaims,
): AuthView {
  if (flag !== 'true' || !token) return 'anon';
  const claims = readClaims(token);
  if (claims?.exp !== undefined && claims.exp * 1000 <= Date.now()) return 'anon';
  return (roles ?? claims?.roles ?? []).includes('ROLE_ADMIN') ? 'admin' : 'user';
}

export const $authView = computed([$isAuthorizedFlag, $accessToken, $user], (flag, token, user) =>
  authViewOf(flag, token, user ? user.roles.map((role) => role.name) : null, readTokenClaims),
);

export const $isAuthorized = computed($authView, (view) => view !== 'anon');

/** The auth state of the spec: the user (once loaded) and the isAuthorized flag. */
export const $auth = computed([$user, $isAuthorized], (user, isAuthorized) => ({ user, isAuthorized }));

export function logIn(accessToken: string): void {
  $accessToken.set(accessToken);
  $isAuthorizedFlag.set('true');
}

export function setCurrentUser(user: CurrentUserView): void {
  $user.set(user);
}

/** Forgets the session in this browser: both storage keys, the loaded user and the cart's count. */
export function logOut(): void {
  $accessToken.set(undefined);
  $isAuthorizedFlag.set(undefined);
  $user.set(null);
  $cartCount.set(undefined);
}

/**
 * Whether the server refused this page's session (it expired, or was ended on another device):
 * the page says so and offers to log in again, rather than greeting the visitor as a stranger
 * (docs/product.md#d30-ended-sessions). A login leaves the page, which forgets it.
 */
export const $sessionEnded = atom(false);

provideSession({
  token: () => $accessToken.get(),
  // The server refused the stored token: logged out here and in every tab, and this page says why.
  refused: () => {
    logOut();
    $sessionEnded.set(true);
  },
});
