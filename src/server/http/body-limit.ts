/**
 * Request body limits, set by each router for its own routes: JSON bodies are small, image
 * uploads set a larger limit of their own, and a provider's webhook may read its raw body.
 */
import { bodyLimit } from 'hono/body-limit';
import { ApiError, MESSAGES } from './errors.ts';

const JSON_BODY_LIMIT = 64 * 1024;

/**
 * A body declared at most this many times the limit is read to its end before the refusal: the
 * client, still sending it, then gets the 413. Answered at once, the server stops reading half a
 * second later (@hono/node-server) and a slow upload breaks with a reset instead.
 */
const READ_TO_END_MULTIPLE = 2;

async function discard(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body || body.locked) return;
  const reader = body.getReader();
  while (!(await reader.read()).done) {
    // The bytes go nowhere: only the end matters.
  }
}

/** Refuses a body above `maxSize` bytes with 413 and `message`, before the handler reads it. */
export const limitBody = (maxSize: number, message: string = MESSAGES.tooLarge) =>
  bodyLimit({
    maxSize,
    onError: async (c) => {
      if (Number(c.req.header('Content-Length')) <= maxSize * READ_TO_END_MULTIPLE) await discard(c.req.raw.body);
      throw new ApiError(413, message);
    },
  });

export const jsonBodyLimit = limitBody(JSON_BODY_LIMIT);
