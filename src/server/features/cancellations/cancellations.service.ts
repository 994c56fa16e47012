/**
 * Cancellations through the cancellation button (§ 312k BGB, docs/product.md#d35-maintenance-terms):
 * every one is kept and confirmed at once by mail with its content, the date and time it was
 * received and when the contract ends. One that names a paid booking with a maintenance term of its
 * sender's account ends that term on the day the receipt states; staff see it on the order.
 */
import { and, desc, eq, max } from 'drizzle-orm';
import {
  type AdminCancellationView,
  type CancellationDeclaration,
  type CancellationView,
  contractEndsOn,
} from '../../../lib/cancellations.ts';
import { todayInGermany } from '../../../lib/dates.ts';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import { bookingItems, bookings, cancellations, type Database } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { receiveDeclaration } from '../declarations/declarations.ts';
import { cancellationNoticeMail, cancellationReceiptMail } from './cancellations.mails.ts';

type CancellationRow = typeof cancellations.$inferSelect;

const view = (row: CancellationRow): CancellationView => ({
  id: row.id,
  receivedAt: row.receivedAt.toISOString(),
  name: row.name,
  email: row.email,
  orderNumber: row.orderNumber,
  kind: row.kind,
  reason: row.reason,
  endDate: row.endDate ?? '',
});

/** The last day of the paid booking's maintenance terms, or null when it has none. */
async function termEnd(db: Database, bookingId: number): Promise<string | null> {
  const [row] = await db
    .select({ last: max(bookingItems.departureDate) })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(and(eq(bookingItems.bookingId, bookingId), eq(bookingItems.unit, 'month'), eq(bookings.status, 'paid')));
  return row?.last ?? null;
}

export const receiveCancellation = (
  deps: ApiDependencies,
  declaration: CancellationDeclaration,
  sender: AuthenticatedUser | undefined,
): Promise<CancellationView> =>
  receiveDeclaration(deps, declaration, sender, async (tx, bookingId, receipt) => {
    const receivedAt = new Date();
    const last = bookingId === null ? null : await termEnd(tx, bookingId);
    const endsOn = last === null ? null : contractEndsOn(declaration, last, todayInGermany(receivedAt));
    const [row] = await tx
      .insert(cancellations)
      .values({ ...declaration, receivedAt, endDate: declaration.endDate || null, bookingId, contractEndsOn: endsOn })
      .returning();
    if (!row) throw new Error('insert returned no cancellation');
    const cancellation = view(row);
    if (receipt.mailed) {
      const termsUrl = `${deps.siteUrl}/agb`;
      await enqueueMail(tx, cancellationReceiptMail(cancellation, endsOn, termsUrl, receipt.senderConfirmed));
    }
    await enqueueMail(
      tx,
      cancellationNoticeMail(deps.company.email, cancellation, {
        matched: bookingId !== null,
        endsOn,
        receiptMailed: receipt.mailed,
        overviewUrl: `${deps.siteUrl}/admin/bestellungen`,
      }),
    );
    return cancellation;
  });

/** Every cancellation, newest first, with the order it matched and the day that contract ends. */
export async function listCancellations(db: Database): Promise<AdminCancellationView[]> {
  const rows = await db.select().from(cancellations).orderBy(desc(cancellations.receivedAt), desc(cancellations.id));
  return rows.map((row) => ({ ...view(row), bookingId: row.bookingId, contractEndsOn: row.contractEndsOn }));
}
