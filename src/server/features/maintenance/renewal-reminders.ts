/**
 * The reminder before a maintenance term ends (docs/product.md#d35-maintenance-terms): 30 days
 * before its last day the customer gets one mail with a link to book the next term, unless they
 * cancelled it. Once per
 * term, whatever the number of replicas or runs: one statement both claims a term and marks it
 * reminded, and the mail is queued in the same transaction, so a crash sends none and a second
 * runner finds nothing left to claim.
 */
import { and, eq, gte, isNull, lte, notExists, sql } from 'drizzle-orm';
import { addDays, formatGermanDate, todayInGermany } from '../../../lib/dates.ts';
import { formatQuantity } from '../../../lib/units.ts';
import type { ApiDependencies } from '../../context.ts';
import { bookingItems, bookings, cancellations, users } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { renewalReminderMail } from './maintenance.mails.ts';

/** How long before a term's last day the customer is reminded. */
const REMIND_DAYS_BEFORE_END = 30;
/** How often the server looks for terms to remind of: a day late at most, well within the 30 days. */
const REMIND_EVERY_MS = 60 * 60 * 1000;

/** Queues the reminders due on `today` (YYYY-MM-DD, in Germany); returns how many. */
export async function remindRenewals(deps: ApiDependencies, today = todayInGermany()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = tx
      .select({ id: bookingItems.id })
      .from(bookingItems)
      .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
      .where(
        and(
          eq(bookingItems.unit, 'month'),
          isNull(bookingItems.renewalRemindedAt),
          eq(bookings.status, 'paid'),
          gte(bookingItems.departureDate, today),
          lte(bookingItems.departureDate, addDays(today, REMIND_DAYS_BEFORE_END)),
          // A customer who cancelled has said the term should end: no invitation to renew it.
          notExists(
            tx.select({ id: cancellations.id }).from(cancellations).where(eq(cancellations.bookingId, bookings.id)),
          ),
        ),
      );
    // `renewal_reminded_at is null` again in the update: PostgreSQL re-checks it on a row another
    // runner has just claimed, so that runner's claim wins and this one skips the row.
    const claimed = await tx
      .update(bookingItems)
      .set({ renewalRemindedAt: sql`now()` })
      .where(and(sql`${bookingItems.id} in (${due})`, isNull(bookingItems.renewalRemindedAt)))
      .returning();
    for (const item of claimed) {
      const [customer] = await tx
        .select({ email: users.email, firstName: users.firstName, bookingNumber: bookings.bookingNumber })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(eq(bookings.id, item.bookingId));
      if (!customer) continue;
      await enqueueMail(
        tx,
        renewalReminderMail(customer.email, customer.firstName, {
          bookingNumber: customer.bookingNumber,
          article: item.articleType,
          term: formatQuantity(item.quantity, item.unit),
          lastDay: formatGermanDate(item.departureDate),
          renewUrl: `${deps.siteUrl}/departaments/${item.categoryId}`,
          agencyEmail: deps.company.email,
        }),
      );
    }
    return claimed.length;
  });
}

/** Runs the reminders now and then every hour; returns how to stop it. */
export function startRenewalReminders(deps: ApiDependencies): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = remindRenewals(deps).catch((error: unknown) => log.error({ err: error }, 'renewal reminders failed'));
  };
  run();
  const timer = setInterval(run, REMIND_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
