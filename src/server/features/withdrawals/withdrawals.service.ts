/**
 * Withdrawal declarations (docs/product.md#d31-consumer-law): every one is kept and acknowledged
 * at once by mail with its content, date and time; one that names an order of its sender's
 * account marks that order withdrawn for staff, who then refund it. Staff are told of each.
 */
import { desc, eq } from 'drizzle-orm';
import { withinWithdrawalPeriod } from '../../../lib/withdrawal-period.ts';
import type { AdminWithdrawalView, WithdrawalDeclaration, WithdrawalView } from '../../../lib/withdrawals.ts';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import { bookings, type Database, withdrawals } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { receiveDeclaration } from '../declarations/declarations.ts';
import { withdrawalNoticeMail, withdrawalReceiptMail } from './withdrawals.mails.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

const view = (row: WithdrawalRow): WithdrawalView => ({
  id: row.id,
  receivedAt: row.receivedAt.toISOString(),
  name: row.name,
  email: row.email,
  orderNumber: row.orderNumber,
  reason: row.reason,
});

export const receiveWithdrawal = (
  deps: ApiDependencies,
  declaration: WithdrawalDeclaration,
  sender: AuthenticatedUser | undefined,
): Promise<WithdrawalView> =>
  receiveDeclaration(deps, declaration, sender, async (tx, bookingId, receipt) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({ ...declaration, bookingId })
      .returning();
    if (!row) throw new Error('insert returned no withdrawal');
    const withdrawal = view(row);
    if (receipt.mailed) {
      const noticeUrl = `${deps.siteUrl}/widerrufsbelehrung`;
      await enqueueMail(tx, withdrawalReceiptMail(withdrawal, noticeUrl, receipt.senderConfirmed));
    }
    await enqueueMail(
      tx,
      withdrawalNoticeMail(deps.company.email, withdrawal, {
        matched: bookingId !== null,
        receiptMailed: receipt.mailed,
        overviewUrl: `${deps.siteUrl}/admin/bestellungen`,
      }),
    );
    return withdrawal;
  });

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
