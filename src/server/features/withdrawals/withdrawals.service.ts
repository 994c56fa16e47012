/**
 * Withdrawal declarations (docs/product.md#d31-consumer-law): every one is kept and acknowledged
 * at once by mail with its content, date and time; one that names an order of its sender's
 * account marks that order withdrawn for staff, who then refund it. Staff are told of each.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { withinWithdrawalPeriod } from '../../../lib/withdrawal-period.ts';
import type { AdminWithdrawalView, WithdrawalDeclaration, WithdrawalView } from '../../../lib/withdrawals.ts';
import type { ApiDependencies } from '../../context.ts';
import { bookings, type Database, users, withdrawals } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { withdrawalNoticeMail, withdrawalReceiptMail } from '../../mail/templates.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

const view = (row: WithdrawalRow): WithdrawalView => ({
  id: row.id,
  receivedAt: row.receivedAt.toISOString(),
  name: row.name,
  email: row.email,
  orderNumber: row.orderNumber,
  reason: row.reason,
});

/** The booking with this number whose account has this address (case does not matter), if any. */
async function matchingBooking(db: Database, orderNumber: string, email: string) {
  if (!orderNumber) return undefined;
  const [match] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.bookingNumber, orderNumber), sql`lower(${users.email}) = lower(${email})`));
  return match;
}

export async function receiveWithdrawal(
  deps: ApiDependencies,
  declaration: WithdrawalDeclaration,
): Promise<WithdrawalView> {
  const received = await deps.db.transaction(async (tx) => {
    const booking = await matchingBooking(tx, declaration.orderNumber, declaration.email);
    const [row] = await tx
      .insert(withdrawals)
      .values({ ...declaration, bookingId: booking?.id ?? null })
      .returning();
    if (!row) throw new Error('insert returned no withdrawal');
    const withdrawal = view(row);
    await enqueueMail(tx, withdrawalReceiptMail(withdrawal, `${deps.siteUrl}/widerrufsbelehrung`));
    await enqueueMail(
      tx,
      withdrawalNoticeMail(deps.company.email, withdrawal, {
        matched: booking !== undefined,
        overviewUrl: `${deps.siteUrl}/admin/bestellungen`,
      }),
    );
    return withdrawal;
  });
  deps.mailSender.wake();
  return received;
}

/** Every declaration, newest first, with the order it matched and whether it came in time. */
export async function listWithdrawals(db: Database): Promise<AdminWithdrawalView[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, paidAt: bookings.paidAt })
    .from(withdrawals)
    .leftJoin(bookings, eq(bookings.id, withdrawals.bookingId))
    .orderBy(desc(withdrawals.receivedAt), desc(withdrawals.id));
  return rows.map(({ withdrawal, paidAt }) => ({
    ...view(withdrawal),
    bookingId: withdrawal.bookingId,
    inPeriod: paidAt ? withinWithdrawalPeriod(paidAt.toISOString(), withdrawal.receivedAt) : null,
  }));
}
