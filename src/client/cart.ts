/** The cart calls of the REST API, typed by the cart's contract. */
import type { CartEntryInput } from '../lib/cart.ts';
import type { CartEntryView, CartView } from '../server/features/cart/cart.views.ts';
import { callerFor, type NoBody } from './http.ts';

export interface CartRoutes {
  'GET cart': CartView;
  'POST cart/article/{articleId}': CartEntryView;
  'PATCH cart/entries/{id}': CartEntryView;
  'DELETE cart/entries/{id}': NoBody;
  'DELETE cart/clear': NoBody;
}

const call = callerFor<CartRoutes>();

export const fetchCart = () => call('GET cart').json();

export const addToCart = (articleId: number, entry: CartEntryInput) =>
  call(`POST cart/article/${articleId}`, { json: entry }).json();

export const changeQuantity = (entryId: number, quantity: number) =>
  call(`PATCH cart/entries/${entryId}`, { json: { quantity } }).json();

export async function removeCartEntry(entryId: number): Promise<void> {
  await call(`DELETE cart/entries/${entryId}`);
}

export async function clearCart(): Promise<void> {
  await call('DELETE cart/clear');
}
