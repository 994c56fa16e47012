/** Recognises PostgreSQL errors by SQLSTATE, whether raised by PGlite or node-postgres (maybe wrapped by Drizzle). */
function sqlState(error: unknown): string | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';

/** Errors of the way to PostgreSQL, whether from the network or from node-postgres. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const LOST_CONNECTION = /^Connection terminated|timeout exceeded when trying to connect|is not queryable/;

/**
 * Whether PostgreSQL cannot be reached or is going down or coming up (a restart, a failover, the
 * network): the request may be tried again once it is back (docs/product.md#operations). SQLSTATE
 * class 08 (connection exceptions), 57P01–57P03 (shut down, crashed, not yet accepting) and 53300
 * (too many connections).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return state.startsWith('08') || /^57P0[123]$/.test(state) || state === '53300';
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if ((typeof code === 'string' && NETWORK_CODES.has(code)) || LOST_CONNECTION.test(current.message)) return true;
  }
  return false;
}
