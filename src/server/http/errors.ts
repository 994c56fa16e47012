/**
 * Every failure the API answers is `{ message, statusCode }` (validation adds `errors`), with a
 * German message a person can read. Anything unexpected is logged and answered as a plain 500.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from '../context.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { log } from '../log.ts';
import { StorageUnavailableError } from '../storage/blob-store.ts';
import type { FieldError } from './errors.views.ts';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: ContentfulStatusCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: ContentfulStatusCode,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export const MESSAGES = {
  badJson: 'Der Anfragekörper ist kein gültiges JSON.',
  invalidInput: 'Bitte überprüfen Sie Ihre Eingaben.',
  jsonObjectExpected: 'Erwartet wird ein JSON-Objekt.',
  invalidId: 'Ungültige ID.',
  notFound: 'Nicht gefunden.',
  unauthorized: 'Bitte melden Sie sich an.',
  forbidden: 'Dafür fehlt Ihnen die Berechtigung.',
  tooLarge: 'Die Anfrage ist zu groß.',
  jsonRequired: 'Bitte senden Sie die Daten als JSON (Content-Type: application/json).',
  forbiddenCharacter: 'Die Anfrage enthält ein unzulässiges Zeichen.',
  tooDeep: 'Der Anfragekörper ist zu tief verschachtelt.',
  methodNotAllowed: 'Diese Methode wird nicht unterstützt.',
  internal: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  databaseUnavailable:
    'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut; Ihre Eingaben gehen nicht verloren.',
  storageUnavailable: 'Die Bilder sind gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden erneut.',
  pageUnavailable: 'Diese Seite ist gerade nicht erreichbar. Bitte laden Sie sie in einigen Sekunden neu.',
} as const;

/** Seconds a client should wait before it tries again while the database or the storage is away. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The German message for a request that failed because the database or the uploads' storage
 * cannot be reached now (docs/product.md#operations), or undefined for any other failure.
 */
export function unavailableMessage(error: unknown): string | undefined {
  // The storage first: its errors carry the same network codes as the database's.
  if (error instanceof StorageUnavailableError) return MESSAGES.storageUnavailable;
  if (isDatabaseUnavailable(error)) return MESSAGES.databaseUnavailable;
  return undefined;
}

export function errorBody(statusCode: number, message: string, errors?: FieldError[]) {
  return errors ? { message, statusCode, errors } : { message, statusCode };
}

export function handleError(error: Error, c: Context<ApiEnv>): Response {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(errorBody(error.statusCode, error.message, error.errors), error.statusCode);
  }
  if (error instanceof HTTPException) {
    const message = error.status === 413 ? MESSAGES.tooLarge : error.message || MESSAGES.invalidInput;
    return c.json(errorBody(error.status, message), error.status as ContentfulStatusCode);
  }
  const unavailable = unavailableMessage(error);
  if (unavailable) {
    log.warn({ reqId: c.env?.requestId, method: c.req.method, path: c.req.path, err: error }, 'request unavailable');
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(errorBody(503, unavailable), 503);
  }
  log.error({ reqId: c.env?.requestId, method: c.req.method, path: c.req.path, err: error }, 'request failed');
  return c.json(errorBody(500, MESSAGES.internal), 500);
}
