/**
 * How the emulators deliver their webhooks: in the background, retried a few times on failure
 * (Stripe retries for days, PayPal 25 times), each retry signed anew as the providers do; a
 * delivery that fails in the end is logged, never thrown. As both providers warn, an event may
 * come twice or out of order: a test chooses that per payment (docs/product.md#d19-provider-emulators).
 */
import type { SandboxStore } from './sandbox-store.ts';

export interface RetryTiming {
  /** Waits before the retries after a failed delivery: as many retries as entries. */
  retryDelaysMs: readonly number[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Tries `attempt` (resolving with the HTTP status) until it answers 2xx or the retries are used up. */
export async function deliverWithRetries(
  attempt: () => Promise<number>,
  timing: RetryTiming,
  what: string,
): Promise<void> {
  let lastFailure = '';
  for (let index = 0; index <= timing.retryDelaysMs.length; index++) {
    if (index > 0) await sleep(timing.retryDelaysMs[index - 1] ?? 0);
    try {
      const status = await attempt();
      if (status >= 200 && status < 300) return;
      lastFailure = `HTTP ${status}`;
    } catch (error) {
      lastFailure = error instanceof Error ? error.message : String(error);
    }
  }
  console.error(`Payment sandbox: ${what} not delivered after retries: ${lastFailure}`);
}

/**
 * Deliveries running in the background, which nobody waits for, except the sandbox clock: its
 * advance answers once the events it caused have arrived.
 */
export function backgroundDeliveries() {
  const running = new Set<Promise<void>>();
  return {
    /** Runs `work` after `delayMs` without anyone waiting for it. */
    start(delayMs: number, work: () => Promise<void>): void {
      const done = sleep(delayMs).then(work);
      running.add(done);
      void done.finally(() => running.delete(done));
    },
    /** Resolves once nothing is being delivered. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/**
 * Events out of order: an event of one payment (`thread`) is held back until the payment's next
 * event, and arrives right after it; whatever is still held arrives when the sandbox clock moves.
 * Kept in the sandbox store, so that replicas agree.
 */
export function heldEvents(store: SandboxStore, provider: string) {
  const kind = `${provider}.held_event`;
  return {
    /** The bodies to deliver now, in this order: none (the event is held), or this one and the one held before. */
    async pass(thread: string, body: string): Promise<string[]> {
      for (;;) {
        const held = await store.take<{ body: string }>(kind, thread);
        if (held) return [body, held.body];
        if (await store.create(kind, thread, { body })) return [];
      }
    },
    /** Every event still held, once. */
    async release(): Promise<string[]> {
      const bodies: string[] = [];
      for (const { id } of await store.list(kind)) {
        const held = await store.take<{ body: string }>(kind, id);
        if (held) bodies.push(held.body);
      }
      return bodies;
    },
  };
}
