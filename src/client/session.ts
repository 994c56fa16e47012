/**
 * The session the API client calls with: the bearer token to send, and what to do when a guarded
 * route refuses it (docs/product.md#d30-ended-sessions). The client is the bottom layer of the
 * browser code and imports no store: the accounts store hands the session over when it loads
 * (src/stores/accounts.ts), as every page's shell does; a call made before that waits for it.
 */
export interface Session {
  /** The stored access token, read at each call. */
  token(): string | undefined;
  /** A guarded route refused that token: the browser logs out, and the page says why. */
  refused(): void;
}

let handOver: (given: Session) => void;

/** The session, once the accounts store has handed it over. */
export const session = new Promise<Session>((resolve) => {
  handOver = resolve;
});

/** The accounts store's one call: how the client reads the token and reports a refusal. */
export const provideSession = (given: Session): void => handOver(given);
