import type { authViewOf as AuthViewOf } from '../../stores/accounts.ts';
import type { readTokenClaims as ReadTokenClaims } from '../../stores/token-claims.ts';

/** localStorage key: the splash has been shown in this browser (it never shows again). */
export const SPLASH_SHOWN_KEY = 'splashShown';

/**
 * Runs in <head> before the first paint; BaseLayout inlines its source, so it must stay
 * self-contained. Marks that JavaScript runs, sets the header's auth view from storage (no flash
 * of wrong links) and opens the splash on the browser's very first page view
 * (docs/product.md#d2-splash).
 */
export function applyInitialState(
  authView: typeof AuthViewOf,
  readClaims: typeof ReadTokenClaims,
  splashKey: string,
): void {
  const root = document.documentElement;
  root.classList.add('js');
  try {
    root.dataset.auth = authView(
      localStorage.getItem('isAuthorized'),
      localStorage.getItem('accessToken'),
      null,
      readClaims,
    );
    if (!localStorage.getItem(splashKey)) {
      localStorage.setItem(splashKey, '1');
      root.dataset.splash = 'open';
    }
  } catch {
    // Storage blocked (strict privacy settings): stay anonymous and skip the splash.
  }
}
