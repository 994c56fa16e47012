/**
 * What the emulators' test controls share (docs/product.md#d19-provider-emulators): a switch that
 * makes the next API request of one provider answer an error after doing its work, so that tests
 * see the SDK's or client's retry get the stored result; one that makes the next refund go pending
 * and end later (failed, or succeeded); and the outcomes of a dispute. Kept in the sandbox store,
 * so a test reaching one replica arms them all.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { SandboxStore } from './sandbox-store.ts';

const FAIL_NEXT_KIND = 'control.fail-next';

export const FailNextSchema = v.object({
  status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599)), 500),
  /** How many requests in a row fail (a provider down for a moment outlasts a client's retries). */
  times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)), 1),
});

interface ArmedFailure {
  status: number;
  left: number;
}

export const armFailNext = (store: SandboxStore, provider: string, status: number, times = 1) =>
  store.put<ArmedFailure>(FAIL_NEXT_KIND, provider, { status, left: times });

/** A dispute: opened by the payer, then won or lost by the merchant (a closed one opens first if none is open). */
export const DisputeControlSchema = v.object({
  outcome: v.picklist(['open', 'won', 'lost']),
  /** The provider's reason code, e.g. Stripe's `fraudulent`, PayPal's `MERCHANDISE_OR_SERVICE_NOT_RECEIVED`. */
  reason: v.optional(v.pipe(v.string(), v.regex(/^[a-zA-Z_]{1,64}$/))),
});

const NEXT_REFUND_KIND = 'control.next-refund';

/** How the next refund of a provider ends: it goes pending and succeeds or fails once the clock has passed an hour. */
export function refundControl(store: SandboxStore, provider: string) {
  return {
    async arm(ending: 'succeeded' | 'failed'): Promise<string> {
      await store.put(NEXT_REFUND_KIND, provider, { ending });
      return ending === 'failed' ? 'pending, then failed' : 'pending, then succeeded';
    },
    /** The armed ending, once. */
    take: async () => (await store.take<{ ending: 'succeeded' | 'failed' }>(NEXT_REFUND_KIND, provider))?.ending,
  };
}

/** The armed status, for as many requests as it was armed for: those fail, the next one does not. */
export async function takeFailNext(store: SandboxStore, provider: string): Promise<number | undefined> {
  const taken = await store.update<ArmedFailure>(FAIL_NEXT_KIND, provider, (armed) => ({
    ...armed,
    left: (armed.left ?? 1) - 1,
  }));
  if (!taken || taken.before.left <= 0) return undefined;
  if (taken.after.left <= 0) await store.remove(FAIL_NEXT_KIND, provider);
  return taken.before.status;
}

/** A test control's JSON body, or undefined when it is not JSON or does not fit. */
export async function readControlBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema> | undefined> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = v.safeParse(schema, body);
  return result.success ? result.output : undefined;
}
