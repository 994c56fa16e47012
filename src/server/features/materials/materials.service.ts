/**
 * A paid order's materials and progress (docs/product.md#d36-next-steps): visible to the order's
 * customer and to staff only (404 for anyone else), changed while the order takes materials, handed
 * over once, moved on by staff; every step the customer is told of by mail, queued in the
 * transaction that makes the step.
 */
import { and, asc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import { formatGermanDate } from '../../../lib/dates.ts';
import type { ItemMaterials, ProgressChange } from '../../../lib/materials-input.ts';
import type { ProgressStep } from '../../../lib/progress-steps.ts';
import { printFileRules, websiteModels } from '../../content-files.ts';
import type { ApiDependencies, AuthenticatedUser } from '../../context.ts';
import {
  bookingItems,
  bookings,
  type Database,
  itemMaterials,
  materialFiles,
  orderProgress,
  users,
  withdrawals,
} from '../../db/schema.ts';
import { ApiError, MESSAGES } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { enqueueMail } from '../../mail/queue.ts';
import { checkAgainstOrder, type FileRow, fileView, type ItemRow, itemView, needsMaterials } from './items.ts';
import { materialsHandedOverMail, materialsReceivedNoticeMail, progressMail } from './materials.mails.ts';
import type { MaterialFileView, MaterialItemView, MaterialsView, ProgressView } from './materials.views.ts';
import { formatKey, formatOf } from './preflight.ts';

export const MATERIALS_API_MESSAGES = {
  notFound: MESSAGES.notFound,
  notPaid: 'Unterlagen nehmen wir erst nach der Zahlung an.',
  itemNotFound: 'Diese Position gehört nicht zu der Bestellung.',
  fileNotFound: 'Datei nicht gefunden.',
  handedOver: (date: string, email: string) =>
    `Sie haben Ihre Unterlagen am ${date} übergeben. Möchten Sie noch etwas ändern, schreiben Sie uns bitte an ${email} mit der Bestellnummer.`,
  inWork: (email: string) =>
    `Ihre Bestellung ist schon in Arbeit. Möchten Sie noch etwas ändern, schreiben Sie uns bitte an ${email} mit der Bestellnummer.`,
  refunded: 'Diese Bestellung wurde erstattet; sie nimmt keine Unterlagen mehr an.',
  cancelled: 'Diese Bestellung wurde storniert; sie nimmt keine Unterlagen mehr an.',
  chargedBack: 'Die Zahlung dieser Bestellung wurde zurückgebucht; sie nimmt keine Unterlagen mehr an.',
  withdrawn: 'Sie haben diese Bestellung widerrufen; sie nimmt keine Unterlagen mehr an.',
  stillMissing: (missing: string[]) => `Es fehlt noch: ${missing.join(', ')}.`,
  alreadyHandedOver: 'Diese Unterlagen sind schon übergeben.',
  notPrintFile: 'Nur das Prüfergebnis einer Druckdatei lässt sich bestätigen.',
  formatFirst: 'Bitte geben Sie zuerst das Endformat an; dann prüfen wir die Datei dafür.',
  notExecuted:
    'Diese Bestellung wird nicht ausgeführt (erstattet, storniert, zurückgebucht oder widerrufen); ihr Stand bleibt, wie er ist.',
  trackingRequired: 'Für eine Bestellung mit Druck geben Sie bitte die Sendungsnummer und den Versanddienst an.',
  siteUrlRequired: 'Für eine Website geben Sie bitte die Adresse an, unter der sie online ist.',
  startedOnRequired: 'Für eine Wartung geben Sie bitte an, wann sie begonnen hat.',
  noteRequired: 'Bitte schreiben Sie dem Kunden, was noch fehlt.',
} as const;

const m = MATERIALS_API_MESSAGES;

export type ProgressRow = typeof orderProgress.$inferSelect;

/** A paid order as the materials see it: its items, its progress, and whether its customer withdrew. */
export interface Order {
  booking: typeof bookings.$inferSelect;
  items: ItemRow[];
  progress: ProgressRow;
  withdrawnAt: Date | null;
  customer: { email: string; firstName: string };
}

/** Opens the order's progress in the transaction that marks it paid: waiting for materials, or complete when it needs none. */
export async function openProgress(tx: Database, bookingId: number): Promise<void> {
  const items = await tx.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId));
  const step: ProgressStep = needsMaterials(items) ? 'materials_missing' : 'materials_complete';
  await tx.insert(orderProgress).values({ bookingId, step }).onConflictDoNothing();
}

