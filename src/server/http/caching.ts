/**
 * Caching of public reads (docs/product.md#h10-delivery-and-caching): a strong ETag computed from
 * the answer, so a client that has it gets 304 without a body, and a short shared cache. Browsers
 * revalidate on every use (max-age=0) and never show a stale copy, so staff see a change at once;
 * a CDN may keep an answer a minute and, where it reads its own header (RFC 9213), serve it a
 * little longer while it fetches a new one. (`stale-while-revalidate` in Cache-Control would let
 * browsers show the stale copy too.)
 */
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';

export const PUBLIC_CACHE_HEADERS = {
  'Cache-Control': 'public, max-age=0, s-maxage=60',
  'CDN-Cache-Control': 'max-age=60, stale-while-revalidate=300',
} as const;

const publicCacheHeader = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status !== 200 && c.res.status !== 304) return;
  for (const [name, value] of Object.entries(PUBLIC_CACHE_HEADERS)) c.header(name, value);
});

/** Middleware for a public GET route: its ETag and caching headers. */
export const cachedPublicly = [publicCacheHeader, etag()] as const;
