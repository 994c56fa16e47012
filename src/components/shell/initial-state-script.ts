/**
 * The one inline script of every page, run before the first paint: it applies the stored login,
 * the splash and the cookie question to `<html>` (initial-state.ts), so nothing flashes or waits. Rendered
 * on the server only (its hash needs node:crypto).
 */
import { createHash } from 'node:crypto';
import { authViewOf } from '../../stores/accounts.ts';
import { CONSENT_LIFETIME_MS, validConsent } from '../../stores/consent.ts';
import { readTokenClaims } from '../../stores/token-claims.ts';
import { applyInitialState, FONT_CACHED_KEY, SPLASH_SHOWN_KEY } from './initial-state.ts';
import { inlineJson } from './inline-json.ts';

export const INITIAL_STATE_SCRIPT = `(${applyInitialState})(${authViewOf},${readTokenClaims},${inlineJson(SPLASH_SHOWN_KEY)},${inlineJson(FONT_CACHED_KEY)},${validConsent},${CONSENT_LIFETIME_MS})`;

/** For the page's Content-Security-Policy, which allows inline scripts by hash only. */
export const INITIAL_STATE_SCRIPT_HASH =
  `sha256-${createHash('sha256').update(INITIAL_STATE_SCRIPT).digest('base64')}` as const;
