/**
 * A page rendered on request gets its Content-Security-Policy as a header, in which Astro lists the
 * hash of every inline style and script of the whole build (31, about 1.7 KB), while a page has
 * five. The header keeps the hashes of this page's own: a category page's response then fits a new
 * connection's first flight of about 14 KB (docs/product.md#h10-delivery-and-caching). The islands'
 * style rule moves into the head, where HTML permits a style.
 */

import { defineMiddleware } from 'astro:middleware';
import { withIslandStylesInHead } from './server/http/island-styles.ts';
import { withOwnHashes } from './server/http/security-headers.ts';

const POLICY = 'content-security-policy';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const policy = response.headers.get(POLICY);
  if (context.isPrerendered || !policy || !response.headers.get('content-type')?.startsWith('text/html'))
    return response;
  const html = withIslandStylesInHead(await response.text());
  const headers = new Headers(response.headers);
  headers.set(POLICY, withOwnHashes(policy, html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
