/** Random ids in the providers' formats, e.g. `cs_test_a1B2…` (Stripe) or `5O190127TN364715T` (PayPal). */
import { randomInt } from 'node:crypto';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const UPPER_ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HEX = '0123456789abcdef';

export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  let result = '';
  for (let index = 0; index < length; index++) result += alphabet[randomInt(alphabet.length)];
  return result;
}

/** A Stripe object id: `prefix_` and 24 letters and digits (Checkout Sessions carry 58). */
export const stripeId = (prefix: string, length = 24): string => `${prefix}_${randomString(length)}`;

/** A PayPal id: order and capture ids are 17, payer ids 13 upper-case letters and digits. */
export const paypalId = (length = 17): string => randomString(length, UPPER_ALPHANUMERIC);

/** PayPal's `debug_id`, which every error carries. */
export const debugId = (): string => randomString(13, HEX);
