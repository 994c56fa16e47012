/**
 * The server's socket (docs/product.md#operations): it listens before the product is ready, and
 * answers meanwhile with liveness, readiness 'starting' and 503s to try again; it stops without
 * cutting an answer it began, up to a limit.
 */
import { createServer, type ServerResponse } from 'node:http';
import { API_BASE_PATH } from '../app.ts';
import { HEALTH_PATH, READY_PATH, unreadiness } from '../features/health/readiness.ts';
import type { Settings } from '../settings.ts';
import { errorBody, RETRY_AFTER_SECONDS } from './errors.ts';
import type { Handler } from './node-server.ts';

/**
 * A kept-alive connection stays open for 65 s without a request, longer than proxies and load
 * balancers keep theirs in a pool (60 s is common): with Node's 5 s, a request a client sent on
 * an idle connection could meet the server closing it and fail with a reset.
 */
const KEEP_ALIVE_MS = 65_000;

export interface HttpServer {
  /** `handler` answers from now on; until then every request but the health checks gets a 503. */
  serve(handler: Handler): void;
  /** Every answer from now on closes its connection, so that clients and proxies open their next one elsewhere. */
  drain(): void;
  /**
   * Stops accepting connections, closes the idle ones, lets the answers begun finish for up to
   * `limitMs` and then cuts the rest; resolves, once every connection is closed, with how many
   * answers were cut.
   */
  close(limitMs: number): Promise<number>;
}

/** What a request gets while the server starts: liveness, readiness with its reason, or a 503 to try again. */
const starting: Handler = (req, res) => {
  const path = req.url?.split('?')[0];
  if (path === HEALTH_PATH) {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ status: 'ok' }));
    return;
  }
  const notReady = unreadiness(['starting']);
  const forApi = path === API_BASE_PATH || path?.startsWith(`${API_BASE_PATH}/`);
  res.writeHead(503, {
    'Content-Type': forApi ? 'application/json' : 'text/plain; charset=utf-8',
    'Retry-After': String(RETRY_AFTER_SECONDS),
    'Cache-Control': 'no-store',
  });
  const body = path === READY_PATH ? notReady : errorBody(503, notReady.message);
  res.end(forApi ? JSON.stringify(body) : notReady.message);
};

/** Listens on HOST:PORT, answering as `starting` does until `serve` names the product's handler. */
export function listen(settings: Pick<Settings, 'host' | 'port'>): Promise<HttpServer> {
  let handler = starting;
  let draining = false;
  const answering = new Set<ServerResponse>();
  const server = createServer(
    { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 },
    (req, res) => {
      answering.add(res);
      res.once('close', () => answering.delete(res));
      if (draining) res.setHeader('Connection', 'close');
      void handler(req, res);
    },
  );
  const http: HttpServer = {
    serve: (next) => {
      handler = next;
    },
    drain: () => {
      draining = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
    },
    close: (limitMs) => {
      http.drain();
      return new Promise((resolve) => {
        let cut = 0;
        const limit = setTimeout(() => {
          cut = answering.size;
          server.closeAllConnections();
        }, limitMs);
        // Node closes the idle connections at once, and each busy one after its answer.
        server.close(() => {
          clearTimeout(limit);
          resolve(cut);
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve(http));
  });
}
