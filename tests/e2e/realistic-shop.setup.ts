/**
 * Fills the e2e server once, before every spec, with the shop as an agency fills it
 * (tests/support/realistic-shop.ts): the realistic categories, and a customer with umlauts in
 * the name, 20 paid bookings (the third and the eighth refunded by staff, the sixth disputed by
 * the cardholder, the ninth charged back), one whose PayPal payment is pending, and a full cart;
 * and the editors' history of the content (tests/support/realistic-content.ts). Specs read it through the `realShop` fixture and
 * leave it as it is; a test that changes a cart or an order makes its own customer.
 */
import { writeFileSync } from 'node:fs';
import { test as setup } from '@playwright/test';
import type { BookingView } from '../../src/server/features/bookings/bookings.views.ts';
import { createContentHistory } from '../support/realistic-content.ts';
import {
  addToCart,
  createBookingHistory,
  createRealisticCatalogue,
  disputeCardPayment,
  fullCartArticles,
  payCartPendingWithPayPal,
  REALISTIC_CUSTOMER,
  refundBooking,
} from '../support/realistic-shop.ts';
import { accessTokenFor, confirmedCustomer, E2E_ADMIN } from './support/accounts.ts';
import { REAL_SHOP_FILE, type RealShop, sendThrough } from './support/real-shop.ts';

setup('the shop as an agency fills it', async ({ request, baseURL }) => {
  setup.slow(); // about 200 requests with image processing
  const send = sendThrough(baseURL as string);
  const adminToken = await accessTokenFor(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await createContentHistory(send, baseURL as string, adminToken);
  const catalogue = await createRealisticCatalogue(send, adminToken);
  const account = await confirmedCustomer(request, REALISTIC_CUSTOMER);
  const accessToken = account.token;
  const history = await createBookingHistory(send, accessToken, [
    ...catalogue.fivePhotos.articles,
    ...catalogue.twoPhotos.articles,
  ]);
  const refunded = [history[2], history[7]] as BookingView[];
  for (const order of refunded) await refundBooking(send, adminToken, order.id);
  // The cardholders of two orders dispute them at their bank: one still open, one lost.
  const [toDispute, toChargeBack] = [history[5], history[8]];
  if (!toDispute || !toChargeBack) throw new Error('the booking history is too short');
  const changed = new Map<number, BookingView>([
    ...refunded.map((order): [number, BookingView] => [order.id, { ...order, status: 'refunded' }]),
    [toDispute.id, await disputeCardPayment(send, accessToken, toDispute, 'open')],
    [toChargeBack.id, await disputeCardPayment(send, accessToken, toChargeBack, 'lost', 'fraudulent')],
  ]);
  // A payment PayPal holds for review; its entries leave the cart as the customer clears it.
  await addToCart(send, accessToken, catalogue.onePhoto.articles, 200);
  const pending = await payCartPendingWithPayPal(send, accessToken);
  await send('/cart/clear', { method: 'DELETE', headers: { Authorization: `Bearer ${accessToken}` } });
  await addToCart(send, accessToken, fullCartArticles(catalogue));
  const bookings = [...history.map((order) => changed.get(order.id) ?? order), pending];
  const shop: RealShop = { catalogue, customer: { ...account, accessToken }, bookings };
  writeFileSync(REAL_SHOP_FILE(), JSON.stringify(shop));
});
