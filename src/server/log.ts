/**
 * The server's log: one JSON object per line on standard output (pino), for an operator's log
 * collector. Request lines come from the HTTP server (docs/product.md#h10-delivery-and-caching);
 * everything else the server has to say goes through here too. Never log tokens, passwords or bodies.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';

/**
 * A failed query's error names its parameters (e-mail addresses, mail bodies with their links):
 * the log keeps the SQL and the database's reason only.
 */
function serializeError(error: unknown) {
  if (error instanceof DrizzleQueryError) {
    return { type: 'DrizzleQueryError', query: error.query, reason: error.cause?.message ?? 'unknown' };
  }
  return error instanceof Error ? pino.stdSerializers.err(error) : error;
}

export const log = pino({
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  serializers: { err: serializeError },
});

/**
 * A log line anyone can cause (a webhook post nobody signed): at most one a minute per message, so
 * a stranger's flood of requests is no flood of lines; the next one says how many were left out
 * (`leftOut`). Every request still has its own request line (docs/product.md#h10-delivery-and-caching).
 */
export function atMostEveryMinute(level: 'warn' | 'error', message: string, intervalMs = 60_000) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let leftOut = 0;
  return (fields: Record<string, unknown>): void => {
    const now = Date.now();
    if (now - lastAt < intervalMs) {
      leftOut += 1;
      return;
    }
    log[level](leftOut > 0 ? { ...fields, leftOut } : fields, message);
    lastAt = now;
    leftOut = 0;
  };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, once the settings are read. */
export function setLogLevel(level: LogLevel): void {
  log.level = level;
}

/** The header that carries a request's id: answered to the client, passed on to the API's error log. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
