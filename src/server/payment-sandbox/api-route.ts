/**
 * The life of one emulated API request, the same for both providers: credentials checked, the
 * work done once per request key (a repetition gets the stored answer), and, when a test armed
 * it, the answer replaced by a failure after the work was done, so that a client's retry meets
 * the stored answer (docs/product.md#d19-provider-emulators). Only the shapes differ.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from '../context.ts';
import { runOnce, type StoredAnswer, type WorkResult } from './idempotency.ts';
import { takeFailNext } from './sandbox-controls.ts';
import type { SandboxStore } from './sandbox-store.ts';

export interface ApiRouteOptions {
  store: SandboxStore;
  /** The error answer for a caller without valid credentials, else undefined. */
  authenticate(c: Context<ApiEnv>): Promise<StoredAnswer | undefined>;
  /** The answer for a provider error the work threw; undefined for anything else (a real failure). */
  errorAnswer(error: unknown): WorkResult | undefined;
  /** With test controls on: whose armed failure applies, and its answer. */
  failNext?: { provider: string; answer(status: number): StoredAnswer };
  /** The request key of POST requests and the answers about its misuse. */
  requestKey: {
    header: string;
    /** Store kind of the keys. */
    kind: string;
    /** What a key is unique within: '' for the whole API, else e.g. the path. */
    scope(c: Context<ApiEnv>): string;
    /** What a repetition must ask for again; a constant when the provider does not compare. */
    fingerprint(c: Context<ApiEnv>, body: string): string;
    /** An error answer for a key the provider refuses outright (e.g. too long). */
    invalid(key: string): StoredAnswer | undefined;
    mismatch(key: string): StoredAnswer;
    inProgress(): StoredAnswer;
    /** A repetition's answer: the stored one, as the provider marks a replay (a header, another status). */
    replayed(c: Context<ApiEnv>, answer: StoredAnswer): StoredAnswer;
  };
}

export type ApiWork = (c: Context<ApiEnv>, body: string) => Promise<StoredAnswer>;

export const respond = (c: Context, answer: StoredAnswer) => c.json(answer.body, answer.status as ContentfulStatusCode);

export function apiRoute(options: ApiRouteOptions) {
  return (work: ApiWork) => async (c: Context<ApiEnv>) => {
    const denied = await options.authenticate(c);
    if (denied) return respond(c, denied);
    const failWith = options.failNext ? await takeFailNext(options.store, options.failNext.provider) : undefined;
    const body = c.req.method === 'POST' ? await c.req.text() : '';
    const attempt = async (): Promise<WorkResult> => {
      try {
        return { answer: await work(c, body), keep: true };
      } catch (error) {
        const handled = options.errorAnswer(error);
        if (handled) return handled;
        throw error;
      }
    };

    const { requestKey } = options;
    const key = c.req.method === 'POST' ? c.req.header(requestKey.header) : undefined;
    let answer: StoredAnswer;
    if (key === undefined) {
      answer = (await attempt()).answer;
    } else {
      const refused = requestKey.invalid(key);
      if (refused) {
        answer = refused;
      } else {
        const stored = `${requestKey.scope(c)}${key}`;
        const outcome = await runOnce(options.store, requestKey.kind, stored, requestKey.fingerprint(c, body), attempt);
        answer =
          outcome.kind === 'mismatch'
            ? requestKey.mismatch(key)
            : outcome.kind === 'in-progress'
              ? requestKey.inProgress()
              : outcome.kind === 'replayed'
                ? requestKey.replayed(c, outcome.answer)
                : outcome.answer;
      }
    }
    return respond(c, failWith !== undefined && options.failNext ? options.failNext.answer(failWith) : answer);
  };
}
