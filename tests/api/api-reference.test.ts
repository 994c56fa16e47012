/**
 * The API reference (docs/product.md#api-reference): the OpenAPI document names every product
 * route, the endpoint table of docs/api.md is the one written from it, and the interactive reference is
 * served from this server only, and only with API_DOCS on. What the document says about each
 * answer is checked in api-contract.test.ts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument } from '../../src/server/features/api-docs/api-document.ts';
import {
  endpointTable,
  TABLE_END,
  TABLE_START,
  withEndpointTable,
} from '../../src/server/features/api-docs/endpoint-table.ts';
import { answer, createTestApi, type TestApi } from './support/test-api.ts';

let api: TestApi;
let document: ApiDocument;

beforeAll(async () => {
  api = await createTestApi();
  document = (await answer<ApiDocument>(api.request('GET', '/openapi.json'))).body;
});

afterAll(() => api.close());

/**
 * The reference's own routes and the sandbox's emulators are not product routes; the content
 * editor's exist only on the site's own server, for its page (docs/product.md#d38-content-editor).
 */
const NOT_DOCUMENTED = /^\/api\/(sandbox\/|editor\/|docs|openapi\.json$)/;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 for the API base the browser uses', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/api' }]);
  });

  it('documents every route of the product, and none of the sandbox emulators', () => {
    const routes = api.app.routes
      .filter((route) => route.method !== 'ALL' && !NOT_DOCUMENTED.test(route.path))
      .map((route) => `${route.method} ${route.path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(new Set(documented)).toEqual(new Set(routes));
    expect(documented.length).toBeGreaterThanOrEqual(37);
    expect(api.app.routes.some((route) => route.path.startsWith('/api/sandbox/'))).toBe(true);
  });

  it('is the one the endpoint table of docs/api.md was written from (npm run docs:api)', () => {
    const reference = readFileSync('docs/api.md', 'utf8');
    const table = reference
      .slice(reference.indexOf(TABLE_START) + TABLE_START.length, reference.indexOf(TABLE_END))
      .trim();
    expect(table, 'docs/api.md is out of date: run npm run docs:api').toBe(endpointTable(document));
    expect(withEndpointTable(reference, endpointTable(document))).toBe(reference);
  });
});

describe('the interactive reference', () => {
  it('is a page of this server, with Swagger UI served from the package', async () => {
    const page = await api.request('GET', '/docs');
    expect(page.status).toBe(200);
    const csp = page.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    const html = await page.text();
    expect(html).toContain('data-url="/api/openapi.json"');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    for (const source of sources) {
      const asset = await api.request('GET', source.replace(/^\/api/, ''));
      expect(asset.status, source).toBe(200);
      expect(asset.headers.get('Content-Type')).toMatch(/^text\/(css|javascript); charset=utf-8$/);
      expect((await asset.text()).length).toBeGreaterThan(100);
    }
    expect((await api.request('GET', '/docs/package.json')).status).toBe(404);
  });

  it('is not served with API_DOCS off; the document still is', async () => {
    const production = await createTestApi({ apiDocs: false });
    try {
      expect((await production.request('GET', '/docs')).status).toBe(404);
      expect((await production.request('GET', '/docs/swagger-ui-bundle.js')).status).toBe(404);
      expect((await production.request('GET', '/openapi.json')).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
