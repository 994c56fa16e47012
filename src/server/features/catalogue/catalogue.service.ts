/** The catalogue: categories and their articles, each with its images. */
import { type AnyColumn, asc, eq } from 'drizzle-orm';
import {
  type ArticleChange,
  type CategoryChange,
  defaultKind,
  kindUnitProblem,
  type NewArticle,
  type NewCategory,
} from '../../../lib/catalogue.ts';
import { centsToEuros, eurosToCents } from '../../../lib/money.ts';
import type { ProductKind } from '../../../lib/product-kinds.ts';
import type { Unit } from '../../../lib/units.ts';
import type { ApiDependencies } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { articles, categories, type Database } from '../../db/schema.ts';
import { type KeptAnswer, keptAnswer } from '../../http/caching.ts';
import { ApiError } from '../../http/errors.ts';
import { fitCartEntriesToUnit } from '../cart/cart.service.ts';
import { type ImageRow, imagesOf, imageViews, removeImageFiles } from '../images/images.service.ts';
import type { ImageOwner } from '../images/images.views.ts';
import type { ArticleView, CategoryView } from './catalogue.views.ts';

const CATALOGUE_API_MESSAGES = {
  categoryNotFound: 'Kategorie nicht gefunden.',
  articleNotFound: 'Artikel nicht gefunden.',
  categoryNumberTaken: 'Eine Kategorie mit dieser Nummer gibt es bereits.',
  kindDoesNotFit: 'Leistung und Preiseinheit passen nicht zusammen.',
  articleNumberTaken: 'In dieser Kategorie gibt es bereits einen Artikel mit dieser Nummer.',
} as const;

const m = CATALOGUE_API_MESSAGES;

type ArticleRow = typeof articles.$inferSelect;

function articleView(publicApiBase: string, row: ArticleRow, imageRows: ImageRow[]): ArticleView {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    price: centsToEuros(row.priceCents),
    unit: row.unit,
    kind: row.kind,
    departamentId: row.categoryId,
    ...imageViews(publicApiBase, imageRows),
  };
}

const byId = { orderBy: (row: { id: AnyColumn }) => asc(row.id) };

/** Categories with their articles and all images, read in one query (JSON aggregated by the database). */
async function readCatalogue(deps: ApiDependencies): Promise<CategoryView[]> {
  const rows = await deps.db.query.categories.findMany({
    ...byId,
    with: { images: byId, articles: { ...byId, with: { images: byId } } },
  });
  return rows.map(({ images: ownImages, articles: articleRows, createdAt: _created, ...row }) => ({
    ...row,
    ...imageViews(deps.publicApiBase, ownImages),
    articles: articleRows.map((article) => articleView(deps.publicApiBase, article, article.images)),
  }));
}

/**
 * The catalogue as last read from each database, with the revision it was read at and the public
 * answers made of it so far (serialised with their ETags, by what they answer).
 */
const catalogues = new WeakMap<
  Database,
  { revision: number; categories: CategoryView[]; answers: Map<string, KeptAnswer> }
>();

/**
 * The whole catalogue, read again only when the database's catalogue revision has moved since the
 * last read: every replica then serves a change at once (docs/product.md#h10-delivery-and-caching).
 * The revision is read first, so a cached catalogue is never newer than the revision it is kept under.
 */
async function keptCatalogue(deps: ApiDependencies) {
  const revision = await deps.catalogueRevision();
  const cached = catalogues.get(deps.db);
  if (cached && cached.revision === revision) return cached;
  const kept = { revision, categories: await readCatalogue(deps), answers: new Map<string, KeptAnswer>() };
  catalogues.set(deps.db, kept);
  return kept;
}

const currentCatalogue = async (deps: ApiDependencies): Promise<CategoryView[]> =>
  (await keptCatalogue(deps)).categories;

/**
 * A public read of the catalogue (`what` names it: 'categories', 'category 12', …) as kept for the
 * current revision: made and serialised once, then answered from memory, so a read costs the
 * revision's query and no more (docs/product.md#h10-delivery-and-caching). Only reads of what
 * exists are kept (`read` answers undefined otherwise), so unknown ids cannot fill the memory.
 */
async function keptRead(
  deps: ApiDependencies,
  what: string,
  read: (categories: CategoryView[]) => unknown,
): Promise<KeptAnswer | undefined> {
  const kept = await keptCatalogue(deps);
  const known = kept.answers.get(what);
  if (known) return known;
  const value = read(kept.categories);
  if (value === undefined) return undefined;
  const answer = keptAnswer(value);
  kept.answers.set(what, answer);
  return answer;
}

const articlesOf = (categories: CategoryView[], categoryId?: number): ArticleView[] =>
  categories
    .filter((category) => categoryId === undefined || category.id === categoryId)
    .flatMap((category) => category.articles)
    .sort((a, b) => a.id - b.id);

/** `GET /departaments`, kept. */
export const categoriesAnswer = async (deps: ApiDependencies): Promise<KeptAnswer> =>
  (await keptRead(deps, 'categories', (categories) => categories)) ?? keptAnswer([]);

/** `GET /departaments/{id}`, kept; 404 for an unknown category. */
export async function categoryAnswer(deps: ApiDependencies, id: number): Promise<KeptAnswer> {
  const answer = await keptRead(deps, `category ${id}`, (categories) => categories.find((c) => c.id === id));
  if (!answer) throw new ApiError(404, m.categoryNotFound);
  return answer;
}

