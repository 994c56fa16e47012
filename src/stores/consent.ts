/**
 * The visitor's answer to the cookie banner (docs/product.md#d3-cookie-consent, #h8-consent-lifetime): 'true' accepted, 'false' declined,
 * undefined not asked yet. Stored in `cookieConsentAccepted`; the answer is asked again after
 * one year, as the privacy policy says, so the date of the answer is kept beside it.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export type ConsentAnswer = 'true' | 'false';

export const CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

const $answer = persistentAtom<ConsentAnswer | undefined>('cookieConsentAccepted', undefined, {
  encode: (value) => value,
  decode: (stored) => (stored === 'true' || stored === 'false' ? stored : undefined),
});
const $answeredAt = persistentAtom<string | undefined>('cookieConsentDate');

/**
 * The answer that still holds, or undefined when the banner must ask (never asked, or asked over
 * `lifetimeMs` ago). Self-contained: the shell's inline script runs it before the first paint.
 */
export function validConsent(
  answer: string | null | undefined,
  answeredAt: string | null | undefined,
  now: number,
  lifetimeMs: number,
): ConsentAnswer | undefined {
  if (answer !== 'true' && answer !== 'false') return undefined;
  const age = answeredAt ? now - Date.parse(answeredAt) : 0;
  return age > lifetimeMs ? undefined : answer;
}

/** The current answer, or undefined when the banner must ask. */
export const $cookieConsent = computed([$answer, $answeredAt], (answer, answeredAt) =>
  validConsent(answer, answeredAt, Date.now(), CONSENT_LIFETIME_MS),
);

function answer(value: ConsentAnswer): void {
  $answeredAt.set(new Date().toISOString());
  $answer.set(value);
}

export const acceptCookies = (): void => answer('true');
export const declineCookies = (): void => answer('false');
