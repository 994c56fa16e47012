/**
 * The sandbox's state: one JSON document per (kind, id) in `sandbox_objects`, so every API replica
 * serves the same sessions, orders and idempotency keys (docs/product.md#d19-provider-emulators).
 * Documents are written only by the emulators, which is why reads trust their shape.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { type Database, sandboxObjects } from '../db/schema.ts';

export interface SandboxStore {
  get<T>(kind: string, id: string): Promise<T | undefined>;
  /** Inserts or replaces the document. */
  put<T>(kind: string, id: string, data: T): Promise<void>;
  /** Inserts the document unless one exists; true when this call inserted it. */
  create<T>(kind: string, id: string, data: T): Promise<boolean>;
  /**
   * Reads the document with a row lock, so concurrent updates of one id run one after another,
   * and stores what `change` returns unless that is the very object it was given. `change` runs
   * inside the transaction: it must not touch the database itself. Resolves with the document
   * before and after, or `undefined` when there is none.
   */
  update<T>(kind: string, id: string, change: (current: T) => T): Promise<{ before: T; after: T } | undefined>;
  remove(kind: string, id: string): Promise<void>;
  /** Removes the document and resolves with it: whoever takes it, takes it once. */
  take<T>(kind: string, id: string): Promise<T | undefined>;
  /** Removes the documents of a kind last written more than `maxAgeSeconds` ago (by the database's clock). */
  prune(kind: string, maxAgeSeconds: number): Promise<void>;
  /** Every document of a kind, for what falls due when the sandbox clock moves (a handful in a test). */
  list<T>(kind: string): Promise<{ id: string; data: T }[]>;
}

const byKey = (kind: string, id: string) => and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.id, id));

export function sandboxStore(db: Database): SandboxStore {
  return {
    async get<T>(kind: string, id: string) {
      const [row] = await db.select({ data: sandboxObjects.data }).from(sandboxObjects).where(byKey(kind, id));
      return row?.data as T | undefined;
    },

    async put<T>(kind: string, id: string, data: T) {
      await db
        .insert(sandboxObjects)
        .values({ kind, id, data })
        .onConflictDoUpdate({
          target: [sandboxObjects.kind, sandboxObjects.id],
          set: { data, updatedAt: sql`now()` },
        });
    },

    async create<T>(kind: string, id: string, data: T) {
      const inserted = await db
        .insert(sandboxObjects)
        .values({ kind, id, data })
        .onConflictDoNothing()
        .returning({ id: sandboxObjects.id });
      return inserted.length === 1;
    },

    update<T>(kind: string, id: string, change: (current: T) => T) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ data: sandboxObjects.data })
          .from(sandboxObjects)
          .where(byKey(kind, id))
          .for('update');
        if (!row) return undefined;
        const before = row.data as T;
        const after = change(before);
        if (after !== before) {
          await tx.update(sandboxObjects).set({ data: after, updatedAt: sql`now()` }).where(byKey(kind, id));
        }
        return { before, after };
      });
    },

    async remove(kind: string, id: string) {
      await db.delete(sandboxObjects).where(byKey(kind, id));
    },

    async take<T>(kind: string, id: string) {
      const [row] = await db.delete(sandboxObjects).where(byKey(kind, id)).returning({ data: sandboxObjects.data });
      return row?.data as T | undefined;
    },

    async prune(kind: string, maxAgeSeconds: number) {
      const cutoff = sql`now() - make_interval(secs => ${maxAgeSeconds})`;
      await db.delete(sandboxObjects).where(and(eq(sandboxObjects.kind, kind), lt(sandboxObjects.updatedAt, cutoff)));
    },

    async list<T>(kind: string) {
      const rows = await db
        .select({ id: sandboxObjects.id, data: sandboxObjects.data })
        .from(sandboxObjects)
        .where(eq(sandboxObjects.kind, kind));
      return rows.map((row) => ({ id: row.id, data: row.data as T }));
    },
  };
}
