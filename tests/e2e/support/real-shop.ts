/**
 * The realistic shop the setup project made in the e2e server (realistic-shop.setup.ts), as specs
 * read it, and the `Send` of tests/support/realistic-shop.ts for the e2e server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BookingView } from '../../../src/server/features/bookings/bookings.views.ts';
import type { RealisticCatalogue, Send } from '../../support/realistic-shop.ts';
import type { Account } from './accounts.ts';

export interface RealShop {
  catalogue: RealisticCatalogue;
  /**
   * Logged in; 20 paid bookings (the third and eighth refunded, the sixth disputed, the ninth
   * charged back), one being processed at PayPal, a cart of 6 entries.
   */
  customer: Account & { accessToken: string };
  /** Oldest first; the last one's payment is pending. */
  bookings: BookingView[];
}

export const REAL_SHOP_FILE = () => path.join(process.env.E2E_DATA_DIR as string, 'e2e-real-shop.json');

export function readRealShop(): RealShop {
  return JSON.parse(readFileSync(REAL_SHOP_FILE(), 'utf8')) as RealShop;
}

/** Requests to the e2e server's API, from an address of their own (the server trusts loopback's X-Forwarded-For). */
export function sendThrough(baseURL: string, address = '198.18.255.1'): Send {
  return (apiPath, init = {}) =>
    fetch(`${baseURL}/api${apiPath}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': address },
    });
}
