/**
 * Replaying a POST by its key (Stripe's `Idempotency-Key`, PayPal's `PayPal-Request-Id`): the
 * first request reserves the key, does its work and stores its answer; a repetition gets that
 * answer again, even after the first one was reported as failed to the caller. Kept in the
 * sandbox store, so the repetition may reach another replica.
 */
import type { SandboxStore } from './sandbox-store.ts';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

interface KeyRecord {
  /** What the request asked for; a repetition must ask the same. */
  fingerprint: string;
  /** Absent while the first request is still running. */
  answer?: StoredAnswer;
}

/** What the work produced, and whether a repetition should get it again. */
export interface WorkResult {
  answer: StoredAnswer;
  /** False for answers that changed nothing (e.g. invalid parameters): the key stays unused. */
  keep: boolean;
}

export type KeyedOutcome =
  | { kind: 'fresh'; answer: StoredAnswer }
  | { kind: 'replayed'; answer: StoredAnswer }
  /** The key was used with other parameters. */
  | { kind: 'mismatch' }
  /** A request with this key is still running. */
  | { kind: 'in-progress' };

/** How long keys are kept: Stripe keeps them 24 hours, PayPal at least 6. */
const KEY_LIFETIME_SECONDS = 24 * 60 * 60;

export async function runOnce(
  store: SandboxStore,
  kind: string,
  key: string,
  fingerprint: string,
  work: () => Promise<WorkResult>,
): Promise<KeyedOutcome> {
  await store.prune(kind, KEY_LIFETIME_SECONDS);
  return claim(store, kind, key, fingerprint, work);
}

async function claim(
  store: SandboxStore,
  kind: string,
  key: string,
  fingerprint: string,
  work: () => Promise<WorkResult>,
): Promise<KeyedOutcome> {
  if (!(await store.create<KeyRecord>(kind, key, { fingerprint }))) {
    const record = await store.get<KeyRecord>(kind, key);
    // Deleted in between: the first request failed without an answer worth keeping; try again.
    if (!record) return claim(store, kind, key, fingerprint, work);
    if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
    return record.answer ? { kind: 'replayed', answer: record.answer } : { kind: 'in-progress' };
  }
  let result: WorkResult;
  try {
    result = await work();
  } catch (error) {
    await store.remove(kind, key);
    throw error;
  }
  if (result.keep) await store.put<KeyRecord>(kind, key, { fingerprint, answer: result.answer });
  else await store.remove(kind, key);
  return { kind: 'fresh', answer: result.answer };
}
