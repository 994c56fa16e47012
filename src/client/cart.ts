/** The cart calls of the REST API, typed by the server's own answers. */
import type { CartEntryInput } from '../lib/cart.ts';
import type { CartEntryView, CartView } from '../server/features/cart/cart.views.ts';
import { api } from './http.ts';

export const fetchCart = () => api.get('cart').json<CartView>();

export const addToCart = (articleId: number, entry: CartEntryInput) =>
  api.post(`cart/article/${articleId}`, { json: entry }).json<CartEntryView>();

export const changeQuantity = (entryId: number, quantity: number) =>
  api.patch(`cart/entries/${entryId}`, { json: { quantity } }).json<CartEntryView>();

export async function removeCartEntry(entryId: number): Promise<void> {
  await api.delete(`cart/entries/${entryId}`);
}

export async function clearCart(): Promise<void> {
  await api.delete('cart/clear');
}
