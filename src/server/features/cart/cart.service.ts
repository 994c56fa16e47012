/**
 * The caller's cart: dated bookings of articles, priced from the database at every read; each
 * entry costs its article's price once, whatever its dates (docs/product.md#d27-entry-price).
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { CartEntryDates } from '../../../lib/cart.ts';
import { centsToEuros, MAX_ORDER_CENTS, ORDER_TOO_LARGE_MESSAGE } from '../../../lib/money.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { articles, cartEntries, type Database, departaments } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

export const CART_API_MESSAGES = {
  articleNotFound: 'Artikel nicht gefunden.',
  entryNotFound: 'Dieser Eintrag ist nicht in Ihrem Warenkorb.',
  articleNotInCart: 'Dieser Artikel ist nicht in Ihrem Warenkorb.',
  duplicate: 'Dieser Artikel ist mit diesen Daten bereits in Ihrem Warenkorb.',
  full: 'Ihr Warenkorb ist voll (höchstens 50 Einträge). Bitte bestellen oder entfernen Sie zuerst Einträge.',
} as const;

const m = CART_API_MESSAGES;
export const MAX_CART_ENTRIES = 50;

export const CartEntryViewSchema = v.object({
  id: v.number(),
  entryDate: v.string(),
  departureDate: v.string(),
  article: v.object({
    id: v.number(),
    number: v.string(),
    type: v.string(),
    /** Euros. */
    price: v.number(),
    departamentId: v.number(),
    /** The article's category, for showing the entry without a second request. */
    departament: v.object({ number: v.string(), type: v.string() }),
  }),
});
export type CartEntryView = v.InferOutput<typeof CartEntryViewSchema>;

export const CartViewSchema = v.object({
  /** The cart belongs to the user; its id is the user's. */
  id: v.number(),
  articles: v.array(CartEntryViewSchema),
  countArticles: v.number(),
  /** Euros. */
  totalPriceArticles: v.number(),
});
export type CartView = v.InferOutput<typeof CartViewSchema>;

const entryColumns = {
  id: cartEntries.id,
  entryDate: cartEntries.entryDate,
  departureDate: cartEntries.departureDate,
  articleId: articles.id,
  number: articles.number,
  type: articles.type,
  priceCents: articles.priceCents,
  departamentId: articles.departamentId,
  departamentNumber: departaments.number,
  departamentType: departaments.type,
};

type EntryRow = { [K in keyof typeof entryColumns]: (typeof entryColumns)[K]['_']['data'] };

const entryView = (row: EntryRow): CartEntryView => ({
  id: row.id,
  entryDate: row.entryDate,
  departureDate: row.departureDate,
  article: {
    id: row.articleId,
    number: row.number,
    type: row.type,
    price: centsToEuros(row.priceCents),
    departamentId: row.departamentId,
    departament: { number: row.departamentNumber, type: row.departamentType },
  },
});

/** The user's entries with their articles; `entryId` narrows it to one entry. */
const entriesOf = (db: Database, userId: number, entryId?: number) =>
  db
    .select(entryColumns)
    .from(cartEntries)
    .innerJoin(articles, eq(articles.id, cartEntries.articleId))
    .innerJoin(departaments, eq(departaments.id, articles.departamentId))
    .where(and(eq(cartEntries.userId, userId), entryId === undefined ? undefined : eq(cartEntries.id, entryId)))
    .orderBy(asc(cartEntries.id));

export async function getCart(db: Database, userId: number): Promise<CartView> {
  const rows = await entriesOf(db, userId);
  const totalCents = rows.reduce((sum, row) => sum + row.priceCents, 0);
  return {
    id: userId,
    articles: rows.map(entryView),
    countArticles: rows.length,
    totalPriceArticles: centsToEuros(totalCents),
  };
}

/** Summed as bigint: 50 entries of up to a million euros exceed a 32-bit integer of cents. */
const totalCentsColumn = sql<string>`coalesce(sum(${articles.priceCents}), 0)::bigint`;

export async function cartTotal(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ cents: totalCentsColumn })
    .from(cartEntries)
    .innerJoin(articles, eq(articles.id, cartEntries.articleId))
    .where(eq(cartEntries.userId, userId));
  return centsToEuros(Number(row?.cents ?? 0));
}

export async function addToCart(
  db: Database,
  userId: number,
  articleId: number,
  dates: CartEntryDates,
): Promise<CartEntryView> {
  const [cart = { entries: 0, cents: 0 }] = await db
    .select({ entries: count(), cents: totalCentsColumn })
    .from(cartEntries)
    .innerJoin(articles, eq(articles.id, cartEntries.articleId))
    .where(eq(cartEntries.userId, userId));
  if (cart.entries >= MAX_CART_ENTRIES) throw new ApiError(400, m.full);
  const [article] = await db.select({ cents: articles.priceCents }).from(articles).where(eq(articles.id, articleId));
  if (!article) throw new ApiError(404, m.articleNotFound);
  // A cart that could not be paid in one payment is refused while it is being filled, not at the till.
  if (Number(cart.cents) + article.cents > MAX_ORDER_CENTS) throw new ApiError(400, ORDER_TOO_LARGE_MESSAGE);
  try {
    const [created] = await db
      .insert(cartEntries)
      .values({ userId, articleId, entryDate: dates.entryDate, departureDate: dates.departureDate })
      .returning({ id: cartEntries.id });
    if (!created) throw new Error('insert returned no cart entry');
    const [row] = await entriesOf(db, userId, created.id);
    if (!row) throw new ApiError(404, m.articleNotFound); // the article was deleted in between
    return entryView(row);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ApiError(404, m.articleNotFound);
    if (isUniqueViolation(error)) throw new ApiError(400, m.duplicate);
    throw error;
  }
}

/** Removes one entry of the caller's cart; another user's entry is "not in your cart" (404). */
export async function removeCartEntry(db: Database, userId: number, entryId: number): Promise<void> {
  const removed = await db
    .delete(cartEntries)
    .where(and(eq(cartEntries.id, entryId), eq(cartEntries.userId, userId)))
    .returning({ id: cartEntries.id });
  if (removed.length === 0) throw new ApiError(404, m.entryNotFound);
}

/**
 * `DELETE /cart/remove_article/{articleId}` as the earlier client means it: removes the caller's
 * earliest entry of that article (docs/product.md#rest-api).
 */
export async function removeArticleFromCart(db: Database, userId: number, articleId: number): Promise<void> {
  const earliest = db
    .select({ id: cartEntries.id })
    .from(cartEntries)
    .where(and(eq(cartEntries.userId, userId), eq(cartEntries.articleId, articleId)))
    .orderBy(asc(cartEntries.id))
    .limit(1);
  const removed = await db
    .delete(cartEntries)
    .where(eq(cartEntries.id, sql`(${earliest})`))
    .returning({ id: cartEntries.id });
  if (removed.length === 0) throw new ApiError(404, m.articleNotInCart);
}

export async function clearCart(db: Database, userId: number): Promise<void> {
  await db.delete(cartEntries).where(eq(cartEntries.userId, userId));
}