export function progressView(row: ProgressRow): ProgressView {
  return {
    step: row.step,
    since: row.since.toISOString(),
    handedOverAt: row.handedOverAt?.toISOString() ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    siteUrl: row.siteUrl,
    startedOn: row.startedOn,
    note: row.note,
    filesRemovedAt: row.filesRemovedAt?.toISOString() ?? null,
  };
}

/** The progress of some bookings, for their views (null: never paid). */
export async function progressOf(db: Database, bookingIds: number[]): Promise<Map<number, ProgressView>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select().from(orderProgress).where(inArray(orderProgress.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, progressView(row)]));
}

/** The order `bookingId` if `user` may see it (its customer, or staff); 404 for anyone else, as for an unknown one. */
export async function visibleOrder(
  db: Database,
  user: Pick<AuthenticatedUser, 'id' | 'roles'>,
  bookingId: number,
): Promise<Order> {
  const [row] = await db
    .select({ booking: bookings, progress: orderProgress, email: users.email, firstName: users.firstName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(orderProgress, eq(orderProgress.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row || (row.booking.userId !== user.id && !user.roles.includes('ROLE_ADMIN'))) {
    throw new ApiError(404, m.notFound);
  }
  if (!row.progress) throw new ApiError(404, m.notPaid);
  const [items, [withdrawn]] = await Promise.all([
    db.select().from(bookingItems).where(eq(bookingItems.bookingId, bookingId)).orderBy(asc(bookingItems.id)),
    db
      .select({ at: min(withdrawals.receivedAt) })
      .from(withdrawals)
      .where(eq(withdrawals.bookingId, bookingId)),
  ]);
  return {
    booking: row.booking,
    items,
    progress: row.progress,
    withdrawnAt: withdrawn?.at ?? null,
    customer: { email: row.email, firstName: row.firstName },
  };
}

/** Why the order takes no more materials, in German; null while it does. */
export function closedReason(order: Order, agencyEmail: string): string | null {
  const { booking, progress } = order;
  if (booking.status === 'refunded') return m.refunded;
  if (booking.status === 'cancelled') return m.cancelled;
  if (booking.status === 'charged_back') return m.chargedBack;
  if (order.withdrawnAt) return m.withdrawn;
  if (progress.step === 'in_progress' || progress.step === 'delivered') return m.inWork(agencyEmail);
  if (progress.handedOverAt) return m.handedOver(formatGermanDate(progress.handedOverAt.toISOString()), agencyEmail);
  return null;
}

/** Refused with 409 unless the order takes materials now. */
export function requireEditable(order: Order, agencyEmail: string): void {
  const reason = closedReason(order, agencyEmail);
  if (reason) throw new ApiError(409, reason);
}

/** Whether the order is one that will be carried out (paid or disputed, not withdrawn). */
const isExecuted = (order: Order) => ['paid', 'disputed'].includes(order.booking.status) && !order.withdrawnAt;

const context = () => ({ models: websiteModels(), rules: printFileRules() });

async function storedOf(db: Database, bookingId: number) {
  const [data, files] = await Promise.all([
    db.select().from(itemMaterials).where(eq(itemMaterials.bookingId, bookingId)),
    db.select().from(materialFiles).where(eq(materialFiles.bookingId, bookingId)).orderBy(asc(materialFiles.id)),
  ]);
  return { data: new Map(data.map((row) => [row.bookingItemId, row.data])), files };
}

export async function itemViewsOf(db: Database, order: Order): Promise<MaterialItemView[]> {
  const { data, files } = await storedOf(db, order.booking.id);
  const items = context();
  return order.items.map((item) =>
    itemView(
      item,
      data.get(item.id),
      files.filter((file) => file.bookingItemId === item.id),
      items,
    ),
  );
}

export async function materialsView(deps: ApiDependencies, order: Order): Promise<MaterialsView> {
  const reason = closedReason(order, deps.company.email);
  return {
    bookingId: order.booking.id,
    bookingNumber: order.booking.bookingNumber,
    progress: progressView(order.progress),
    editable: reason === null,
    closedReason: reason,
    items: await itemViewsOf(deps.db, order),
  };
}

export function itemOf(order: Order, itemId: number): ItemRow {
  const item = order.items.find((candidate) => candidate.id === itemId);
  if (!item) throw new ApiError(404, m.itemNotFound);
  return item;
}

export async function saveItemMaterials(
  deps: ApiDependencies,
  order: Order,
  itemId: number,
  data: ItemMaterials,
): Promise<MaterialItemView> {
  const item = itemOf(order, itemId);
  requireEditable(order, deps.company.email);
  checkAgainstOrder(item, data, websiteModels());
  await deps.db
    .insert(itemMaterials)
    .values({ bookingItemId: item.id, bookingId: order.booking.id, data })
    .onConflictDoUpdate({ target: itemMaterials.bookingItemId, set: { data, updatedAt: sql`now()` } });
  const { data: stored, files } = await storedOf(deps.db, order.booking.id);
  return itemView(
    item,
    stored.get(item.id),
    files.filter((file) => file.bookingItemId === item.id),
    context(),
  );
}

/** The file `fileId` of the order, or 404. */
export async function fileOf(db: Database, order: Order, fileId: number): Promise<FileRow> {
  const [file] = await db
    .select()
    .from(materialFiles)
    .where(and(eq(materialFiles.id, fileId), eq(materialFiles.bookingId, order.booking.id)));
  if (!file) throw new ApiError(404, m.fileNotFound);
  return file;
}

/** Every file of the order, oldest first. */
export const filesOf = (db: Database, order: Order): Promise<FileRow[]> =>
  db.select().from(materialFiles).where(eq(materialFiles.bookingId, order.booking.id)).orderBy(asc(materialFiles.id));

async function dataOf(db: Database, itemId: number): Promise<ItemMaterials | undefined> {
  const [row] = await db.select().from(itemMaterials).where(eq(itemMaterials.bookingItemId, itemId));
  return row?.data;
}

/** The customer accepts printing with a print file whose check warned, at the format given now. */
export async function acceptFile(deps: ApiDependencies, order: Order, fileId: number): Promise<MaterialFileView> {
  requireEditable(order, deps.company.email);
  const file = await fileOf(deps.db, order, fileId);
  if (file.slot !== 'print') throw new ApiError(409, m.notPrintFile);
  const data = await dataOf(deps.db, file.bookingItemId);
  const format = data?.kind === 'print' ? formatOf(data) : null;
  if (!data || !format) throw new ApiError(409, m.formatFirst);
  const [accepted] = await deps.db
    .update(materialFiles)
    .set({ acceptedAt: sql`now()`, acceptedFor: formatKey(format) })
    .where(eq(materialFiles.id, file.id))
    .returning();
  return fileView(accepted ?? file, data, printFileRules());
}

export async function deleteFile(deps: ApiDependencies, order: Order, fileId: number): Promise<void> {
  requireEditable(order, deps.company.email);
  const file = await fileOf(deps.db, order, fileId);
  await deps.db.delete(materialFiles).where(eq(materialFiles.id, file.id));
  await deps.materials.blobs.delete([file.blobKey]);
}

/** The page where the customer hands over an order's materials, as mails link to it. */
export const materialsUrl = (siteUrl: string, bookingNumber: string) =>
  `${siteUrl}/unterlagen?bestellung=${encodeURIComponent(bookingNumber)}`;

/** The customer hands the materials over: the order is complete for the agency, who is told with the customer. */
export async function handOver(deps: ApiDependencies, order: Order): Promise<ProgressView> {
  requireEditable(order, deps.company.email);
  if (order.progress.step !== 'materials_missing') throw new ApiError(409, m.alreadyHandedOver);
  const missing = (await itemViewsOf(deps.db, order)).flatMap((item) =>
    item.missing.map((what) => (order.items.length > 1 ? `${what} („${item.type}“)` : what)),
  );
  if (missing.length > 0) throw new ApiError(409, m.stillMissing(missing));
  const moved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderProgress)
      .set({ step: 'materials_complete', since: sql`now()`, handedOverAt: sql`now()`, note: '' })
      .where(
        and(
          eq(orderProgress.bookingId, order.booking.id),
          eq(orderProgress.step, 'materials_missing'),
          isNull(orderProgress.handedOverAt),
        ),
      )
      .returning();
    if (!row) throw new ApiError(409, m.alreadyHandedOver);
    const { bookingNumber } = order.booking;
    await enqueueMail(
      tx,
      materialsHandedOverMail(order.customer.email, order.customer.firstName, {
        bookingNumber,
        url: materialsUrl(deps.siteUrl, bookingNumber),
        agencyEmail: deps.company.email,
      }),
    );
    await enqueueMail(
      tx,
      materialsReceivedNoticeMail(deps.company.email, {
        bookingNumber,
        customerEmail: order.customer.email,
        overviewUrl: `${deps.siteUrl}/admin/bestellungen`,
      }),
    );
    return row;
  });
  deps.mailSender.wake();
  return progressView(moved);
}

