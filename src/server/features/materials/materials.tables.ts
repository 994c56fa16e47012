/**
 * The materials' tables (docs/product.md#d36-next-steps): where a paid order stands, what the
 * customer typed per ordered item, their files and the uploads under way.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { FILE_SLOTS, FILE_TYPES, type FileAnalysis, type FileSlot, type FileType } from '../../../lib/materials.ts';
import type { ItemMaterials } from '../../../lib/materials-input.ts';
import { PROGRESS_STEPS, type ProgressStep } from '../../../lib/progress-steps.ts';
import { belongsTo, createdAt, oneOf } from '../../db/columns.ts';
import { bookingItems, bookings } from '../bookings/bookings.tables.ts';

/**
 * Where a paid order stands after the payment (docs/product.md#d36-next-steps): one row per order,
 * made in the transaction that marks it paid. Staff move it on; the customer's hand-over moves it
 * to 'materials_complete'. The schedule reminds once (`reminded_at`) and deletes the files after
 * the retention period (`files_removed_at`).
 */
export const orderProgress = pgTable(
  'order_progress',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    step: text('step').$type<ProgressStep>().notNull(),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    siteUrl: text('site_url').notNull().default(''),
    startedOn: date('started_on', { mode: 'string' }),
    /** What staff asked for when they sent the order back to 'materials_missing'. */
    note: text('note').notNull().default(''),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the reminder about missing materials was queued: once per order. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the schedule first saw the order take no materials any more (refunded, withdrawn, …). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    filesRemovedAt: timestamp('files_removed_at', { withTimezone: true }),
  },
  (table) => [check('order_progress_step_known', oneOf(table.step, PROGRESS_STEPS))],
);

/** What the customer typed for one ordered item (its kind's fields), as the last save left it. */
export const itemMaterials = pgTable(
  'item_materials',
  {
    bookingItemId: integer('booking_item_id')
      .primaryKey()
      .references(() => bookingItems.id, { onDelete: 'cascade' }),
    bookingId: belongsTo('booking_id', () => bookings.id),
    data: jsonb('data').$type<ItemMaterials>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('item_materials_booking_idx').on(table.bookingId)],
);

/**
 * A customer's file of an ordered item, stored in the blob store under `blob_key` (server-made);
 * a print file keeps what its check on arrival found (`analysis`) and whether the customer accepted
 * its warnings for the format they gave (`accepted_for`).
 */
export const materialFiles = pgTable(
  'material_files',
  {
    id: serial('id').primaryKey(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    bookingItemId: belongsTo('booking_item_id', () => bookingItems.id),
    slot: text('slot').$type<FileSlot>().notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').$type<FileType>().notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    blobKey: text('blob_key').notNull().unique(),
    analysis: jsonb('analysis').$type<FileAnalysis>(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The final format ("100x70") the customer accepted the warnings for. */
    acceptedFor: text('accepted_for'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('material_files_booking_idx').on(table.bookingId),
    index('material_files_item_idx').on(table.bookingItemId, table.slot),
    check('material_files_slot_known', oneOf(table.slot, FILE_SLOTS)),
    check('material_files_type_known', oneOf(table.fileType, FILE_TYPES)),
  ],
);

/**
 * An upload under way, sent in parts (resumable): the parts received are blobs `upload-{id}-{offset}`
 * until the last one arrives and the file is checked and stored. `busy_until` claims the upload for
 * the request sending a part, so two sending the same part never both count it.
 */
export const materialUploads = pgTable(
  'material_uploads',
  {
    id: text('id').primaryKey(),
    bookingId: belongsTo('booking_id', () => bookings.id),
    bookingItemId: belongsTo('booking_item_id', () => bookingItems.id),
    slot: text('slot').$type<FileSlot>().notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    /** The stored file, once the last part arrived. */
    fileId: integer('file_id').references(() => materialFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('material_uploads_booking_idx').on(table.bookingId),
    check('material_uploads_slot_known', oneOf(table.slot, FILE_SLOTS)),
    check('material_uploads_received_in_size', sql`${table.received} between 0 and ${table.size}`),
  ],
);
