/**
 * Caching of public reads (docs/product.md#h10-delivery-and-caching): a strong ETag computed from
 * the answer once, when it is made, so a client that has it gets 304 without a body, and a short
 * shared cache. Browsers
 * revalidate on every use (max-age=0) and never show a stale copy, so staff see a change at once;
 * a CDN may keep an answer a minute and, where it reads its own header (RFC 9213), serve it a
 * little longer while it fetches a new one. (`stale-while-revalidate` in Cache-Control would let
 * browsers show the stale copy too.)
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
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

/** A public answer serialised once, with its strong ETag: kept while what it says stands. */
export interface KeptAnswer {
  json: string;
  etag: string;
}

export const keptAnswer = (value: unknown): KeptAnswer => {
  const json = JSON.stringify(value);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
};

/** Middleware for a public GET route that answers with a kept answer (`answerKept`): its caching headers. */
export const keptPublicly = [publicCacheHeader] as const;

/**
 * A kept answer, or 304 without a body when the client has it (If-None-Match): neither the JSON
 * nor its hash is made again per request, as the ETag middleware would.
 */
export function answerKept(c: Context, answer: KeptAnswer): Response {
  const known = c.req.header('If-None-Match')?.split(/\s*,\s*/) ?? [];
  if (known.some((tag) => tag === answer.etag || tag === `W/${answer.etag}` || tag === '*')) {
    return c.body(null, 304, { ETag: answer.etag });
  }
  return c.body(answer.json, 200, { 'Content-Type': 'application/json', ETag: answer.etag });
}
