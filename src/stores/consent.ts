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

/** The current answer, or undefined when the banner must ask (never asked, or asked over a year ago). */
export const $cookieConsent = computed([$answer, $answeredAt], (answer, answeredAt) => {
  if (answer === undefined) return undefined;
  const age = answeredAt ? Date.now() - Date.parse(answeredAt) : 0;
  return age > CONSENT_LIFETIME_MS ? undefined : answer;
});

function answer(value: ConsentAnswer): void {
  $answeredAt.set(new Date().toISOString());
  $answer.set(value);
}

export const acceptCookies = (): void => answer('true');
export const declineCookies = (): void => answer('false');
