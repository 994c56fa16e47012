/**
 * The server's log: one JSON object per line on standard output (pino), for an operator's log
 * collector. Request lines come from the HTTP server (docs/product.md#h10-delivery-and-caching);
 * everything else the server has to say goes through here too. Never log tokens, passwords or bodies.
 */
import pino from 'pino';

export const log = pino({
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, once the settings are read. */
export function setLogLevel(level: LogLevel): void {
  log.level = level;
}

/** The header that carries a request's id: answered to the client, passed on to the API's error log. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
