/**
 * The sandbox's clock, like Stripe's test clocks (docs/product.md#d19-provider-emulators): both
 * emulators read it; it starts at the real time, and tests move it on where the test controls are
 * served (`GET`/`POST /test/clock`). Its offset is kept in the sandbox store, so every replica tells
 * the same time. When it moves, the emulators make every move that fell due meanwhile (a session
 * expiring, a delayed payment settling, a PayPal order disappearing, a pending refund ending), with
 * their events, before the advance answers; a move also happens when its object is next read.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiEnv } from '../context.ts';
import { errorBody } from '../http/errors.ts';
import { readControlBody } from './sandbox-controls.ts';
import type { SandboxStore } from './sandbox-store.ts';

export interface SandboxClock {
  now(): Date;
  /** Reads the offset every replica shares (before each sandbox request). */
  refresh(): Promise<void>;
  /** Moves the clock on; resolves once every move that fell due is made and its events are delivered. */
  advance(seconds: number): Promise<Date>;
  /** What an emulator does when the clock moves. */
  onAdvance(moves: (now: Date) => Promise<void>): void;
}

const KIND = 'control.clock';
const ID = 'offset';
/** A year and a day: far enough for every provider's timeline, short enough to stay a test. */
const MAX_ADVANCE_SECONDS = 366 * 24 * 60 * 60;

interface Offset {
  ms: number;
}

/** The clock; `controlled` only where tests may move it (without test controls it is the real time). */
export function sandboxClock(store: SandboxStore, options: { controlled: boolean }): SandboxClock {
  let offsetMs = 0;
  const moves: ((now: Date) => Promise<void>)[] = [];
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    async refresh() {
      if (options.controlled) offsetMs = (await store.get<Offset>(KIND, ID))?.ms ?? 0;
    },
    async advance(seconds) {
      if (!options.controlled) throw new Error('the sandbox clock moves only with the test controls');
      await store.create<Offset>(KIND, ID, { ms: 0 });
      const moved = await store.update<Offset>(KIND, ID, (offset) => ({ ms: offset.ms + seconds * 1000 }));
      offsetMs = moved?.after.ms ?? offsetMs;
      for (const move of moves) await move(now());
      return now();
    },
    onAdvance(move) {
      moves.push(move);
    },
  };
}

const AdvanceSchema = v.object({
  advanceSeconds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_ADVANCE_SECONDS)),
});

/** `GET /` reads the clock; `POST /` with `{ "advanceSeconds": n }` moves it on (a test control). */
export function clockRoutes(clock: SandboxClock) {
  const view = () => ({ now: clock.now().toISOString() });
  return new Hono<ApiEnv>()
    .get('/', (c) => c.json(view()))
    .post('/', async (c) => {
      const body = await readControlBody(c, AdvanceSchema);
      if (!body) {
        const message = `Erwartet wird { "advanceSeconds": n } mit einer ganzen Zahl n von 0 bis ${MAX_ADVANCE_SECONDS}.`;
        return c.json(errorBody(400, message), 400);
      }
      await clock.advance(body.advanceSeconds);
      return c.json(view());
    });
}
