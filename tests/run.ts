/**
 * `npm test`: builds the product once, runs every vitest project (unit, api, page weight), runs
 * the API suite again on PostgreSQL when TEST_DATABASE_URL is set, then the Playwright suite
 * against the product started as `npm start` starts it. Ends with one line: `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');

interface Counts {
  passed: number;
  failed: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function run(title: string, script: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  console.log(`\n── ${title} ──`);
  const result = spawnSync(process.execPath, [path.join(root, script), ...args], { cwd: root, env, stdio: 'inherit' });
  return result.status === 0;
}

function readJson(file: string): Record<string, unknown> | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
}

/** Vitest's JSON report; a file that failed to load counts as one failure. */
function vitestCounts(file: string): Counts | undefined {
  const report = readJson(file);
  if (!report) return undefined;
  const failed = Number(report.numFailedTests) + (report.success === false && !report.numFailedTests ? 1 : 0);
  return { passed: Number(report.numPassedTests), failed };
}

/** Playwright's JSON report; flaky tests passed on retry, global errors (server start) count as failures. */
function playwrightCounts(file: string): Counts | undefined {
  const report = readJson(file) as { stats?: Record<string, number>; errors?: unknown[] } | undefined;
  if (!report?.stats) return undefined;
  const { expected = 0, flaky = 0, unexpected = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected + (unexpected === 0 && report.errors?.length ? 1 : 0) };
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  // The build bakes in the site URL; build for the address the e2e server will have.
  SITE_URL: baseUrl,
  E2E_PORT: String(port),
  E2E_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hwds-e2e-')),
};
delete env.DATABASE_URL; // the default suites run on the embedded database

const totals: Counts = { passed: 0, failed: 0 };
const add = (counts: Counts | undefined, stepSucceeded: boolean) => {
  totals.passed += counts?.passed ?? 0;
  totals.failed += counts?.failed ?? (stepSucceeded ? 0 : 1);
};

const built = run('build', 'node_modules/astro/bin/astro.mjs', ['build'], env);
add(undefined, built);

const vitestReport = path.join(resultsDir, 'vitest.json');
const vitestOk = run(
  'vitest: unit, api, page weight',
  'node_modules/vitest/vitest.mjs',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  env,
);
add(vitestCounts(vitestReport), vitestOk);

if (process.env.TEST_DATABASE_URL) {
  const postgresReport = path.join(resultsDir, 'vitest-postgres.json');
  const postgresEnv = { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL };
  const ok = run(
    'vitest: api on PostgreSQL',
    'node_modules/vitest/vitest.mjs',
    ['run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${postgresReport}`],
    postgresEnv,
  );
  add(vitestCounts(postgresReport), ok);
}

if (built) {
  const playwrightOk = run('playwright: end to end', 'node_modules/@playwright/test/cli.js', ['test'], env);
  add(playwrightCounts(path.join(resultsDir, 'playwright.json')), playwrightOk);
}

const summary = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync(path.join(resultsDir, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(totals.failed > 0 ? 1 : 0);
