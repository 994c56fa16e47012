/**
 * How the emulators deliver their webhooks: in the background, retried a few times on failure
 * (Stripe retries for days, PayPal 25 times), each retry signed anew as the providers do; a
 * delivery that fails in the end is logged, never thrown (docs/product.md#d19-provider-emulators).
 */

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

/** Runs `work` after `delayMs` without anyone waiting for it. */
export const inBackground = (delayMs: number, work: () => Promise<void>) => {
  setTimeout(() => void work(), delayMs);
};
