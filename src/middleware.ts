/**
 * What every page rendered on request goes through:
 *
 * - While the database or the uploads' storage cannot be reached, such a page (a category's, which
 *   reads the catalogue) answers 503 with `Retry-After` and a German sentence, not an error page
 *   with 500 (docs/product.md#operations); the pre-rendered pages do not need either.
 * - Its Content-Security-Policy header, in which Astro lists the hash of every inline style and
 *   script of the whole build (31, about 1.7 KB), keeps the hashes of this page's own (five or
 *   so): a category page's response then fits a new connection's first flight of about 14 KB
 *   (docs/product.md#h10-delivery-and-caching). The islands' style rule moves into the head,
 *   where HTML permits a style.
 */

import { defineMiddleware } from 'astro:middleware';
import { MESSAGES, RETRY_AFTER_SECONDS, unavailableMessage } from './server/http/errors.ts';
import { withIslandStylesInHead } from './server/http/island-styles.ts';
import { withOwnHashes } from './server/http/security-headers.ts';

const POLICY = 'content-security-policy';

async function rendered(next: () => Promise<Response>): Promise<Response> {
  try {
    return await next();
  } catch (error) {
    if (!unavailableMessage(error)) throw error;
    return new Response(MESSAGES.pageUnavailable, {
      status: 503,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Retry-After': String(RETRY_AFTER_SECONDS),
        'Cache-Control': 'no-store',
      },
    });
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await rendered(next);
  const policy = response.headers.get(POLICY);
  if (context.isPrerendered || !policy || !response.headers.get('content-type')?.startsWith('text/html'))
    return response;
  const html = withIslandStylesInHead(await response.text());
  const headers = new Headers(response.headers);
  headers.set(POLICY, withOwnHashes(policy, html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
