/**
 * The images' contract (docs/product.md#d26-code-layout): an uploaded image as the API answers
 * it, alone (POST /images/upload/…) and in its category or article.
 */
import * as v from 'valibot';

export const ImageViewSchema = v.object({
  id: v.number(),
  /** The stored original (JPEG or PNG). */
  url: v.string(),
  width: v.number(),
  height: v.number(),
  /** WebP copies for `srcset`, narrowest first. */
  variants: v.array(v.object({ width: v.number(), url: v.string() })),
});
export type ImageView = v.InferOutput<typeof ImageViewSchema>;

/** `imageUrls` (the earlier contract) and `images` (with ids, to delete one) of a category or article. */
export const imageViewEntries = { imageUrls: v.array(v.string()), images: v.array(ImageViewSchema) };

export type ImageOwner = { kind: 'category'; id: number } | { kind: 'article'; id: number };
