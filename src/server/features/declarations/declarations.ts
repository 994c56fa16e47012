/**
 * What receiving any consumer's declaration takes (docs/product.md#d31-consumer-law,
 * #d35-maintenance-terms): a rate limit per address (each one mails a receipt), matching it to an
 * order of its sender's account, and recording it with its mails in one transaction, so the
 * receipt goes out exactly when the declaration is kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { bookings, type Database, users } from '../../db/schema.ts';
import { clientOf, consumeRateLimit, rateLimitKey } from '../accounts/rate-limits.ts';

/** One budget for withdrawals and cancellations: one address cannot flood anyone's inbox through either. */
export const limitDeclarations = (deps: ApiDependencies, clientAddress: string | undefined) =>
  consumeRateLimit(
    deps.db,
    rateLimitKey('declaration', clientOf(clientAddress)),
    deps.rateLimits.declarationsPerAddress,
  );

/**
 * The booking with this number whose account has this address (case does not matter), or null:
 * so nothing a stranger sends marks someone else's order.
 */
async function matchingBookingId(db: Database, orderNumber: string, email: string): Promise<number | null> {
  if (!orderNumber) return null;
  const [match] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.bookingNumber, orderNumber), sql`lower(${users.email}) = lower(${email})`));
  return match?.id ?? null;
}

/** Runs `record` (store the declaration, queue its mails) in one transaction with the matched booking, then sends. */
export async function receiveDeclaration<T>(
  deps: ApiDependencies,
  { orderNumber, email }: { orderNumber: string; email: string },
  record: (tx: Database, bookingId: number | null) => Promise<T>,
): Promise<T> {
  const received = await deps.db.transaction(async (tx) => record(tx, await matchingBookingId(tx, orderNumber, email)));
  deps.mailSender.wake();
  return received;
}
