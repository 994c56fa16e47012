/** The customer's billing address: stored per account, copied onto each order when its payment starts. */
import { eq, sql } from 'drizzle-orm';
import type { BillingAddress } from '../../../lib/billing-address.ts';
import { billingAddresses, type Database } from '../../db/schema.ts';

const columns = {
  name: billingAddresses.name,
  company: billingAddresses.company,
  street: billingAddresses.street,
  postalCode: billingAddresses.postalCode,
  city: billingAddresses.city,
  country: billingAddresses.country,
  vatId: billingAddresses.vatId,
};

/** The account's billing address, or undefined while it has none. */
export async function billingAddressOf(db: Database, userId: number): Promise<BillingAddress | undefined> {
  const [row] = await db.select(columns).from(billingAddresses).where(eq(billingAddresses.userId, userId));
  return row;
}

/** Stores (or replaces) the account's billing address; orders placed before keep theirs. */
export async function saveBillingAddress(
  db: Database,
  userId: number,
  address: BillingAddress,
): Promise<BillingAddress> {
  await db
    .insert(billingAddresses)
    .values({ userId, ...address })
    .onConflictDoUpdate({ target: billingAddresses.userId, set: { ...address, updatedAt: sql`now()` } });
  return address;
}
