/**
 * The product's HTTP server on Node (docs/product.md#h10-delivery-and-caching): one JSON log line
 * per request, only the methods the product serves, the client's address as far as TRUST_PROXY
 * allows, compression, and then the API (/api), the pre-rendered files (pre-compressed at build,
 * revalidated by ETag) or Astro's handler for the pages rendered on request. `npm start` serves
 * all of it; `npm run start:api` only the API.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import proxyAddr from 'proxy-addr';
import sirv from 'sirv';
import { loginHref } from '../../lib/return-path.ts';
import type { ApiApp } from '../app.ts';
import { API_BASE_PATH } from '../app.ts';
import type { Build } from '../features/editor/releases.ts';
import { log, REQUEST_ID_HEADER } from '../log.ts';
import type { Settings } from '../settings.ts';
import { errorBody, MESSAGES } from './errors.ts';
import type { Metrics } from './metrics.ts';
import { SERVED_METHODS } from './request-checks.ts';
import { EDITOR_CONTENT_SECURITY_POLICY, pageSecurityHeaders } from './security-headers.ts';
import { type StaticFiles, staticFiles } from './static-files.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface SiteHandlers {
  /**
   * The build that serves now: its `client` folder (the pre-rendered pages and the hashed assets,
   * with their .br and .gz copies) and Astro's handler (the pages rendered on request, the 404
   * page). A publish replaces it between two requests (docs/product.md#d38-content-editor).
   */
  served(): Build;
  /** The content editor's page for admins (`{dir}/keystatic`, built by `npm run build`); others go to the login. */
  editor?: { dir: string; isStaff(cookieHeader: string | undefined): Promise<boolean> };
}

/** The editor's page and the admin screen that leads to it. */
const EDITOR_PATH = '/keystatic';
const EDITOR_HOME = '/admin/inhalte';

const served = new Set<string>(SERVED_METHODS);

/** Hashed build assets never change under their name; everything else is revalidated on each use. */
const ASSET_PREFIX = '/_astro/';
/** What a build asset needs of the security headers: its type is never guessed, and HTTPS stays pinned. */
const ASSET_SECURITY_HEADERS = new Set(['X-Content-Type-Options', 'Strict-Transport-Security']);

/** The path as the log shows it: no query string, and the reset link's token (`/reset-password/{token}`) left out. */
const loggedPath = (url = '/'): string =>
  (url.split('?')[0] ?? '/').replace(/^\/reset-password\/[^/]+/, '/reset-password/…');

