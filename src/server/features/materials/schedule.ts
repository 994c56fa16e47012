/**
 * What happens to materials over time (docs/product.md#d36-next-steps), looked at every hour by
 * every server process: one reminder when an order's materials are still missing 3 days after the
 * payment; uploads left unfinished for a day are given up; files are deleted 90 days after the
 * order was delivered, and 30 days after it turned out not to be carried out (refunded, withdrawn,
 * cancelled, charged back). Each step claims its rows in one statement, so replicas running it at
 * once do each thing once; the reminder's mail is queued in the transaction that claims it.
 */
import { and, eq, exists, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { bookings, materialFiles, materialUploads, orderProgress, users, withdrawals } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { materialsReminderMail } from './materials.mails.ts';
import { itemViewsOf, materialsUrl, visibleOrder } from './materials.service.ts';
import { dropUpload } from './uploads.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Materials still missing this long after the payment: the customer is reminded once. */
export const REMIND_AFTER_MS = 3 * DAY_MS;
/** An upload with no part for this long is given up. */
export const UPLOAD_LIFETIME_MS = DAY_MS;
/** After delivery, for questions and reprints. */
export const KEEP_AFTER_DELIVERY_MS = 90 * DAY_MS;
/** After an order turned out not to be carried out. */
export const KEEP_AFTER_CLOSING_MS = 30 * DAY_MS;
const LOOK_EVERY_MS = 60 * 60 * 1000;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Orders that will not be carried out: refunded, cancelled, charged back, or withdrawn. */
const notCarriedOut = () =>
  or(
    inArray(bookings.status, ['refunded', 'cancelled', 'charged_back']),
    exists(sql`(select 1 from ${withdrawals} where ${withdrawals.bookingId} = ${bookings.id})`),
  );

/** Queues the reminders due at `now`; returns how many. */
export async function remindMissingMaterials(deps: ApiDependencies, now = new Date()): Promise<number> {
  const due = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(orderProgress)
      .set({ remindedAt: now })
      .where(
        and(
          eq(orderProgress.step, 'materials_missing'),
          isNull(orderProgress.remindedAt),
          sql`${orderProgress.bookingId} in (${tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(
              and(
                inArray(bookings.status, ['paid', 'disputed']),
                lte(bookings.paidAt, before(now, REMIND_AFTER_MS)),
                notExists(
                  tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.bookingId, bookings.id)),
                ),
              ),
            )})`,
        ),
      )
      .returning({ bookingId: orderProgress.bookingId });
    for (const { bookingId } of claimed) {
      const [customer] = await tx
        .select({ id: users.id })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(eq(bookings.id, bookingId));
      if (!customer) continue;
      const order = await visibleOrder(tx, { id: customer.id, roles: [] }, bookingId);
      const items = await itemViewsOf(tx, order);
      await enqueueMail(
        tx,
        materialsReminderMail(order.customer.email, order.customer.firstName, {
          bookingNumber: order.booking.bookingNumber,
          missing: items.flatMap((item) =>
            item.missing.length > 0 ? [`${item.type}: ${item.missing.join(', ')}`] : [],
          ),
          url: materialsUrl(deps.siteUrl, order.booking.bookingNumber),
          agencyEmail: deps.company.email,
        }),
      );
    }
    return claimed.length;
  });
  if (due > 0) deps.mailSender.wake();
  return due;
}

/** Gives up uploads without a part for a day, with the parts they had; returns how many. */
export async function dropStaleUploads(deps: ApiDependencies, now = new Date()): Promise<number> {
  const stale = await deps.db
    .delete(materialUploads)
    .where(and(isNull(materialUploads.fileId), lte(materialUploads.createdAt, before(now, UPLOAD_LIFETIME_MS))))
    .returning({ id: materialUploads.id });
  for (const { id } of stale) await dropUpload(deps, id, true);
  // Finished uploads are kept a day for a repeated last part; then only their row is left to go.
  await deps.db
    .delete(materialUploads)
    .where(and(isNotNull(materialUploads.fileId), lte(materialUploads.createdAt, before(now, UPLOAD_LIFETIME_MS))));
  return stale.length;
}

/** Deletes the files whose retention has ended; returns how many orders lost theirs. */
export async function removeExpiredFiles(deps: ApiDependencies, now = new Date()): Promise<number> {
  // The moment an order is first seen not carried out starts its 30 days.
  await deps.db
    .update(orderProgress)
    .set({ closedAt: now })
    .where(
      and(
        isNull(orderProgress.closedAt),
        sql`${orderProgress.bookingId} in (${deps.db.select({ id: bookings.id }).from(bookings).where(notCarriedOut())})`,
      ),
    );
  const expired = await deps.db
    .update(orderProgress)
    .set({ filesRemovedAt: now })
    .where(
      and(
        isNull(orderProgress.filesRemovedAt),
        or(
          and(eq(orderProgress.step, 'delivered'), lte(orderProgress.deliveredAt, before(now, KEEP_AFTER_DELIVERY_MS))),
          lte(orderProgress.closedAt, before(now, KEEP_AFTER_CLOSING_MS)),
        ),
        exists(
          deps.db
            .select({ id: materialFiles.id })
            .from(materialFiles)
            .where(eq(materialFiles.bookingId, orderProgress.bookingId)),
        ),
      ),
    )
    .returning({ bookingId: orderProgress.bookingId });
  for (const { bookingId } of expired) {
    const files = await deps.db
      .delete(materialFiles)
      .where(eq(materialFiles.bookingId, bookingId))
      .returning({ blobKey: materialFiles.blobKey });
    await deps.materials.blobs.delete(files.map((file) => file.blobKey));
  }
  if (expired.length > 0) log.info({ orders: expired.length }, 'materials past their retention deleted');
  return expired.length;
}

/** Runs the schedule now and then every hour; returns how to stop it. */
export function startMaterialsSchedule(deps: ApiDependencies): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = (async () => {
      await remindMissingMaterials(deps);
      await dropStaleUploads(deps);
      await removeExpiredFiles(deps);
    })().catch((error: unknown) => log.error({ err: error }, 'the materials schedule failed'));
  };
  run();
  const timer = setInterval(run, LOOK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
