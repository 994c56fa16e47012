/**
 * The password reset by e-mail (docs/product.md#d14-account-security): a request is queued whatever
 * the address, the mail sender turns a known one into a link, and the link sets a new password and
 * ends every session.
 */
import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { type Database, oneTimeTokens, passwordResetRequests, sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimit } from '../../http/rate-limit-defaults.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { passwordResetMail } from './accounts.mails.ts';
import { ACCOUNT_API_MESSAGES, emailMatches, normaliseEmail } from './accounts.service.ts';
import { issueOneTimeToken, redeemOneTimeToken } from './one-time-tokens.ts';
import { hashPassword } from './passwords.ts';

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * `POST /auth/forgot-password`: queues the request, whatever the address. The same statement for
 * every address: the answer takes the same time and says nothing about whether it is known.
 */
export async function requestPasswordReset(deps: ApiDependencies, email: string): Promise<void> {
  await deps.db.insert(passwordResetRequests).values({ email: normaliseEmail(email) });
  deps.mailSender.wake();
}

/**
 * Turns queued reset requests into links and mails (run by the mail sender): a known address gets
 * a new link, which ends the older ones, unless the account had `cap.limit` links in the last
 * `cap.windowSeconds` already; then its newest mail still holds a valid link. Each request is
 * taken and answered in a transaction of its own, so it yields one mail at most, whatever the
 * senders of other replicas do at the same time.
 */
export async function mailPasswordResets(db: Database, siteUrl: string, cap: RateLimit): Promise<void> {
  for (let more = true; more; ) {
    more = await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(passwordResetRequests)
        .orderBy(asc(passwordResetRequests.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!request) return false;
      await mailPasswordReset(tx, siteUrl, cap, request.email);
      await tx.delete(passwordResetRequests).where(eq(passwordResetRequests.id, request.id));
      return true;
    });
  }
}

async function mailPasswordReset(tx: Database, siteUrl: string, cap: RateLimit, email: string): Promise<void> {
  // One account's requests one after the other, whatever the senders: each sees the links made before.
  const [user] = await tx.select().from(users).where(emailMatches(email)).for('update');
  if (!user) return;
  const resetLinks = and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'reset_password'));
  const [recent] = await tx
    .select({ count: count() })
    .from(oneTimeTokens)
    .where(and(resetLinks, gt(oneTimeTokens.createdAt, new Date(Date.now() - cap.windowSeconds * 1000))));
  if ((recent?.count ?? 0) >= cap.limit) return;
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(resetLinks, isNull(oneTimeTokens.usedAt)));
  const token = await issueOneTimeToken(tx, user.id, 'reset_password', RESET_TTL_MS);
  await enqueueMail(tx, passwordResetMail(user.email, user.firstName, `${siteUrl}/reset-password?token=${token}`));
}

/**
 * Sets the new password, makes every other reset link of the user useless and ends every session
 * of the user; the link also proves the address.
 */
export async function resetPassword(db: Database, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const userId = await redeemOneTimeToken(tx, token, 'reset_password');
    if (userId === null) throw new ApiError(400, ACCOUNT_API_MESSAGES.resetInvalid);
    // Older links of the same user, still in someone's mailbox, must not change the password again.
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, 'reset_password'),
          isNull(oneTimeTokens.usedAt),
        ),
      );
    const [user] = await tx.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId));
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: user?.confirmedAt ?? new Date() })
      .where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  });
}
