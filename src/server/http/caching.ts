/**
 * Caching of public reads (docs/product.md#h10-delivery-and-caching): a strong ETag computed from
 * the answer, so a client that has it gets 304 without a body, and a short shared cache. Browsers
 * revalidate on every use (max-age=0), so staff see a change at once; a CDN may keep an answer a
 * minute and serve it a little longer while it fetches a new one.
 */
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

const publicCacheHeader = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status === 200 || c.res.status === 304) c.header('Cache-Control', PUBLIC_CACHE_CONTROL);
});

/** Middleware for a public GET route: its ETag and caching headers. */
export const cachedPublicly = [publicCacheHeader, etag()] as const;
