/**
 * The real build's pages (run by `npm test` after building): every pre-rendered page in
 * dist/client, and the pages rendered on request, fetched from the built server on a freshly
 * seeded database with the realistic category of five photos and twelve articles. Each stays
 * within its byte budget, and its markup is valid HTML (html-validate's recommended rules).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { embeddedEnv, run, startApiServer } from '../support/processes.ts';
import { createCategory, logIn, REALISTIC_CATEGORIES } from '../support/realistic-shop.ts';
import { budgetFor, checkBudgets, loadBudgets, measureHtml, measureSite, type PageWeight } from './page-weight.ts';

/** Pages rendered by the server on each request, measured as a visitor receives them. */
const ON_REQUEST_ROUTES = ['/departaments/12', '/payment-options', '/success', '/cancel', '/checkout'];

const clientDir = path.resolve('dist/client');
const serverEntry = path.resolve('dist/server/entry.mjs');
const budgets = loadBudgets();

/** A new connection's first flight: TCP's initial window of ten segments (RFC 6928). */
const FIRST_FLIGHT_BYTES = 10 * 1460;
const ADMIN = { userEmail: 'admin@hwds-weight.test', password: 'Gewicht-2026!A' };

/** The bytes of a response as the server sends it to a browser that takes brotli: status line, headers and body. */
function bytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        bytes += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      }
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The product started on this build (with the site URL it was built for, so nothing is rebuilt):
 * the on-request pages' weights, and the bytes it sends for the realistic category with five
 * photos and twelve articles, as staff fill it.
 */
async function measureOnRequestPages(): Promise<{
  weights: PageWeight[];
  fivePhotosBytes: number;
  html: Map<string, string>;
}> {
  const { siteUrl } = JSON.parse(readFileSync(path.resolve('dist/build-info.json'), 'utf8')) as { siteUrl: string };
  const env = embeddedEnv(mkdtempSync(path.join(tmpdir(), 'hwds-weight-')), { SITE_URL: siteUrl });
  const created = await run('src/cli/create-admin.ts', ['--email', ADMIN.userEmail, '--password', ADMIN.password], env);
  if (created.code !== 0) throw new Error(`create-admin failed:\n${created.output}`);
  const server = await startApiServer(env, 'src/cli/start.ts');
  try {
    const html = new Map<string, string>();
    const weights = await Promise.all(
      ON_REQUEST_ROUTES.map(async (route) => {
        const response = await fetch(`${server.baseUrl}${route}`);
        if (!response.ok) throw new Error(`${route} answered ${response.status}`);
        html.set(route, await response.text());
        return measureHtml(clientDir, route, html.get(route) as string);
      }),
    );
    const send = (apiPath: string, init?: RequestInit) => fetch(`${server.baseUrl}/api${apiPath}`, init);
    const admin = await logIn(send, ADMIN.userEmail, ADMIN.password);
    const fivePhotos = await createCategory(send, admin, REALISTIC_CATEGORIES.fivePhotos);
    const fivePhotosPage = `/departaments/${fivePhotos.id}`;
    html.set(fivePhotosPage, await (await fetch(`${server.baseUrl}${fivePhotosPage}`)).text());
    return { weights, fivePhotosBytes: await bytesSent(`${server.baseUrl}${fivePhotosPage}`), html };
  } finally {
    await server.stop();
  }
}

const onRequest = existsSync(serverEntry) ? await measureOnRequestPages() : undefined;
const weights = onRequest ? [...(await measureSite(clientDir)), ...onRequest.weights] : [];

// Kept for the record (closing notes, trends): the measured bytes of every page.
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/page-weight.json', `${JSON.stringify(weights, null, 2)}\n`);

describe('page weight of the build (gzip bytes)', () => {
  it('finds built pages to measure, the on-request ones included', () => {
    expect(weights.length, 'no build in dist/: run `npm run build` first').toBeGreaterThan(0);
    expect(weights.map((weight) => weight.route)).toEqual(expect.arrayContaining([...ON_REQUEST_ROUTES, '/cart']));
  });

  // On a slow line every further round trip delays the first paint (docs/product.md#h11-speed).
  it(`a category page with five photos and twelve articles arrives in a new connection's first flight (${FIRST_FLIGHT_BYTES} bytes)`, () => {
    expect(onRequest?.fivePhotosBytes).toBeLessThanOrEqual(FIRST_FLIGHT_BYTES);
  });

  for (const weight of weights) {
    it(`${weight.route} stays within ${JSON.stringify(budgetFor(weight.route, budgets))}`, () => {
      expect(checkBudgets([weight], budgets)).toEqual([]);
    });
  }
});

/**
 * html-validate's recommended rules, but for what React's own server markup requires: camel-cased
 * attributes (`autoComplete`, `noValidate`), self-closed void elements (`<input/>`), boolean
 * attributes written with a value (`disabled=""`), and `useId`'s ids, which begin with '_'
 * (`_r1R_1_`, so ids are checked as HTML defines them; ours must also begin with a letter, below).
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'attr-case': 'off',
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'valid-id': ['error', { relaxed: true }],
  },
});

const builtPages = (dir: string): [string, string][] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && !file.startsWith('editor'))
    .map((file) => [`/${file}`, readFileSync(path.join(dir, file), 'utf8')]);

const pagesToValidate = onRequest ? [...builtPages(clientDir), ...onRequest.html] : [];

describe('markup of the build', () => {
  it('covers every built page and the pages rendered on request', () => {
    expect(pagesToValidate.length).toBeGreaterThan(ON_REQUEST_ROUTES.length + 50);
  });

  for (const [page, html] of pagesToValidate) {
    it(`${page} is valid HTML, its own ids beginning with a letter`, async () => {
      const report = await validator.validateString(html, page);
      const problems = report.results.flatMap((result) =>
        result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
      );
      expect(problems).toEqual([]);
      const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map(([, id]) => id ?? '');
      expect(ids.filter((id) => !/^[\p{L}_]/u.test(id))).toEqual([]);
    });
  }
});
