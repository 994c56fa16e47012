/**
 * The catalogue's contract (docs/product.md#d26-code-layout): categories and their
 * articles as /departaments and /articles answer them, each with its images. The rules of the
 * staff's forms are in src/lib/catalogue.ts, which the browser runs too.
 */
import * as v from 'valibot';
import { PRODUCT_KINDS } from '../../../lib/product-kinds.ts';
import { UNITS } from '../../../lib/units.ts';
import { imageViewEntries } from '../images/images.views.ts';

export const ArticleViewSchema = v.pipe(
  v.object({
    id: v.number(),
    number: v.string(),
    type: v.string(),
    /** Euros, for one `unit`. */
    price: v.number(),
    /** What the price is for: pauschal, per month, piece, m² or hour (docs/product.md#d34-units-and-quantities). */
    unit: v.picklist(UNITS),
    /** What is sold: website, maintenance, print (and design) or service (docs/product.md#d36-next-steps). */
    kind: v.picklist(PRODUCT_KINDS),
    departamentId: v.number(),
    ...imageViewEntries,
  }),
  v.metadata({ ref: 'Article' }),
);
export type ArticleView = v.InferOutput<typeof ArticleViewSchema>;

export const CategoryViewSchema = v.pipe(
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
export type CategoryView = v.InferOutput<typeof CategoryViewSchema>;
