/**
 * The caller's cart: dated bookings of articles in a quantity of their unit, priced from the
 * database at every read; an entry costs its article's price × its quantity, whatever its dates
 * (docs/product.md#d27-entry-price, #d34-units-and-quantities).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type CartEntryInput, departureOf } from '../../../lib/cart.ts';
import { lastDayOfTerm } from '../../../lib/dates.ts';
import { BOOKING_TOO_LARGE_MESSAGE, centsToEuros, MAX_BOOKING_CENTS } from '../../../lib/money.ts';
import { defaultQuantity, type LinePrice, linePrice, quantityProblem, type Unit } from '../../../lib/units.ts';
import { yearlyDiscountPercent } from '../../content-files.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { articles, cartEntries, categories, type Database } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { CartEntryView, CartView } from './cart.views.ts';

const CART_API_MESSAGES = {
  articleNotFound: 'Artikel nicht gefunden.',
  entryNotFound: 'Dieser Eintrag ist nicht in Ihrem Warenkorb.',
  articleNotInCart: 'Dieser Artikel ist nicht in Ihrem Warenkorb.',
  duplicate: 'Dieser Artikel ist mit diesen Daten bereits in Ihrem Warenkorb.',
  full: 'Ihr Warenkorb ist voll (höchstens 50 Einträge). Bitte bestellen oder entfernen Sie zuerst Einträge.',
} as const;

const m = CART_API_MESSAGES;
export const MAX_CART_ENTRIES = 50;

/** What a line of `quantity` of an article at `priceCents` per `unit` costs now. */
export const priceLine = (priceCents: number, unit: Unit, quantity: number): LinePrice =>
  linePrice(priceCents, unit, quantity, yearlyDiscountPercent());

const entryColumns = {
  id: cartEntries.id,
  entryDate: cartEntries.entryDate,
  departureDate: cartEntries.departureDate,
  quantity: cartEntries.quantity,
  articleId: articles.id,
  number: articles.number,
  type: articles.type,
  priceCents: articles.priceCents,
  unit: articles.unit,
  categoryId: articles.categoryId,
  categoryNumber: categories.number,
  categoryType: categories.type,
};

type EntryRow = { [K in keyof typeof entryColumns]: (typeof entryColumns)[K]['_']['data'] };

const entryView = (row: EntryRow): CartEntryView => {
  const line = priceLine(row.priceCents, row.unit, row.quantity);
  return {
    id: row.id,
    entryDate: row.entryDate,
    departureDate: row.departureDate,
    quantity: row.quantity,
    linePrice: centsToEuros(line.cents),
    discount: centsToEuros(line.discountCents),
    article: {
      id: row.articleId,
      number: row.number,
      type: row.type,
      price: centsToEuros(row.priceCents),
      unit: row.unit,
      departamentId: row.categoryId,
      departament: { number: row.categoryNumber, type: row.categoryType },
    },
  };
};

/** The user's entries with their articles; `entryId` narrows it to one entry. */
const entriesOf = (db: Database, userId: number, entryId?: number) =>
  db
    .select(entryColumns)
    .from(cartEntries)
    .innerJoin(articles, eq(articles.id, cartEntries.articleId))
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(cartEntries.userId, userId), entryId === undefined ? undefined : eq(cartEntries.id, entryId)))
    .orderBy(asc(cartEntries.id));

/** Summed as numbers of cents: 50 entries of up to a million euros stay exact far beyond a 32-bit integer. */
const totalCents = (rows: EntryRow[]) =>
  rows.reduce((sum, row) => sum + priceLine(row.priceCents, row.unit, row.quantity).cents, 0);

export async function getCart(db: Database, userId: number): Promise<CartView> {
  const rows = await entriesOf(db, userId);
  return {
    id: userId,
    articles: rows.map(entryView),
    countArticles: rows.length,
    totalPriceArticles: centsToEuros(totalCents(rows)),
  };
}

export async function cartTotal(db: Database, userId: number): Promise<number> {
  return centsToEuros(totalCents(await entriesOf(db, userId)));
}

/** The unit of an article, or 404: what the rules of a new entry's quantity depend on. */
export async function unitOfArticle(db: Database, articleId: number): Promise<Unit> {
  const [article] = await db.select({ unit: articles.unit }).from(articles).where(eq(articles.id, articleId));
  if (!article) throw new ApiError(404, m.articleNotFound);
  return article.unit;
}

