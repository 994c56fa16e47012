/**
 * Rate limits for the account endpoints, counted in the database so that every API replica sees
 * the same numbers. Fixed windows: simple, and good enough against guessing and mail flooding.
 */
import { lt, sql } from 'drizzle-orm';
import { type Database, rateLimitHits } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS = {
  loginPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  // Guessing one account from one address stops early; only a guess from many addresses at once
  // meets the per-account ceiling, so a stranger cannot lock the owner out (docs/product.md#h2-rate-limits).
  loginPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { limit: 100, windowSeconds: 60 * 60 },
  // A browser with the account's device cookie counts in a bucket of its own, and in no other.
  loginPerDevice: { limit: 10, windowSeconds: 15 * 60 },
  registerPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  forgotPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  forgotPerAccountAndAddress: { limit: 5, windowSeconds: 60 * 60 },
  // Not a refusal: requests past it are answered alike and send nothing (docs/product.md#h2-rate-limits).
  resetMailsPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  // Each withdrawal or cancellation mails a receipt (docs/product.md#d31-consumer-law).
  declarationsPerAddress: { limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

export type RateLimits = Record<keyof typeof DEFAULT_RATE_LIMITS, RateLimit>;

function tooManyRequests(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    429,
    `Zu viele Versuche. Bitte warten Sie ${minutes === 1 ? 'eine Minute' : `${minutes} Minuten`} und versuchen Sie es dann erneut.`,
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

/** Counts one attempt for `key`; throws 429 when the window's limit is exceeded. */
export async function consumeRateLimit(db: Database, key: string, { limit, windowSeconds }: RateLimit): Promise<void> {
  const now = Date.now();
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  if (Math.random() < 0.01) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now - 24 * 60 * 60 * 1000)));
  }
  if ((row?.hits ?? 0) > limit) {
    throw tooManyRequests(Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
  }
}
