/**
 * The catalogue's revision: a trigger moves it on every change of a category, an article or an
 * image and sends it on the channel `catalogue_changed` (migrations 0004 and 0015). The catalogue's
 * kept answers ask for it per request (docs/product.md#h10-delivery-and-caching).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from './database.ts';
import { catalogueRevision, type Database } from './schema.ts';

/** The revision as of a moment after the call: never one older than a change that had committed before it. */
export type CatalogueRevision = () => Promise<number>;

const CHANNEL = 'catalogue_changed';

export function catalogueRevisionOf(handle: DatabaseHandle): Promise<CatalogueRevision> {
  return handle.kind === 'pglite'
    ? pushedRevision(handle.client, handle.db)
    : Promise.resolve(polledRevision(handle.db));
}

/**
 * The embedded database is this process's alone, and it delivers a notification before the write
 * that caused it returns: the revision kept in memory is the database's at every moment.
 */
async function pushedRevision(client: PGlite, db: Database): Promise<CatalogueRevision> {
  let revision = -1;
  await client.listen(CHANNEL, (payload) => {
    revision = Math.max(revision, Number(payload));
  });
  const [current] = await db.select({ revision: catalogueRevision.revision }).from(catalogueRevision);
  revision = Math.max(revision, current?.revision ?? -1);
  return async () => revision;
}

/**
 * PostgreSQL is shared by the replicas, and a notification reaches a listener some time after the
 * commit: each caller reads the revision. Callers that ask while a read is under way share the next
 * read, which starts once that one is done; under load one read answers many requests, and none
 * gets a revision older than its own request.
 */
function polledRevision(db: Database): CatalogueRevision {
  let running: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  const query = db
    .select({ revision: catalogueRevision.revision })
    .from(catalogueRevision)
    .prepare('catalogue_revision');
  const start = () => {
    const read = query
      .execute()
      .then(([current]) => current?.revision ?? -1)
      .finally(() => {
        if (running === read) running = undefined;
      });
    running = read;
    return read;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
