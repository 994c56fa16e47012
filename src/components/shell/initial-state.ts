import type { authViewOf as AuthViewOf } from '../../stores/accounts.ts';
import type { validConsent as ValidConsent } from '../../stores/consent.ts';
import type { readTokenClaims as ReadTokenClaims } from '../../stores/token-claims.ts';

/** localStorage key: the splash has been shown in this browser (it never shows again). */
export const SPLASH_SHOWN_KEY = 'splashShown';
/** localStorage key: the web font is in this browser's cache (src/styles/fonts.css). */
export const FONT_CACHED_KEY = 'fontCached';

/**
 * Runs in <head> before the first paint; BaseLayout inlines its source, so it must stay
 * self-contained. Marks that JavaScript runs, sets the header's auth view from storage (no flash
 * of wrong links), opens the splash on the browser's very first page view
 * (docs/product.md#d2-splash), uses the web font once it is in the browser's cache
 * (src/styles/fonts.css) and shows the cookie banner at once when it must ask
 * (docs/product.md#d3-cookie-consent), rather than when the shell script runs: it is often the
 * largest thing a first visitor sees.
 */
export function applyInitialState(
  authView: typeof AuthViewOf,
  readClaims: typeof ReadTokenClaims,
  splashKey: string,
  fontKey: string,
  consent: typeof ValidConsent,
  consentLifetimeMs: number,
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
    if (localStorage.getItem(fontKey)) root.dataset.font = '';
    const answer = localStorage.getItem('cookieConsentAccepted');
    if (!consent(answer, localStorage.getItem('cookieConsentDate'), Date.now(), consentLifetimeMs)) {
      root.dataset.consent = 'ask';
    }
  } catch {
    // Storage blocked (strict privacy settings): stay anonymous, skip the splash, keep the fallback font.
  }
}