/** What a step needs of the change, by the kinds in the order; the fields of other steps are left out. */
function stepDetails(order: Order, change: ProgressChange): Partial<ProgressRow> {
  const kinds = new Set(
    order.items.map((item) => (item.kind === 'print' && item.unit === 'hour' ? 'design' : item.kind)),
  );
  const refuse = (fieldName: string, message: string) =>
    new ApiError(400, message, { errors: [{ fieldName, message }] });
  if (change.step === 'materials_missing') {
    if (!change.note) throw refuse('note', m.noteRequired);
    return { note: change.note, handedOverAt: null, deliveredAt: null };
  }
  if (change.step !== 'delivered') return { note: '', deliveredAt: null };
  if (kinds.has('print') && (!change.trackingNumber || !change.carrier)) {
    throw refuse(change.carrier ? 'trackingNumber' : 'carrier', m.trackingRequired);
  }
  if (kinds.has('website') && !change.siteUrl) throw refuse('siteUrl', m.siteUrlRequired);
  if (kinds.has('maintenance') && !change.startedOn) throw refuse('startedOn', m.startedOnRequired);
  return {
    note: '',
    carrier: kinds.has('print') ? change.carrier : '',
    trackingNumber: kinds.has('print') ? change.trackingNumber : '',
    siteUrl: kinds.has('website') ? change.siteUrl : '',
    startedOn: kinds.has('maintenance') ? change.startedOn : null,
    deliveredAt: new Date(),
  };
}

