/**
 * Request body limits, set by each router for its own routes: JSON bodies are small, image
 * uploads set a larger limit of their own, and a provider's webhook may read its raw body.
 */
import { bodyLimit } from 'hono/body-limit';
import { ApiError, MESSAGES } from './errors.ts';

const JSON_BODY_LIMIT = 64 * 1024;

/** Refuses a body above `maxSize` bytes with 413 and `message`, before the handler reads it. */
export const limitBody = (maxSize: number, message: string = MESSAGES.tooLarge) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, message);
    },
  });

export const jsonBodyLimit = limitBody(JSON_BODY_LIMIT);
