/**
 * The one rule for addresses the site sends a visitor back to (docs/product.md#h9-hardening): the
 * login's `?next=` and the payment return URLs. Every trick of the attack review, and the ones
 * around it, as the URL parser (the browser's and Node's are the same WHATWG parser) reads them.
 */
import { describe, expect, it } from 'vitest';
import { loginHref, returnPath, sitePage } from '../../src/lib/return-path.ts';

const SITE = 'http://localhost:4321';
const next = (wanted: string) => returnPath(`?next=${encodeURIComponent(wanted)}`, SITE);

/** Addresses that lead off the site, or that the parser would read differently than they read. */
const FOREIGN_RETURN_ADDRESSES = [
  '/\t/evil.example/phish',
  '/\n/evil.example/phish',
  '/\r/evil.example/phish',
  '\t//evil.example/phish',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/profilepage\n',
  '//evil.example/phish',
  '///evil.example/phish',
  '/\\evil.example/phish',
  '\\\\evil.example/phish',
  '/\\/evil.example/phish',
  ' //evil.example/phish',
  'https://evil.example/phish',
  'http://localhost:4321@evil.example/phish',
  'http://evil.example\\@localhost:4321/',
  'https://localhost:4321/profilepage',
  'http://localhost:4322/profilepage',
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'http://[::1',
] as const;

describe('the return path after login', () => {
  it('keeps a page of the site with its query and fragment', () => {
    expect(next('/profilepage')).toBe('/profilepage');
    expect(next('/departaments/12?von=2026-07-01#buchen')).toBe('/departaments/12?von=2026-07-01#buchen');
    expect(next('/käse/straße')).toBe('/k%C3%A4se/stra%C3%9Fe');
  });

  it('takes an absolute address of the site as its path', () => {
    expect(next('http://localhost:4321/cart')).toBe('/cart');
  });

  it.each(FOREIGN_RETURN_ADDRESSES)('refuses %j', (wanted) => {
    expect(next(wanted)).toBeUndefined();
  });

  it('never gives a path another host could be read from', () => {
    // The parser keeps `//` after a dot segment as the path; it would name a host as a link.
    expect(next('/.//evil.example/phish')).toBe('/evil.example/phish');
    expect(next('/x/..//evil.example')).toBe('/evil.example');
    expect(next('/%2e//evil.example')).toBe('/evil.example');
  });

  it('gives nothing without `next`', () => {
    expect(returnPath('', SITE)).toBeUndefined();
    expect(returnPath('?bestaetigt=1', SITE)).toBeUndefined();
  });

  it('is carried by the login link', () => {
    expect(loginHref('/departaments/12')).toBe('/login?next=%2Fdepartaments%2F12');
    expect(returnPath(new URL(loginHref('/departaments/12'), SITE).search, SITE)).toBe('/departaments/12');
    expect(loginHref()).toBe('/login');
  });
});

describe('a page of the site (payment return URLs)', () => {
  it('resolves paths and absolute addresses of the site', () => {
    expect(sitePage('/success', SITE)?.href).toBe('http://localhost:4321/success');
    expect(sitePage('http://localhost:4321/cancel?x=1', SITE)?.href).toBe('http://localhost:4321/cancel?x=1');
  });

  it.each(FOREIGN_RETURN_ADDRESSES)('refuses %j', (wanted) => {
    expect(sitePage(wanted, SITE)).toBeUndefined();
  });
});
