/**
 * How many entries the caller's cart holds, for the header's 'Warenkorb' link. Kept in
 * localStorage, so the header knows it before any request and every tab shows the same number
 * (the storage event carries a change to the others). Unknown (undefined) when logged out.
 */
import { persistentAtom } from '@nanostores/persistent';

export const $cartCount = persistentAtom<number | undefined>('cartCount', undefined, {
  // Undefined must stay undefined: the store then removes the key instead of writing "undefined".
  encode: (count) => count?.toString(),
  decode: (stored) => {
    const count = Number(stored);
    return Number.isInteger(count) && count >= 0 ? count : undefined;
  },
});
