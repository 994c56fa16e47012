/**
 * Images of categories and articles: stored files (image-store.ts) with a row each, so every
 * image has its own id to delete (docs/product.md#d6-image-delete, #h6-uploaded-images).
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import { IMAGE_TOO_LARGE } from '../../../lib/images.ts';
import type { ApiDependencies } from '../../context.ts';
import { type Database, images } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { ImageRejectedError, variantFileName, variantWidths } from './image-store.ts';
import type { ImageOwner, ImageView } from './images.views.ts';

export const IMAGE_API_MESSAGES = {
  imageNotFound: 'Bild nicht gefunden.',
  missing: 'Bitte wählen Sie eine Bilddatei aus (Feld "file").',
  tooLarge: IMAGE_TOO_LARGE,
  unsupported: 'Nur JPEG- oder PNG-Bilder sind erlaubt.',
} as const;

const m = IMAGE_API_MESSAGES;

export type ImageRow = typeof images.$inferSelect;

const imageUrl = (publicApiBase: string, fileName: string): string => `${publicApiBase}/images/file/${fileName}`;

/** The images of some categories and articles, oldest first. */
export async function imagesOf(db: Database, categoryIds: number[], articleIds: number[]): Promise<ImageRow[]> {
  const conditions = [
    categoryIds.length > 0 ? inArray(images.categoryId, categoryIds) : undefined,
    articleIds.length > 0 ? inArray(images.articleId, articleIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(images)
    .where(or(...conditions))
    .orderBy(asc(images.id));
}

function imageView(publicApiBase: string, row: Pick<ImageRow, 'id' | 'fileName' | 'width' | 'height'>): ImageView {
  return {
    id: row.id,
    url: imageUrl(publicApiBase, row.fileName),
    width: row.width,
    height: row.height,
    variants: variantWidths(row.width).map((width) => ({
      width,
      url: imageUrl(publicApiBase, variantFileName(row.fileName, width)),
    })),
  };
}

/** `imageUrls` (the earlier contract) and `images` (with ids, to delete one) of the given rows. */
export function imageViews(publicApiBase: string, rows: ImageRow[]): { imageUrls: string[]; images: ImageView[] } {
  const list = rows.map((row) => imageView(publicApiBase, row));
  return { images: list, imageUrls: list.map((image) => image.url) };
}

/** Stores the image of an owner the caller found (catalogue.requireCatalogueItem). */
export async function addImage(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'publicApiBase'>,
  owner: ImageOwner,
  data: Uint8Array,
): Promise<ImageView> {
  let stored: Awaited<ReturnType<typeof deps.images.save>>;
  try {
    stored = await deps.images.save(data);
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      throw error.reason === 'tooLarge' ? new ApiError(413, m.tooLarge) : new ApiError(415, m.unsupported);
    }
    throw error;
  }
  try {
    const [row] = await deps.db
      .insert(images)
      .values({
        ...stored,
        categoryId: owner.kind === 'category' ? owner.id : null,
        articleId: owner.kind === 'article' ? owner.id : null,
      })
      .returning({ id: images.id });
    if (!row) throw new Error('insert returned no image');
    return imageView(deps.publicApiBase, { id: row.id, ...stored });
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

/** Removes the files of image rows that went with their owner (the rows go by cascade). */
export async function removeImageFiles(deps: ApiDependencies, rows: ImageRow[]): Promise<void> {
  await Promise.all(rows.map((row) => deps.images.remove(row.fileName)));
}
