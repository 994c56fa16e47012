/**
 * One-time tokens: the links of the confirmation and reset mails, stored hashed, expiring, usable
 * once (docs/product.md#d14-account-security).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Database, type OneTimeTokenPurpose, oneTimeTokens } from '../../db/schema.ts';
import { hashToken, randomToken } from './secrets.ts';

export async function issueOneTimeToken(
  db: Database,
  userId: number,
  purpose: OneTimeTokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await db
    .insert(oneTimeTokens)
    .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Marks a valid token used and returns its user; a second use, an expired or unknown token gives null. */
export async function redeemOneTimeToken(
  db: Database,
  token: string,
  purpose: OneTimeTokenPurpose,
): Promise<number | null> {
  const [redeemed] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return redeemed?.userId ?? null;
}