/**
 * Staff move an order to `change.step` (docs/product.md#d36-next-steps); the customer gets a mail
 * in the same transaction. The step it is at already changes nothing and sends nothing, so a
 * repeated request is harmless.
 */
export async function changeProgress(
  deps: ApiDependencies,
  staff: AuthenticatedUser,
  bookingId: number,
  change: ProgressChange,
): Promise<ProgressView> {
  const order = await visibleOrder(deps.db, staff, bookingId);
  if (!isExecuted(order)) throw new ApiError(409, m.notExecuted);
  if (order.progress.step === change.step) return progressView(order.progress);
  const details = stepDetails(order, change);
  const moved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderProgress)
      .set({ ...details, step: change.step, since: sql`now()` })
      .where(and(eq(orderProgress.bookingId, bookingId), eq(orderProgress.step, order.progress.step)))
      .returning();
    // Another member of staff moved it meanwhile: theirs stands, and so does their mail.
    if (!row) return undefined;
    await enqueueMail(
      tx,
      progressMail(order.customer.email, order.customer.firstName, {
        bookingNumber: order.booking.bookingNumber,
        progress: progressView(row),
        kinds: order.items.map((item) => item.kind),
        url: materialsUrl(deps.siteUrl, order.booking.bookingNumber),
        agencyEmail: deps.company.email,
      }),
    );
    return row;
  });
  if (!moved) return progressView((await visibleOrder(deps.db, staff, bookingId)).progress);
  deps.mailSender.wake();
  log.info({ bookingId, step: change.step }, 'order progress changed');
  return progressView(moved);
}
