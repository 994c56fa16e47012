/** The catalogue: departaments (categories), their articles and the images of both. */
import { asc, eq, inArray, or } from 'drizzle-orm';
import { centsToEuros, eurosToCents } from '../../lib/money.ts';
import type { NewArticle, NewDepartament } from '../../lib/validation/catalogue.ts';
import type { ApiDependencies } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { articles, departaments, images } from '../db/schema.ts';
import { ApiError } from '../errors.ts';

export const CATALOGUE_API_MESSAGES = {
  departamentNotFound: 'Kategorie nicht gefunden.',
  articleNotFound: 'Artikel nicht gefunden.',
  imageNotFound: 'Bild nicht gefunden.',
  departamentNumberTaken: 'Eine Kategorie mit dieser Nummer gibt es bereits.',
  articleNumberTaken: 'In dieser Kategorie gibt es bereits einen Artikel mit dieser Nummer.',
} as const;

const m = CATALOGUE_API_MESSAGES;

export interface ImageView {
  id: number;
  url: string;
}

export interface ArticleView {
  id: number;
  number: string;
  type: string;
  /** Euros. */
  price: number;
  departamentId: number;
  imageUrls: string[];
  images: ImageView[];
}

export interface DepartamentView {
  id: number;
  number: string;
  type: string;
  description: string;
  imageUrls: string[];
  images: ImageView[];
  articles: ArticleView[];
}

export type ImageOwner = { kind: 'departament'; id: number } | { kind: 'article'; id: number };

type ImageRow = typeof images.$inferSelect;
type ArticleRow = typeof articles.$inferSelect;

export const imageUrl = (publicApiBase: string, fileName: string): string => `${publicApiBase}/images/file/${fileName}`;

function imageViews(publicApiBase: string, rows: ImageRow[]): Pick<DepartamentView, 'imageUrls' | 'images'> {
  const list = rows.map((row) => ({ id: row.id, url: imageUrl(publicApiBase, row.fileName) }));
  return { images: list, imageUrls: list.map((image) => image.url) };
}

function articleView(publicApiBase: string, row: ArticleRow, imageRows: ImageRow[]): ArticleView {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    price: centsToEuros(row.priceCents),
    departamentId: row.departamentId,
    ...imageViews(
      publicApiBase,
      imageRows.filter((image) => image.articleId === row.id),
    ),
  };
}

async function imagesOf(db: Database, departamentIds: number[], articleIds: number[]): Promise<ImageRow[]> {
  const conditions = [
    departamentIds.length > 0 ? inArray(images.departamentId, departamentIds) : undefined,
    articleIds.length > 0 ? inArray(images.articleId, articleIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(images)
    .where(or(...conditions))
    .orderBy(asc(images.id));
}

async function departamentViews(
  deps: ApiDependencies,
  rows: (typeof departaments.$inferSelect)[],
): Promise<DepartamentView[]> {
  const ids = rows.map((row) => row.id);
  const articleRows =
    ids.length > 0
      ? await deps.db.select().from(articles).where(inArray(articles.departamentId, ids)).orderBy(asc(articles.id))
      : [];
  const imageRows = await imagesOf(
    deps.db,
    ids,
    articleRows.map((article) => article.id),
  );
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    type: row.type,
    description: row.description,
    ...imageViews(
      deps.publicApiBase,
      imageRows.filter((image) => image.departamentId === row.id),
    ),
    articles: articleRows
      .filter((article) => article.departamentId === row.id)
      .map((article) => articleView(deps.publicApiBase, article, imageRows)),
  }));
}

export async function listDepartaments(deps: ApiDependencies): Promise<DepartamentView[]> {
  return departamentViews(deps, await deps.db.select().from(departaments).orderBy(asc(departaments.id)));
}

export async function getDepartament(deps: ApiDependencies, id: number): Promise<DepartamentView> {
  const [view] = await departamentViews(deps, await deps.db.select().from(departaments).where(eq(departaments.id, id)));
  if (!view) throw new ApiError(404, m.departamentNotFound);
  return view;
}

export async function createDepartament(deps: ApiDependencies, input: NewDepartament): Promise<DepartamentView> {
  try {
    const [row] = await deps.db.insert(departaments).values(input).returning();
    if (!row) throw new Error('insert returned no departament');
    return { ...row, imageUrls: [], images: [], articles: [] };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, m.departamentNumberTaken);
    throw error;
  }
}

/** Files of images that are about to disappear with their owner (rows go by cascade). */
async function imageFilesOwnedBy(
  db: Database,
  owner: { departamentId?: number; articleId?: number },
): Promise<string[]> {
  const articleIds = owner.departamentId
    ? (await db.select({ id: articles.id }).from(articles).where(eq(articles.departamentId, owner.departamentId))).map(
        (a) => a.id,
      )
    : [owner.articleId as number];
  const rows = await imagesOf(db, owner.departamentId ? [owner.departamentId] : [], articleIds);
  return rows.map((row) => row.fileName);
}

export async function deleteDepartament(deps: ApiDependencies, id: number): Promise<void> {
  const files = await imageFilesOwnedBy(deps.db, { departamentId: id });
  const deleted = await deps.db.delete(departaments).where(eq(departaments.id, id)).returning({ id: departaments.id });
  if (deleted.length === 0) throw new ApiError(404, m.departamentNotFound);
  await Promise.all(files.map((file) => deps.images.remove(file)));
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
  const [departament] = await deps.db
    .select({ id: departaments.id })
    .from(departaments)
    .where(eq(departaments.id, input.departamentId));
  if (!departament) throw new ApiError(404, m.departamentNotFound);
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

export async function deleteArticle(deps: ApiDependencies, id: number): Promise<void> {
  const files = await imageFilesOwnedBy(deps.db, { articleId: id });
  const deleted = await deps.db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (deleted.length === 0) throw new ApiError(404, m.articleNotFound);
  await Promise.all(files.map((file) => deps.images.remove(file)));
}

export async function addImage(deps: ApiDependencies, owner: ImageOwner, data: Uint8Array): Promise<ImageView> {
  const table = owner.kind === 'departament' ? departaments : articles;
  const [exists] = await deps.db.select({ id: table.id }).from(table).where(eq(table.id, owner.id));
  if (!exists) throw new ApiError(404, owner.kind === 'departament' ? m.departamentNotFound : m.articleNotFound);
  const stored = await deps.images.save(data);
  try {
    const [row] = await deps.db
      .insert(images)
      .values({
        ...stored,
        departamentId: owner.kind === 'departament' ? owner.id : null,
        articleId: owner.kind === 'article' ? owner.id : null,
      })
      .returning({ id: images.id });
    if (!row) throw new Error('insert returned no image');
    return { id: row.id, url: imageUrl(deps.publicApiBase, stored.fileName) };
  } catch (error) {
    await deps.images.remove(stored.fileName); // the owner vanished meanwhile: keep no orphan file
    throw error;
  }
}

export async function deleteImage(deps: ApiDependencies, id: number): Promise<void> {
  const [row] = await deps.db.delete(images).where(eq(images.id, id)).returning({ fileName: images.fileName });
  if (!row) throw new ApiError(404, m.imageNotFound);
  await deps.images.remove(row.fileName);
}
