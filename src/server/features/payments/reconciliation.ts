/**
 * The reconciliation (docs/product.md#d32-payment-states): every few minutes the server asks the
 * providers about attempts that are still open or pending some minutes after they started, about
 * refunds and disputes without a final answer, so a lost webhook or a crash costs no order and
 * takes no money twice. Whatever a provider says goes through the same moves as its webhooks: an
 * order the payer approved is captured, one the provider no longer knows is closed. Each replica
 * may run it, since every move is idempotent.
 */
import { and, gt, lt, or, sql } from 'drizzle-orm';
import type { ApiDependencies } from '../../context.ts';
import { paymentAttempts } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { reconcileDisputes } from './disputes.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { askProvider } from './payment-states.ts';
import { captureForPayer } from './paypal-capture.ts';
import { reconcileRefunds } from './refunds.ts';
import { applyVerdict } from './settlement.ts';

/**
 * Attempts younger than this are left to the customer's return and the webhooks (the server's
 * RECONCILE_AFTER_SECONDS; it reconciles every half of it).
 */
const RECONCILE_AFTER_MS = 10 * 60 * 1000;
/**
 * An open attempt is asked about for this long, well past the providers' lifetimes (a Checkout
 * Session lives 24 hours, a PayPal order not completed three hours): once the provider says it is
 * expired, or no longer knows it, it is closed. A pending one is asked until the provider decides.
 */
const OPEN_ATTEMPTS_FOR_MS = 4 * 24 * 60 * 60 * 1000;

export interface Reconciliation {
  /** Attempts asked about. */
  attempts: number;
  /** Attempts, refunds and disputes whose state changed. */
  changed: number;
}

export async function reconcilePayments(
  deps: ApiDependencies,
  providers: PaymentProviders,
  options: { olderThanMs?: number; signal?: AbortSignal } = {},
): Promise<Reconciliation> {
  const olderThan = new Date(Date.now() - (options.olderThanMs ?? RECONCILE_AFTER_MS));
  const openSince = new Date(Date.now() - OPEN_ATTEMPTS_FOR_MS);
  const attempts = await deps.db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        lt(paymentAttempts.createdAt, olderThan),
        or(
          sql`${paymentAttempts.status} = 'pending'`,
          and(sql`${paymentAttempts.status} = 'open'`, gt(paymentAttempts.createdAt, openSince)),
        ),
      ),
    );
  let changed = 0;
  for (const attempt of attempts) {
    if (options.signal?.aborted) break; // the server stops: the next run (here or elsewhere) asks again
    try {
      const verdict = await askProvider(providers, attempt.provider, attempt.providerRef);
      if (verdict.state === 'open' || (verdict.state === 'pending' && attempt.status === 'pending')) continue;
      // Approved, and the browser that should have asked for the capture never did.
      if (verdict.state === 'approved') await captureForPayer(deps, providers, attempt.providerRef);
      else await applyVerdict(deps, providers, verdict);
      changed++;
    } catch (error) {
      log.warn({ provider: attempt.provider, ref: attempt.providerRef, err: error }, 'reconciliation could not ask');
    }
  }
  if (!options.signal?.aborted) changed += await reconcileRefunds(deps, providers);
  if (!options.signal?.aborted) changed += await reconcileDisputes(deps, providers);
  if (changed > 0) log.info({ attempts: attempts.length, changed }, 'payments reconciled');
  return { attempts: attempts.length, changed };
}

/**
 * Runs the reconciliation now and then every half of `olderThanMs`; returns how to stop it, which
 * lets the attempt under way finish (docs/product.md#operations). Each run and each failed run is
 * counted.
 */
export function startReconciliation(
  deps: ApiDependencies,
  providers: PaymentProviders,
  olderThanMs: number,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const stopping = new AbortController();
  const run = () => {
    if (running) return; // a slow run (a provider that does not answer) is not doubled
    deps.metrics.reconciliationRuns.inc();
    running = reconcilePayments(deps, providers, { olderThanMs, signal: stopping.signal })
      .catch((error: unknown) => {
        deps.metrics.reconciliationFailures.inc();
        log.error({ err: error }, 'payment reconciliation failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, olderThanMs / 2);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
