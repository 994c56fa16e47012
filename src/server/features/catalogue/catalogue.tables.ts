/**
 * The catalogue's tables: categories, their articles and photos, and the revision that moves with
 * every change of them.
 */
import { relations, sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRODUCT_KINDS, type ProductKind } from '../../../lib/product-kinds.ts';
import { UNITS, type Unit } from '../../../lib/units.ts';
import { belongsTo, createdAt, oneOf } from '../../db/columns.ts';

export const categories = pgTable('departaments', {
  id: serial('id').primaryKey(),
  number: text('number').notNull().unique(),
  type: text('type').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});

/**
 * The catalogue's revision: triggers of the database move it on every changed row of categories,
 * articles and images, whoever changes them, so a server may keep the catalogue it has read until
 * it moves (docs/product.md#h10-delivery-and-caching). It only grows (never below the clock in µs,
 * so not even a restore brings back a revision a server has seen). One row.
 */
export const catalogueRevision = pgTable(
  'catalogue_revision',
  {
    id: integer('id').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (table) => [check('catalogue_revision_one_row', sql`${table.id} = 1`)],
);

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    categoryId: belongsTo('departament_id', () => categories.id),
    number: text('number').notNull(),
    type: text('type').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** What the price is for (docs/product.md#d34-units-and-quantities). */
    unit: text('unit').$type<Unit>().notNull().default('flat'),
    /** What is sold: website, maintenance, print or service (docs/product.md#d36-next-steps). */
    kind: text('kind').$type<ProductKind>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('articles_number_per_departament').on(table.categoryId, table.number),
    check('articles_price_not_negative', sql`${table.priceCents} >= 0`),
    check('articles_unit_known', oneOf(table.unit, UNITS)),
    check('articles_kind_known', oneOf(table.kind, PRODUCT_KINDS)),
    check('articles_maintenance_by_month', sql`(${table.kind} = 'maintenance') = (${table.unit} = 'month')`),
  ],
);

/** An uploaded image belongs to exactly one category or one article. */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('departament_id').references(() => categories.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('images_departament_idx').on(table.categoryId),
    index('images_article_idx').on(table.articleId),
    check('images_one_owner', sql`num_nonnulls(${table.categoryId}, ${table.articleId}) = 1`),
  ],
);

/** The catalogue as a tree, so that a category with its articles and images is read in one query. */
export const categoryRelations = relations(categories, ({ many }) => ({
  articles: many(articles),
  images: many(images),
}));

export const articleRelations = relations(articles, ({ one, many }) => ({
  category: one(categories, { fields: [articles.categoryId], references: [categories.id] }),
  images: many(images),
}));

export const imageRelations = relations(images, ({ one }) => ({
  category: one(categories, { fields: [images.categoryId], references: [categories.id] }),
  article: one(articles, { fields: [images.articleId], references: [articles.id] }),
}));
