/** The catalogue: departaments (categories) and their articles, each with its images. */
import { type AnyColumn, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { ArticleChange, DepartamentChange, NewArticle, NewDepartament } from '../../../lib/catalogue.ts';
import { centsToEuros, eurosToCents } from '../../../lib/money.ts';
import type { ApiDependencies } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { articles, departaments } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import {
  type ImageOwner,
  type ImageRow,
  imagesOf,
  imageViewEntries,
  imageViews,
  removeImageFiles,
} from '../images/images.service.ts';

export const CATALOGUE_API_MESSAGES = {
  departamentNotFound: 'Kategorie nicht gefunden.',
  articleNotFound: 'Artikel nicht gefunden.',
  departamentNumberTaken: 'Eine Kategorie mit dieser Nummer gibt es bereits.',
  articleNumberTaken: 'In dieser Kategorie gibt es bereits einen Artikel mit dieser Nummer.',
} as const;

const m = CATALOGUE_API_MESSAGES;

export const ArticleViewSchema = v.pipe(
  v.object({
    id: v.number(),
    number: v.string(),
    type: v.string(),
    /** Euros. */
    price: v.number(),
    departamentId: v.number(),
    ...imageViewEntries,
  }),
  v.metadata({ ref: 'Article' }),
);
export type ArticleView = v.InferOutput<typeof ArticleViewSchema>;

export const DepartamentViewSchema = v.pipe(
  v.object({
    id: v.number(),
    number: v.string(),
    type: v.string(),
    description: v.string(),
    ...imageViewEntries,
    articles: v.array(ArticleViewSchema),
  }),
  v.metadata({ ref: 'Departament' }),
);
export type DepartamentView = v.InferOutput<typeof DepartamentViewSchema>;

type ArticleRow = typeof articles.$inferSelect;

function articleView(publicApiBase: string, row: ArticleRow, imageRows: ImageRow[]): ArticleView {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    price: centsToEuros(row.priceCents),
    departamentId: row.departamentId,
    ...imageViews(publicApiBase, imageRows),
  };
}

const byId = { orderBy: (row: { id: AnyColumn }) => asc(row.id) };

/** Departaments with their articles and all images, read in one query (JSON aggregated by the database). */
async function departamentViews(deps: ApiDependencies, id?: number): Promise<DepartamentView[]> {
  const rows = await deps.db.query.departaments.findMany({
    where: id === undefined ? undefined : eq(departaments.id, id),
    ...byId,
    with: { images: byId, articles: { ...byId, with: { images: byId } } },
  });
  return rows.map(({ images: ownImages, articles: articleRows, createdAt: _created, ...row }) => ({
    ...row,
    ...imageViews(deps.publicApiBase, ownImages),
    articles: articleRows.map((article) => articleView(deps.publicApiBase, article, article.images)),
  }));
}

export const listDepartaments = (deps: ApiDependencies): Promise<DepartamentView[]> => departamentViews(deps);

export async function findDepartament(deps: ApiDependencies, id: number): Promise<DepartamentView | undefined> {
  const [view] = await departamentViews(deps, id);
  return view;
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
  const rows = await deps.db
    .select()
    .from(articles)
    .where(departamentId === undefined ? undefined : eq(articles.departamentId, departamentId))
    .orderBy(asc(articles.id));
  const imageRows = await imagesOf(
    deps.db,
    [],
    rows.map((row) => row.id),
  );
  return rows.map((row) => articleView(deps.publicApiBase, row, imageRows));
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
 * bookings keep the prices they froze (docs/product.md#d23-admin-editing-and-orders).
 */
export async function updateArticle(deps: ApiDependencies, id: number, change: ArticleChange): Promise<ArticleView> {
  const { price, ...texts } = change;
  try {
    const [row] = await deps.db
      .update(articles)
      .set({ ...texts, ...(price === undefined ? {} : { priceCents: eurosToCents(price) }) })
      .where(eq(articles.id, id))
      .returning();
    if (!row) throw new ApiError(404, m.articleNotFound);
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
