/** The catalogue: departaments (categories) and their articles, each with its images. */
import { type AnyColumn, asc, eq } from 'drizzle-orm';
import type { ArticleChange, DepartamentChange, NewArticle, NewDepartament } from '../../../lib/catalogue.ts';
import { centsToEuros, eurosToCents } from '../../../lib/money.ts';
import type { ApiDependencies } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { articles, catalogueRevision, type Database, departaments } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { fitCartEntriesToUnit } from '../cart/cart.service.ts';
import { type ImageRow, imagesOf, imageViews, removeImageFiles } from '../images/images.service.ts';
import type { ImageOwner } from '../images/images.views.ts';
import type { ArticleView, DepartamentView } from './catalogue.views.ts';

export const CATALOGUE_API_MESSAGES = {
  departamentNotFound: 'Kategorie nicht gefunden.',
  articleNotFound: 'Artikel nicht gefunden.',
  departamentNumberTaken: 'Eine Kategorie mit dieser Nummer gibt es bereits.',
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
    departamentId: row.departamentId,
    ...imageViews(publicApiBase, imageRows),
  };
}

const byId = { orderBy: (row: { id: AnyColumn }) => asc(row.id) };

/** Departaments with their articles and all images, read in one query (JSON aggregated by the database). */
async function readCatalogue(deps: ApiDependencies): Promise<DepartamentView[]> {
  const rows = await deps.db.query.departaments.findMany({
    ...byId,
    with: { images: byId, articles: { ...byId, with: { images: byId } } },
  });
  return rows.map(({ images: ownImages, articles: articleRows, createdAt: _created, ...row }) => ({
    ...row,
    ...imageViews(deps.publicApiBase, ownImages),
    articles: articleRows.map((article) => articleView(deps.publicApiBase, article, article.images)),
  }));
}

/** The catalogue as last read from each database, with the revision it was read at. */
const catalogues = new WeakMap<Database, { revision: number; departaments: DepartamentView[] }>();

/**
 * The whole catalogue, read again only when the database's catalogue revision has moved since the
 * last read: every replica then serves a change at once (docs/product.md#h10-delivery-and-caching).
 * The revision is read first, so a cached catalogue is never newer than the revision it is kept under.
 */
async function currentCatalogue(deps: ApiDependencies): Promise<DepartamentView[]> {
  const [current] = await deps.db.select({ revision: catalogueRevision.revision }).from(catalogueRevision);
  const revision = current?.revision ?? -1;
  const cached = catalogues.get(deps.db);
  if (cached && cached.revision === revision) return cached.departaments;
  const departaments = await readCatalogue(deps);
  catalogues.set(deps.db, { revision, departaments });
  return departaments;
}

export const listDepartaments = (deps: ApiDependencies): Promise<DepartamentView[]> => currentCatalogue(deps);

export async function findDepartament(deps: ApiDependencies, id: number): Promise<DepartamentView | undefined> {
  return (await currentCatalogue(deps)).find((departament) => departament.id === id);
}

export async function getDepartament(deps: ApiDependencies, id: number): Promise<DepartamentView> {
  const view = await findDepartament(deps, id);
  if (!view) throw new ApiError(404, m.departamentNotFound);
  return view;
}

export async function createDepartament(deps: ApiDependencies, input: NewDepartament): Promise<DepartamentView> {
  try {
    const [row] = await deps.db.insert(departaments).values(input).returning({
      id: departaments.id,
      number: departaments.number,
      type: departaments.type,
      description: departaments.description,
    });
    if (!row) throw new Error('insert returned no departament');
    return { ...row, imageUrls: [], images: [], articles: [] };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.departamentNumberTaken);
    throw error;
  }
}

/** Changes the fields sent; a number another departament has is a 409. */
export async function updateDepartament(
  deps: ApiDependencies,
  id: number,
  change: DepartamentChange,
): Promise<DepartamentView> {
  try {
    const updated = await deps.db
      .update(departaments)
      .set(change)
      .where(eq(departaments.id, id))
      .returning({ id: departaments.id });
    if (updated.length === 0) throw new ApiError(404, m.departamentNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.departamentNumberTaken);
    throw error;
  }
  return getDepartament(deps, id);
}

export async function deleteDepartament(deps: ApiDependencies, id: number): Promise<void> {
  const articleIds = (
    await deps.db.select({ id: articles.id }).from(articles).where(eq(articles.departamentId, id))
  ).map((article) => article.id);
  const imageRows = await imagesOf(deps.db, [id], articleIds);
  const deleted = await deps.db.delete(departaments).where(eq(departaments.id, id)).returning({ id: departaments.id });
  if (deleted.length === 0) throw new ApiError(404, m.departamentNotFound);
  await removeImageFiles(deps, imageRows);
}

export async function listArticles(deps: ApiDependencies, departamentId?: number): Promise<ArticleView[]> {
  return (await currentCatalogue(deps))
    .filter((departament) => departamentId === undefined || departament.id === departamentId)
    .flatMap((departament) => departament.articles)
    .sort((a, b) => a.id - b.id);
}

export async function createArticle(deps: ApiDependencies, input: NewArticle): Promise<ArticleView> {
  await requireCatalogueItem(deps, { kind: 'departament', id: input.departamentId });
  try {
    const [row] = await deps.db
      .insert(articles)
      .values({
        departamentId: input.departamentId,
        number: input.number,
        type: input.type,
        priceCents: eurosToCents(input.price),
        unit: input.unit,
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
 * a new unit too, each entry's quantity fitted to it; bookings keep the prices, units and
 * quantities they froze (docs/product.md#d23-admin-editing-and-orders).
 */
export async function updateArticle(deps: ApiDependencies, id: number, change: ArticleChange): Promise<ArticleView> {
  const { price, ...rest } = change;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(articles)
        .set({ ...rest, ...(price === undefined ? {} : { priceCents: eurosToCents(price) }) })
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

/** 404 unless the departament or article exists. */
export async function requireCatalogueItem(deps: ApiDependencies, owner: ImageOwner): Promise<void> {
  const table = owner.kind === 'departament' ? departaments : articles;
  const [exists] = await deps.db.select({ id: table.id }).from(table).where(eq(table.id, owner.id));
  if (!exists) throw new ApiError(404, owner.kind === 'departament' ? m.departamentNotFound : m.articleNotFound);
}
