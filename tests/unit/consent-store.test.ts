import { setPersistentEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let storage: Record<string, string>;
let consent: typeof import('../../src/stores/consent.ts');

/** A fresh store module per test, reading the storage like a newly loaded page. */
async function loadPage() {
  vi.resetModules();
  consent = await import('../../src/stores/consent.ts');
}

beforeEach(async () => {
  storage = {};
  setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
  await loadPage();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('cookie consent', () => {
  it('is unanswered at first', () => {
    expect(consent.$cookieConsent.get()).toBeUndefined();
  });

  it('stores "true" when accepted and "false" when declined', () => {
    consent.acceptCookies();
    expect(storage.cookieConsentAccepted).toBe('true');
    expect(consent.$cookieConsent.get()).toBe('true');
    consent.declineCookies();
    expect(storage.cookieConsentAccepted).toBe('false');
    expect(consent.$cookieConsent.get()).toBe('false');
  });

  it('keeps the answer for the next page', async () => {
    consent.declineCookies();
    await loadPage();
    expect(consent.$cookieConsent.get()).toBe('false');
  });

  it('counts an answer stored without a date (as the earlier site stored it)', async () => {
    storage.cookieConsentAccepted = 'true';
    await loadPage();
    expect(consent.$cookieConsent.get()).toBe('true');
  });

  it('asks again after one year', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-10T12:00:00Z'));
    consent.declineCookies();
    vi.setSystemTime(Date.now() + consent.CONSENT_LIFETIME_MS + 1000);
    await loadPage();
    expect(consent.$cookieConsent.get()).toBeUndefined();
  });

  it('ignores values it did not write', async () => {
    storage.cookieConsentAccepted = 'maybe';
    await loadPage();
    expect(consent.$cookieConsent.get()).toBeUndefined();
  });
});