/** `GET /articles`, of one category or all, kept; an unknown category has none. */
export const articlesAnswer = async (deps: ApiDependencies, categoryId?: number): Promise<KeptAnswer> =>
  (await keptRead(deps, `articles ${categoryId ?? 'all'}`, (categories) =>
    categoryId === undefined || categories.some((category) => category.id === categoryId)
      ? articlesOf(categories, categoryId)
      : undefined,
  )) ?? keptAnswer([]);

export async function findCategory(deps: ApiDependencies, id: number): Promise<CategoryView | undefined> {
  return (await currentCatalogue(deps)).find((category) => category.id === id);
}

async function getCategory(deps: ApiDependencies, id: number): Promise<CategoryView> {
  const view = await findCategory(deps, id);
  if (!view) throw new ApiError(404, m.categoryNotFound);
  return view;
}

export async function createCategory(deps: ApiDependencies, input: NewCategory): Promise<CategoryView> {
  try {
    const [row] = await deps.db.insert(categories).values(input).returning({
      id: categories.id,
      number: categories.number,
      type: categories.type,
      description: categories.description,
    });
    if (!row) throw new Error('insert returned no category');
    return { ...row, imageUrls: [], images: [], articles: [] };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.categoryNumberTaken);
    throw error;
  }
}

/** Changes the fields sent; a number another category has is a 409. */
export async function updateCategory(deps: ApiDependencies, id: number, change: CategoryChange): Promise<CategoryView> {
  try {
    const updated = await deps.db
      .update(categories)
      .set(change)
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (updated.length === 0) throw new ApiError(404, m.categoryNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.categoryNumberTaken);
    throw error;
  }
  return getCategory(deps, id);
}

export async function deleteCategory(deps: ApiDependencies, id: number): Promise<void> {
  const articleIds = (await deps.db.select({ id: articles.id }).from(articles).where(eq(articles.categoryId, id))).map(
    (article) => article.id,
  );
  const imageRows = await imagesOf(deps.db, [id], articleIds);
  const deleted = await deps.db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  if (deleted.length === 0) throw new ApiError(404, m.categoryNotFound);
  await removeImageFiles(deps, imageRows);
}

/** 400 at the field that is wrong unless kind and unit fit (maintenance is what is sold by the month). */
function requireKindFitsUnit(kind: ProductKind, unit: Unit): void {
  const problem = kindUnitProblem(kind, unit);
  if (problem)
    throw new ApiError(400, m.kindDoesNotFit, { errors: [{ fieldName: problem.field, message: problem.message }] });
}

export async function createArticle(deps: ApiDependencies, input: NewArticle): Promise<ArticleView> {
  const kind = input.kind ?? defaultKind(input.unit, input.departamentId);
  requireKindFitsUnit(kind, input.unit);
  await requireCatalogueItem(deps, { kind: 'category', id: input.departamentId });
  try {
    const [row] = await deps.db
      .insert(articles)
      .values({
        categoryId: input.departamentId,
        number: input.number,
        type: input.type,
        priceCents: eurosToCents(input.price),
        unit: input.unit,
        kind,
      })
      .returning();
    if (!row) throw new Error('insert returned no article');
    return articleView(deps.publicApiBase, row, []);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.articleNumberTaken);
    throw error;
  }
}

/**
 * Changes the fields sent. Carts are priced at every read, so a new price applies to them at once;
 * a new unit too, each entry's quantity fitted to it; bookings keep the prices, units, kinds and
 * quantities they froze (docs/product.md#d23-admin-editing-and-orders). A unit changed without a
 * kind takes the kind it needs: maintenance by the month, the default kind away from it.
 */
export async function updateArticle(deps: ApiDependencies, id: number, change: ArticleChange): Promise<ArticleView> {
  const { price, ...rest } = change;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
      if (!current) throw new ApiError(404, m.articleNotFound);
      const unit = rest.unit ?? current.unit;
      const kind =
        rest.kind ??
        (unit === 'month' || current.kind === 'maintenance' ? defaultKind(unit, current.categoryId) : current.kind);
      requireKindFitsUnit(kind, unit);
      const [changed] = await tx
        .update(articles)
        .set({ ...rest, kind, ...(price === undefined ? {} : { priceCents: eurosToCents(price) }) })
        .where(eq(articles.id, id))
        .returning();
      if (!changed) throw new ApiError(404, m.articleNotFound);
      if (rest.unit !== undefined) await fitCartEntriesToUnit(tx, changed.id, changed.unit);
      return changed;
    });
    return articleView(deps.publicApiBase, row, await imagesOf(deps.db, [], [row.id]));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.articleNumberTaken);
    throw error;
  }
}

export async function deleteArticle(deps: ApiDependencies, id: number): Promise<void> {
  const imageRows = await imagesOf(deps.db, [], [id]);
  const deleted = await deps.db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (deleted.length === 0) throw new ApiError(404, m.articleNotFound);
  await removeImageFiles(deps, imageRows);
}

/** 404 unless the category or article exists. */
export async function requireCatalogueItem(deps: ApiDependencies, owner: ImageOwner): Promise<void> {
  const table = owner.kind === 'category' ? categories : articles;
  const [exists] = await deps.db.select({ id: table.id }).from(table).where(eq(table.id, owner.id));
  if (!exists) throw new ApiError(404, owner.kind === 'category' ? m.categoryNotFound : m.articleNotFound);
}
