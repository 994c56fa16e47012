/**
 * What receiving any consumer's declaration takes (docs/product.md#d31-consumer-law,
 * #d35-maintenance-terms): a rate limit per address (each one mails a receipt), matching it to an
 * order of its sender's account, deciding how its receipt goes out, and recording it with its mails
 * in one transaction, so the receipt goes out exactly when the declaration is kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import { bookings, type Database, users } from '../../db/schema.ts';
import { clientOf, consumeRateLimit, rateLimitKey, withinRateLimit } from '../../http/rate-limits.ts';
import { normaliseEmail } from '../accounts/accounts.service.ts';

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

/**
 * How a declaration's receipt goes out. Anyone may send a declaration naming any address, so the
 * receipt may reach a stranger: unless the sender is logged in with that very address, the receipt
 * repeats the sender's text with nothing a mail program shows as a link, and one address gets at
 * most a few such receipts a day; past that the declaration is kept and staff are told all the same.
 */
export interface Receipt {
  /** The sender is logged in to the account with the receipt's address: its text is theirs to read as typed. */
  senderConfirmed: boolean;
  /** The receipt is mailed (else staff's notice says it was not). */
  mailed: boolean;
}

/** An inbox as the cap counts it: the address in lower case, without a `+tag` (`anna+1@…` is anna's inbox). */
const inboxOf = (email: string) => normaliseEmail(email).replace(/\+[^@]*(?=@)/, '');

/** Runs `record` (store the declaration, queue its mails) in one transaction with the matched booking, then sends. */
export async function receiveDeclaration<T>(
  deps: ApiDependencies,
  { orderNumber, email }: { orderNumber: string; email: string },
  sender: AuthenticatedUser | undefined,
  record: (tx: Database, bookingId: number | null, receipt: Receipt) => Promise<T>,
): Promise<T> {
  const senderConfirmed = sender !== undefined && normaliseEmail(sender.email) === normaliseEmail(email);
  const received = await deps.db.transaction(async (tx) => {
    const bookingId = await matchingBookingId(tx, orderNumber, email);
    const mailed =
      senderConfirmed ||
      (await withinRateLimit(
        tx,
        rateLimitKey('declaration-receipt', { recipient: inboxOf(email) }),
        deps.rateLimits.declarationReceiptsPerRecipient,
      ));
    return record(tx, bookingId, { senderConfirmed, mailed });
  });
  deps.mailSender.wake();
  return received;
}
