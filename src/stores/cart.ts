/**
 * The caller's cart, shared by every island of a page and the header: loaded once per page when
 * logged in, loaded again after a booking, a removal or clearing. Failures are kept as they came,
 * so each island words them itself.
 */
import { atom } from 'nanostores';
import { addToCart, changeQuantity, clearCart, fetchCart, removeCartEntry } from '../client/cart.ts';
import type { CartEntryInput } from '../lib/cart.ts';
import type { CartView } from '../server/features/cart/cart.views.ts';
import { $isAuthorized } from './accounts.ts';
import { $cartCount } from './cart-count.ts';

export type CartState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; cart: CartView }
  | { status: 'failed'; error: unknown };

export const $cart = atom<CartState>({ status: 'idle' });

let firstLoad: Promise<void> | undefined;

/** Loads the cart again; an entry list already shown stays until the new one is there. */
export async function reloadCart(): Promise<void> {
  if ($cart.get().status !== 'loaded') $cart.set({ status: 'loading' });
  try {
    const cart = await fetchCart();
    $cart.set({ status: 'loaded', cart });
    // An answer that arrives after a logout leaves the header's count unknown, as the logout made it.
    if ($isAuthorized.get()) $cartCount.set(cart.countArticles);
  } catch (error) {
    $cart.set({ status: 'failed', error });
  }
}

/** The first load of this page; later callers share it. */
export function loadCart(): Promise<void> {
  firstLoad ??= reloadCart();
  return firstLoad;
}

/** Books an article with its dates and quantity; throws the API's failure for the form to show. */
export async function bookArticle(articleId: number, entry: CartEntryInput): Promise<void> {
  await addToCart(articleId, entry);
  await reloadCart();
}

/** A new quantity for an entry; throws the API's failure for the cart to show. */
export async function changeEntryQuantity(entryId: number, quantity: number): Promise<void> {
  await changeQuantity(entryId, quantity);
  await reloadCart();
}

export async function removeEntry(entryId: number): Promise<void> {
  await removeCartEntry(entryId);
  await reloadCart();
}

export async function emptyCart(): Promise<void> {
  await clearCart();
  await reloadCart();
}

/**
 * For a page that shows the cart: when another tab changes it (a booking, a removal, clearing, a
 * payment), its new count arrives through the storage event and the cart here loads again, so no
 * page offers to pay for entries that are gone. Returns the unsubscribe.
 */
export function followOtherTabs(): () => void {
  return $cartCount.listen((count) => {
    const shown = $cart.get();
    if (shown.status === 'loaded' && count !== undefined && count !== shown.cart.countArticles) void reloadCart();
  });
}
