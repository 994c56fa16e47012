/** The one spelling of a request's path (docs/product.md#h9-hardening), which the server redirects every other to. */
import { describe, expect, it } from 'vitest';
import { normalisedTarget } from '../../src/server/http/node-server.ts';

describe('the one spelling of a path', () => {
  it.each([
    ['/%61pi/health', '/api/health'],
    ['/%41PI/health', '/API/health'],
    ['/./api/health', '/api/health'],
    ['/x/../api/health', '/api/health'],
    ['/%2e%2e/api/health', '/api/health'],
    ['//api/health', '/api/health'],
    ['/api//auth\\login', '/api/auth/login'],
    ['/api/images/file/a%2fb', '/api/images/file/a%2Fb'],
    ['http://evil.example/api/health?x=1', '/api/health?x=1'],
    ['*', '/'],
  ])('%j is %j', (target, expected) => {
    expect(normalisedTarget(target)).toBe(expected);
    expect(normalisedTarget(expected)).toBe(expected); // and stays so: no redirect loops
  });

  it('leaves paths in their spelling alone, and every query string as sent', () => {
    for (const target of [
      '/',
      '/api/health',
      '/reset-password/aB-_9',
      '/k%C3%A4se',
      '/success?session_id={CHECKOUT}&a=%2f',
    ]) {
      expect(normalisedTarget(target)).toBe(target);
    }
  });
});
