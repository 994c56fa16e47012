/** The claims of an access token that the browser may read (it cannot and need not verify them). */
export interface TokenClaims {
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** Role names at the time of login; only a display hint, the API reads roles from its database. */
  roles?: string[];
}

/**
 * Reads the payload of a JWT without verifying it, or null when it is not one.
 * Self-contained on purpose: the layout inlines its source into the head script
 * so the header shows the right links before the first paint.
 */
export function readTokenClaims(token: string | null | undefined): TokenClaims | null {
  try {
    const payload = String(token).split('.')[1];
    if (!payload) return null;
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims !== null && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}
