/**
 * Whether the server refused this page's session (it expired, or was ended on another device):
 * the page says so and offers to log in again, rather than greeting the visitor as a stranger
 * (docs/product.md#d30-ended-sessions). Apart from the accounts store, so that pages without
 * islands do not load it; a login leaves the page, which forgets it.
 */
import { atom } from 'nanostores';
import { logOut } from './accounts.ts';

export const $sessionEnded = atom(false);

/** The server refused the stored token: logged out here and in every tab, and this page says why. */
export function endRefusedSession(): void {
  logOut();
  $sessionEnded.set(true);
}