function requestLogger() {
  return pinoHttp({
    logger: log,
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // Only what an operator needs: never headers (tokens), query strings (links), bodies or tokens in paths.
    customSuccessObject: (req, res, value: { responseTime: number }) => ({
      method: req.method,
      path: loggedPath(req.url),
      status: res.statusCode,
      durationMs: value.responseTime,
    }),
    // A 503 (the database or the storage away, the server starting) is expected and says enough
    // by its status: a warning without pino-http's made-up error and its stack.
    customErrorObject: (req, res, error, value: { responseTime: number }) => ({
      method: req.method,
      path: loggedPath(req.url),
      status: res.statusCode,
      durationMs: value.responseTime,
      ...(res.statusCode !== 503 && { err: error }),
    }),
    customSuccessMessage: () => 'request',
    customErrorMessage: (_req, res) => (res.statusCode === 503 ? 'request unavailable' : 'request failed'),
    customLogLevel: (_req, res, error) =>
      res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : 'info',
    // The line carries the request id, and the fields above, nothing of the raw request.
    quietReqLogger: true,
    quietResLogger: true,
  });
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * The one spelling of a request target's path (RFC 3986, 6.2.2): escaped letters, digits and
 * `-._~` decoded, other escapes in capitals, repeated slashes made one and dot segments resolved
 * as the URL parser resolves them (`%2e` included). An absolute target becomes its path; one that
 * is no URL at all (`*`), the root.
 */
export function normalisedTarget(target: string): string {
  const queryStart = target.indexOf('?');
  const rawPath = queryStart < 0 ? target : target.slice(0, queryStart);
  // A path is never resolved against a base: `//api/x` names no host here. Its query string stays as sent.
  const url = rawPath.startsWith('/') ? new URL(`http://site${rawPath}`) : URL.parse(target);
  const query = rawPath.startsWith('/') ? target.slice(rawPath.length) : (url?.search ?? '');
  const path = (url?.pathname ?? '/')
    .replace(/%[0-9A-Fa-f]{2}/g, (escaped) => {
      const character = String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
      return UNRESERVED.test(character) ? character : escaped.toUpperCase();
    })
    .replace(/\/{2,}/g, '/');
  return `${new URL(`http://site${path}`).pathname}${query}`;
}

/** The client's address: the connection's peer, or who the trusted proxies say it is. */
function clientAddressOf(settings: Pick<Settings, 'trustProxy'>) {
  const { trustProxy } = settings;
  const trust =
    typeof trustProxy === 'number'
      ? (_address: string, hop: number) => hop < trustProxy
      : proxyAddr.compile(trustProxy);
  return (req: IncomingMessage): string => proxyAddr(req, trust);
}

export function createRequestListener(api: ApiApp, settings: Settings, metrics: Metrics, site?: SiteHandlers): Handler {
  const logRequest = requestLogger();
  /**
   * What answered a request, for the metrics: the API's route pattern, or `static` (a built file),
   * `page` (rendered on request), `editor`, and `other` (a redirect to a path's one spelling, a
   * method not served).
   */
  const answerers = new WeakMap<IncomingMessage, string>();
  const observe = (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.once('finish', () =>
      metrics.observeRequest(
        req.method ?? '',
        answerers.get(req) ?? 'other',
        res.statusCode,
        (performance.now() - started) / 1000,
      ),
    );
  };
  // compression works on plain Node requests and responses; its types are written for Express's.
  // Brotli at quality 5, not the package's 4: a category page (55 KB of HTML) shrinks to 12.9 KB
  // instead of 13.8 KB, within a new connection's first flight of about 14 KB, at the same 2 ms
  // (docs/product.md#h11-speed).
  const brotli = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };
  const compress = compression({ threshold: 1024, brotli }) as unknown as Middleware;
  const clientAddress = clientAddressOf(settings);
  const headers = pageSecurityHeaders(settings.siteUrl);
  // A script, style sheet or font is no document: a page's policies mean nothing on it, and on a
  // slow line each of a page's two dozen files would carry their bytes (docs/product.md#h11-speed).
  const assetHeaders = headers.filter(([name]) => ASSET_SECURITY_HEADERS.has(name));
  const serveApi = getRequestListener((request, env) => {
    const incoming = 'incoming' in env ? (env.incoming as IncomingMessage) : undefined;
    return api.fetch(request, {
      clientAddress: incoming ? clientAddress(incoming) : undefined,
      requestId: 'outgoing' in env ? String(env.outgoing.getHeader(REQUEST_ID_HEADER) ?? '') : undefined,
      routed: (pattern) => incoming && answerers.set(incoming, pattern),
    });
  });
  /**
   * The served build's files, indexed once when it starts serving; the index of the build before
   * is let go (a request keeps the one it started with), so publishes do not pile up indexes.
   */
  let files: { clientDir: string; serve: Promise<StaticFiles> } | undefined;
  const serveFiles = (clientDir: string) => {
    if (files?.clientDir === clientDir) return files.serve;
    const serve = staticFiles(clientDir, (res, pathname) => {
      res.setHeader(
        'Cache-Control',
        pathname.startsWith(ASSET_PREFIX)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    });
    files = { clientDir, serve };
    return serve;
  };
  const editor = site?.editor;
  // Keystatic's app: one page for all its paths; its scripts are hashed like Astro's assets.
  const serveEditor =
    editor &&
    sirv(editor.dir, {
      single: `${EDITOR_PATH.slice(1)}/index.html`,
      etag: true,
      setHeaders: (res, pathname) => {
        res.setHeader(
          'Cache-Control',
          pathname.startsWith(`${EDITOR_PATH}/assets/`) ? 'private, max-age=31536000, immutable' : 'no-store',
        );
      },
    });
  const editorHeaders = headers.map(([name, value]): [string, string] =>
    name === 'Content-Security-Policy' ? [name, EDITOR_CONTENT_SECURITY_POLICY] : [name, value],
  );

  return (req, res) => {
    logRequest(req, res);
    observe(req, res);
    const path = req.url ?? '/';
    // Another spelling of a path would reach the API through the pages' router, past the checks
    // here (the client address among them): it is sent to the one spelling first (docs/product.md#h9-hardening).
    const normalised = normalisedTarget(path);
    if (normalised !== path) {
      res.writeHead(308, { Location: normalised, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(normalised);
      return;
    }
    const forApi = path === API_BASE_PATH || path.startsWith(`${API_BASE_PATH}/`);
    if (!served.has(req.method ?? '')) {
      const message = MESSAGES.methodNotAllowed;
      res.writeHead(405, {
        Allow: SERVED_METHODS.join(', '),
        'Content-Type': forApi ? 'application/json' : 'text/plain; charset=utf-8',
      });
      res.end(forApi ? JSON.stringify(errorBody(405, message)) : message);
      return;
    }
    compress(req, res, () => {
      if (forApi) return void serveApi(req, res);
      if (!site) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'Nicht gefunden.', statusCode: 404 }));
        return;
      }
      if (editor && serveEditor && (path === EDITOR_PATH || path.startsWith(`${EDITOR_PATH}/`))) {
        answerers.set(req, 'editor');
        void editor.isStaff(req.headers.cookie).then((isStaff) => {
          if (!isStaff) {
            res.writeHead(302, { Location: loginHref(EDITOR_HOME), 'Cache-Control': 'no-store' });
            res.end();
            return;
          }
          for (const [name, value] of editorHeaders) res.setHeader(name, value);
          serveEditor(req, res);
        });
        return;
      }
      for (const [name, value] of path.startsWith(ASSET_PREFIX) ? assetHeaders : headers) res.setHeader(name, value);
      const build = site.served();
      answerers.set(req, 'static');
      void serveFiles(build.clientDir).then((serve) =>
        serve(req, res, () => {
          answerers.set(req, 'page');
          return build.render(req, res);
        }),
      );
    });
  };
}
