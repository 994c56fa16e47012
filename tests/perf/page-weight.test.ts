/**
 * The budget check of the real build (run by `npm test` after building): every pre-rendered page
 * in dist/client, and the pages rendered on request, fetched from the built server on a freshly
 * seeded database.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedEnv, startApiServer } from '../support/processes.ts';
import { budgetFor, checkBudgets, loadBudgets, measureHtml, measureSite, type PageWeight } from './page-weight.ts';

/** Pages rendered by the server on each request, measured as a visitor receives them. */
const ON_REQUEST_ROUTES = ['/departaments/12', '/payment-options', '/success', '/cancel', '/checkout'];

const clientDir = path.resolve('dist/client');
const serverEntry = path.resolve('dist/server/entry.mjs');
const budgets = loadBudgets();

/** The product started on this build (with the site URL it was built for, so nothing is rebuilt). */
async function measureOnRequestPages(): Promise<PageWeight[]> {
  const { siteUrl } = JSON.parse(readFileSync(path.resolve('dist/build-info.json'), 'utf8')) as { siteUrl: string };
  const env = embeddedEnv(mkdtempSync(path.join(tmpdir(), 'hwds-weight-')), { SITE_URL: siteUrl });
  const server = await startApiServer(env, 'src/cli/start.ts');
  try {
    return await Promise.all(
      ON_REQUEST_ROUTES.map(async (route) => {
        const response = await fetch(`${server.baseUrl}${route}`);
        if (!response.ok) throw new Error(`${route} answered ${response.status}`);
        return measureHtml(clientDir, route, await response.text());
      }),
    );
  } finally {
    await server.stop();
  }
}

const weights = existsSync(serverEntry) ? [...(await measureSite(clientDir)), ...(await measureOnRequestPages())] : [];

// Kept for the record (closing notes, trends): the measured bytes of every page.
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/page-weight.json', `${JSON.stringify(weights, null, 2)}\n`);

describe('page weight of the build (gzip bytes)', () => {
  it('finds built pages to measure, the on-request ones included', () => {
    expect(weights.length, 'no build in dist/: run `npm run build` first').toBeGreaterThan(0);
    expect(weights.map((weight) => weight.route)).toEqual(expect.arrayContaining([...ON_REQUEST_ROUTES, '/cart']));
  });

  for (const weight of weights) {
    it(`${weight.route} stays within ${JSON.stringify(budgetFor(weight.route, budgets))}`, () => {
      expect(checkBudgets([weight], budgets)).toEqual([]);
    });
  }
});
