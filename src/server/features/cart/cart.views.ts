/**
 * The cart's contract (docs/product.md#d26-code-layout): the caller's cart and its entries as the
 * /cart routes answer them, priced by the server. What an entry's dates and quantity may be is in
 * src/lib/cart.ts and src/lib/units.ts, which the browser runs too.
 */
import * as v from 'valibot';
import { UNITS } from '../../../lib/units.ts';

export const CartEntryViewSchema = v.object({
  id: v.number(),
  entryDate: v.string(),
  /** The last day; for maintenance the end of the term. */
  departureDate: v.string(),
  /** How many of the article's unit: 12 (months), 2.25 (m²). */
  quantity: v.number(),
  /** Euros: price × quantity, less `discount`. */
  linePrice: v.number(),
  /** Euros taken off for a 12-month maintenance term (the yearly discount); 0 otherwise. */
  discount: v.number(),
  article: v.object({
    id: v.number(),
    number: v.string(),
    type: v.string(),
    /** Euros, for one `unit`. */
    price: v.number(),
    unit: v.picklist(UNITS),
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
  /** Euros: the sum of the line prices. */
  totalPriceArticles: v.number(),
});
export type CartView = v.InferOutput<typeof CartViewSchema>;
