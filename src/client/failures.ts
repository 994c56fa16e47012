/**
 * One mapping of failed API calls to what the user reads (German): the server's own message when
 * it sent one, else the caller's fallback for an HTTP error or for anything else; a timeout says so.
 */
import type { HTTPError } from 'ky';
import type { FieldError } from '../server/http/errors.views.ts';
import { API_TIMEOUT_MS } from './http.ts';

export const FAILURE_MESSAGES = {
  generic: 'Ein Fehler ist aufgetreten',
  timeout: `Zeitüberschreitung: Der Server hat nicht innerhalb von ${API_TIMEOUT_MS / 1000} Sekunden geantwortet. Bitte versuchen Sie es erneut.`,
  network: 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
} as const;

export interface ApiFailure {
  /** HTTP status, when the server answered. */
  status: number | undefined;
  message: string;
  /** Per-field validation errors of a 400 answer. */
  fieldErrors: FieldError[];
}

export interface Fallbacks {
  /** When the server answered with an error but no message. */
  http?: string;
  /** When there was no answer (network) or something else went wrong. */
  other?: string;
}

/**
 * ky's errors told apart by name, as ky's own guards also do: importing those would load ky with
 * the page, which the API client loads only with its first call (./http.ts).
 */
const named = (error: unknown, name: string) => error instanceof Error && error.name === name;
export const isHTTPError = (error: unknown): error is HTTPError => named(error, 'HTTPError');

function isErrorBody(data: unknown): data is { message?: unknown; errors?: unknown } {
  return typeof data === 'object' && data !== null;
}

export function describeFailure(error: unknown, fallbacks: Fallbacks = {}): ApiFailure {
  if (isHTTPError(error)) {
    const body = isErrorBody(error.data) ? error.data : {};
    const fieldErrors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
    const message =
      typeof body.message === 'string' && body.message ? body.message : (fallbacks.http ?? FAILURE_MESSAGES.generic);
    return { status: error.response.status, message, fieldErrors };
  }
  if (named(error, 'TimeoutError')) return { status: undefined, message: FAILURE_MESSAGES.timeout, fieldErrors: [] };
  const other = named(error, 'NetworkError') ? FAILURE_MESSAGES.network : FAILURE_MESSAGES.generic;
  return { status: undefined, message: fallbacks.other ?? other, fieldErrors: [] };
}
