/**
 * The keys that make a provider call happen once (Stripe's `Idempotency-Key`, PayPal's
 * `PayPal-Request-Id`): unique per installation and per attempt (docs/product.md#d22-fulfilment).
 * Booking ids restart at 1 on every fresh database, so a key names the installation (an id drawn
 * once and kept in the database) and the booking by its random booking number, which a restored
 * backup does not hand out again.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PaymentProvider } from '../../../lib/payments.ts';
import { appMeta, type Database } from '../../db/schema.ts';

const INSTALLATION_KEY = 'installation_id';

const known = new WeakMap<Database, Promise<string>>();

/** This installation's id, drawn on first use; every replica on the database reads the same. */
export function installationId(db: Database): Promise<string> {
  let id = known.get(db);
  if (!id) {
    id = (async () => {
      await db
        .insert(appMeta)
        .values({ key: INSTALLATION_KEY, value: randomBytes(10).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, INSTALLATION_KEY));
      if (!row) throw new Error('installation id missing');
      return row.value;
    })();
    id.catch(() => known.delete(db));
    known.set(db, id);
  }
  return id;
}

/**
 * The key of a booking's `n`-th payment attempt with a provider (concurrent starts of the same
 * attempt share it, so the provider opens one session or order), or of its refund number `n`.
 */
export async function idempotencyKey(
  db: Database,
  booking: { bookingNumber: string },
  what: PaymentProvider | 'refund',
  n: number,
): Promise<string> {
  return `hwds-${await installationId(db)}-${booking.bookingNumber}-${what}-${n}`;
}
