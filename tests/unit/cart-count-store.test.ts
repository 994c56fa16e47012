/** The header's cart count: kept in localStorage, shared by tabs, forgotten at logout. */
import { type PersistentListener, setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';

let storage: Record<string, string>;
let listeners: PersistentListener[];
let count: typeof import('../../src/stores/cart-count.ts');
let accounts: typeof import('../../src/stores/accounts.ts');

beforeEach(async () => {
  storage = {};
  listeners = [];
  setPersistentEngine(storage, {
    addEventListener: (_key, listener) => listeners.push(listener),
    removeEventListener: (_key, listener) => {
      listeners = listeners.filter((l) => l !== listener);
    },
  });
  vi.resetModules();
  count = await import('../../src/stores/cart-count.ts');
  accounts = await import('../../src/stores/accounts.ts');
});

describe('the cart count', () => {
  it('is stored as a number and read back by a new page', async () => {
    count.$cartCount.set(3);
    expect(storage).toEqual({ cartCount: '3' });
    vi.resetModules();
    expect((await import('../../src/stores/cart-count.ts')).$cartCount.get()).toBe(3);
  });

  it('follows a change made in another tab', () => {
    const seen: (number | undefined)[] = [];
    count.$cartCount.subscribe((value) => seen.push(value));
    storage.cartCount = '2';
    for (const listener of listeners) listener({ key: 'cartCount', newValue: '2' });
    expect(seen).toEqual([undefined, 2]);
  });

  it('ignores a stored value that is not a count', async () => {
    storage.cartCount = 'viele';
    vi.resetModules();
    expect((await import('../../src/stores/cart-count.ts')).$cartCount.get()).toBeUndefined();
  });

  it('is forgotten at logout, leaving no key behind', () => {
    count.$cartCount.set(1);
    accounts.logOut();
    expect(count.$cartCount.get()).toBeUndefined();
    expect(storage).toEqual({});
  });
});
