/**
 * Rate limits of the API (the accounts' and the declarations' endpoints), counted in the database so that every API replica sees
 * the same numbers. Fixed windows: simple, and good enough against guessing and mail flooding.
 * Each counter's key names the action and what it counts (docs/product.md#h2-rate-limits).
 */
import { isIPv4, isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import { type Database, rateLimitHits } from '../db/schema.ts';
import { ApiError } from './errors.ts';
import type { RateLimit } from './rate-limit-defaults.ts';

/**
 * What a counter counts, each part under its own name: an account (the normalised e-mail), a client
 * (`address`, or `range` for an IPv6 client's /64), a browser's device id, a mail's recipient. No
 * value of one part can be read as another's, whatever a caller sends.
 */
export type Counted = Partial<Record<'account' | 'address' | 'range' | 'device' | 'recipient', string>>;

/** `login?account=anna%40example.de&address=198.51.100.7`: the action, then what it counts, escaped. */
export const rateLimitKey = (action: string, counted: Counted): string =>
  `${action}?${new URLSearchParams(counted as Record<string, string>)}`;

/** The eight 16-bit groups of an IPv6 address (a trailing IPv4 part counts as two). */
function ipv6Groups(address: string): number[] {
  const embedded = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = embedded
    ? address.replace(embedded[0], () => {
        const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
        return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
      })
    : address;
  const [head = '', tail] = hex.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const first = groups(head);
  const last = tail === undefined ? [] : groups(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The client a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber or server gets a whole /64: each of its 2^64 addresses is the same client). An
 * IPv4 address written as IPv6 (`::ffff:198.51.100.7`) counts as the IPv4 address.
 */
export function clientOf(address: string | undefined): Counted {
  const bare = address?.split('%')[0] ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return { address: mapped };
  if (!isIPv6(bare)) return { address: bare };
  const network = ipv6Groups(bare)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return { range: `${network}::/64` };
}

function tooManyRequests(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new ApiError(
    429,
    `Zu viele Versuche. Bitte warten Sie ${minutes === 1 ? 'eine Minute' : `${minutes} Minuten`} und versuchen Sie es dann erneut.`,
    { headers: { 'Retry-After': String(retryAfterSeconds) } },
  );
}

/** Counts one attempt for `key`; when the window's limit is exceeded, the seconds until the window ends. */
async function countAttempt(
  db: Database,
  key: string,
  { limit, windowSeconds }: RateLimit,
): Promise<number | undefined> {
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
  return (row?.hits ?? 0) > limit ? Math.ceil((windowStart.getTime() + windowMs - now) / 1000) : undefined;
}

/** Counts one attempt for `key`; throws 429 when the window's limit is exceeded. */
export async function consumeRateLimit(db: Database, key: string, limit: RateLimit): Promise<void> {
  const retryAfterSeconds = await countAttempt(db, key, limit);
  if (retryAfterSeconds !== undefined) throw tooManyRequests(retryAfterSeconds);
}

/** Counts one use for `key`; whether it is within the limit. For caps that refuse nothing, only leave something out. */
export const withinRateLimit = async (db: Database, key: string, limit: RateLimit): Promise<boolean> =>
  (await countAttempt(db, key, limit)) === undefined;
