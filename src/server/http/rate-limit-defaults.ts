/**
 * The API's rate limits (docs/product.md#h2-rate-limits): what each counter allows in its window.
 * Apart from the counting (rate-limits.ts), so the API's dependencies name them without loading it.
 */
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
  // Not a refusal: declarations past it are received alike, their receipt is not mailed.
  declarationReceiptsPerRecipient: { limit: 3, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateLimit>;

export type RateLimits = Record<keyof typeof DEFAULT_RATE_LIMITS, RateLimit>;