/** The unit of one of the caller's entries, or 404: what the rules of its new quantity depend on. */
export async function unitOfEntry(db: Database, userId: number, entryId: number): Promise<Unit> {
  const [entry] = await entriesOf(db, userId, entryId);
  if (!entry) throw new ApiError(404, m.entryNotFound);
  return entry.unit;
}

/** A cart that could not be paid in one payment is refused while it is being filled, not at the till. */
function requirePayable(others: EntryRow[], line: LinePrice): void {
  if (totalCents(others) + line.cents > MAX_BOOKING_CENTS) throw new ApiError(400, BOOKING_TOO_LARGE_MESSAGE);
}

export async function addToCart(
  db: Database,
  userId: number,
  articleId: number,
  input: CartEntryInput,
): Promise<CartEntryView> {
  const rows = await entriesOf(db, userId);
  if (rows.length >= MAX_CART_ENTRIES) throw new ApiError(400, m.full);
  const [article] = await db
    .select({ cents: articles.priceCents, unit: articles.unit })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!article) throw new ApiError(404, m.articleNotFound);
  requirePayable(rows, priceLine(article.cents, article.unit, input.quantity));
  try {
    const [created] = await db
      .insert(cartEntries)
      .values({
        userId,
        articleId,
        entryDate: input.entryDate,
        departureDate: departureOf(article.unit, input),
        quantity: input.quantity,
      })
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

/**
 * A new quantity for one of the caller's entries (checked against its unit by the route); a
 * maintenance term's end follows its length (docs/product.md#d35-maintenance-terms).
 */
export async function changeQuantity(
  db: Database,
  userId: number,
  entryId: number,
  quantity: number,
): Promise<CartEntryView> {
  const rows = await entriesOf(db, userId);
  const entry = rows.find((row) => row.id === entryId);
  if (!entry) throw new ApiError(404, m.entryNotFound);
  requirePayable(
    rows.filter((row) => row !== entry),
    priceLine(entry.priceCents, entry.unit, quantity),
  );
  const departureDate = entry.unit === 'month' ? lastDayOfTerm(entry.entryDate, quantity) : entry.departureDate;
  try {
    const changed = await db
      .update(cartEntries)
      .set({ quantity, departureDate })
      .where(and(eq(cartEntries.id, entryId), eq(cartEntries.userId, userId)))
      .returning({ id: cartEntries.id });
    if (changed.length === 0) throw new ApiError(404, m.entryNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(400, m.duplicate);
    throw error;
  }
  const [row] = await entriesOf(db, userId, entryId);
  if (!row) throw new ApiError(404, m.entryNotFound);
  return entryView(row);
}

/**
 * After staff changed an article's unit: every cart entry of it gets a quantity the unit allows
 * (else the unit's default) and, for maintenance, the end of its term. An entry that becomes the
 * same as another one of its cart is that one twice, and goes.
 */
export async function fitCartEntriesToUnit(tx: Database, articleId: number, unit: Unit): Promise<void> {
  const entries = await tx.select().from(cartEntries).where(eq(cartEntries.articleId, articleId)).for('update');
  for (const entry of entries) {
    const quantity = quantityProblem(unit, entry.quantity) ? defaultQuantity(unit) : entry.quantity;
    const departureDate = unit === 'month' ? lastDayOfTerm(entry.entryDate, quantity) : entry.departureDate;
    if (quantity === entry.quantity && departureDate === entry.departureDate) continue;
    const [twin] = await tx
      .select({ id: cartEntries.id })
      .from(cartEntries)
      .where(
        and(
          eq(cartEntries.userId, entry.userId),
          eq(cartEntries.articleId, articleId),
          eq(cartEntries.entryDate, entry.entryDate),
          eq(cartEntries.departureDate, departureDate),
          ne(cartEntries.id, entry.id),
        ),
      );
    if (twin) await tx.delete(cartEntries).where(eq(cartEntries.id, entry.id));
    else {
      await tx.update(cartEntries).set({ quantity, departureDate }).where(eq(cartEntries.id, entry.id));
    }
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
