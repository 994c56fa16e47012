/**
 * Delivery as a browser meets it (docs/product.md#h10-delivery-and-caching): pre-compressed files,
 * cheap revalidation, security headers on every page, and a Content-Security-Policy that is in
 * force. (Every other spec runs under the same policy and fails on any console error, so a
 * violation anywhere in the site fails the suite.)
 */
import { expect, test } from './support/fixtures.ts';

const STATIC_PAGES = ['/', '/login', '/cart', '/shop'];
const PAGES_RENDERED_ON_REQUEST = ['/departaments/12', '/payment-options'];

test.describe('delivery', () => {
  test('static pages and assets come pre-compressed with brotli, and revalidate by ETag', async ({ request }) => {
    const page = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
    const headers = page.headers();
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toContain('Accept-Encoding');
    expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const revalidated = await request.get('/', { headers: { 'If-None-Match': String(headers.etag) } });
    expect(revalidated.status()).toBe(304);

    const asset = (await page.text()).match(/\/_astro\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const script = await request.get(String(asset), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(script.headers()['content-encoding']).toBe('gzip');
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // A script is no document: it carries no page policies, only what keeps its type from being guessed.
    expect(script.headers()['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy']) {
      expect(script.headers()[name], name).toBeUndefined();
    }
  });

  test('every page forbids framing and sniffing, sets a referrer and permissions policy, no HSTS over HTTP', async ({
    request,
  }) => {
    for (const path of [...STATIC_PAGES, ...PAGES_RENDERED_ON_REQUEST, '/gibt-es-nicht']) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  test('the policy allows scripts only from the site or by hash, and no provider origin in the sandbox', async ({
    page,
  }) => {
    for (const path of [...STATIC_PAGES, ...PAGES_RENDERED_ON_REQUEST]) {
      const response = await page.goto(path);
      // Pre-rendered pages carry the policy as a <meta> element, pages rendered on request as a header.
      const meta = page.locator('meta[http-equiv="content-security-policy"]');
      const policy =
        (await meta.count()) > 0
          ? String(await meta.getAttribute('content'))
          : (response?.headers()['content-security-policy'] ?? '');
      const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scripts, path).toMatch(/^'self'( 'sha256-[\w+/=]+')*$/);
      expect(policy, path).not.toContain('paypal.com');
    }
  });
});

test('pages about one customer’s payment or password reset are never stored by a browser or proxy', async ({
  request,
}) => {
  for (const path of ['/success', '/cancel', '/checkout', '/reset-password/ein-token-aus-der-mail']) {
    expect((await request.get(path)).headers()['cache-control'], path).toBe('no-store');
  }
});

test.describe('the Content-Security-Policy in force', () => {
  test.use({ allowedConsoleErrors: /Content Security Policy/ });

  test('an injected inline script is blocked and reported as a violation', async ({ page }) => {
    await page.goto('/');
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violated: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve({ ran: 'pwned' in window, violated: event.violatedDirective }),
          );
          const script = document.createElement('script');
          script.textContent = 'window.pwned = true;';
          document.body.append(script);
        }),
    );
    expect(outcome).toEqual({ ran: false, violated: 'script-src-elem' });
  });
});
