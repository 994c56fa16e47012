/**
 * `GET /openapi.json`, the API's OpenAPI document, always; and with API_DOCS on, the interactive
 * reference at `/docs` (Swagger UI, served from the package, so it needs nothing from the internet).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono, type Schema } from 'hono';
import { html } from 'hono/html';
import type { ApiDependencies, ApiEnv } from '../../context.ts';
import { ApiError, MESSAGES } from '../../http/errors.ts';
import { type ApiDocument, apiDocument } from './api-document.ts';

const swaggerUiDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page's own script: no inline script, so the page's policy allows scripts from this origin only. */
const START_SCRIPT = `SwaggerUIBundle({
  url: document.getElementById('swagger-ui').dataset.url,
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

/** The page's files by name: Swagger UI's own, read once when first asked for, and the start script. */
const ASSETS = new Map([
  ['swagger-ui.css', { type: 'text/css', read: () => readFile(path.join(swaggerUiDir(), 'swagger-ui.css'), 'utf8') }],
  [
    'swagger-ui-bundle.js',
    { type: 'text/javascript', read: () => readFile(path.join(swaggerUiDir(), 'swagger-ui-bundle.js'), 'utf8') },
  ],
  ['start.js', { type: 'text/javascript', read: async () => START_SCRIPT }],
]);

// Swagger UI sets style attributes and shows icons as data: images.
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The document and the reference of `app`, whose routes live below `basePath`. */
export function apiDocsRoutes(app: Hono<ApiEnv, Schema, string>, basePath: string, deps: ApiDependencies) {
  let document: Promise<ApiDocument> | undefined;
  const routes = new Hono<ApiEnv>().get('/openapi.json', async (c) => {
    document ??= apiDocument(app, basePath, deps.publicApiBase);
    return c.json(await document);
  });
  if (!deps.apiDocs) return routes;

  const loaded = new Map<string, Promise<string>>();
  const base = deps.publicApiBase;
  return routes
    .get('/docs', (c) => {
      c.header('Content-Security-Policy', PAGE_POLICY);
      return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>HWDS API reference</title>
    <link rel="stylesheet" href="${base}/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui" data-url="${base}/openapi.json"></div>
    <script src="${base}/docs/swagger-ui-bundle.js"></script>
    <script src="${base}/docs/start.js"></script>
  </body>
</html>`);
    })
    .get('/docs/:asset', async (c) => {
      const name = c.req.param('asset');
      const asset = ASSETS.get(name);
      if (!asset) throw new ApiError(404, MESSAGES.notFound);
      const content = loaded.get(name) ?? asset.read();
      loaded.set(name, content);
      return c.body(await content, 200, {
        'Content-Type': `${asset.type}; charset=utf-8`,
        'Cache-Control': 'public, max-age=86400',
      });
    });
}
