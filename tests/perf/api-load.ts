/**
 * `npm run perf:api`: requests per second and p99 latency of GET /api/departaments and
 * GET /api/departaments/12 with autocannon (loopback, 10 s, 50 connections), each also as a ratio
 * to GET /api/health measured in the same run (what the catalogue costs beyond the bare server),
 * on the embedded PGlite database and, when PERF_DATABASE_URL is set, on PostgreSQL. The API runs
 * both as `npm start` serves it and alone (`npm run start:api`).
 * Results: a table on stdout and test-results/perf-api.json.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { builtSiteUrl, embeddedEnv, startApiServer } from '../support/processes.ts';

const DURATION_SECONDS = 10;
const CONNECTIONS = 50;
const BASELINE = '/api/health';
const PATHS = [BASELINE, '/api/departaments', '/api/departaments/12'];

interface Measurement {
  database: string;
  server: string;
  path: string;
  requestsPerSecond: number;
  /** requestsPerSecond divided by that of /api/health on the same server. */
  ratioToHealth: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function load(url: string, duration: number) {
  return autocannon({ url, connections: CONNECTIONS, duration });
}

const databases: { name: string; env: (dataDir: string) => NodeJS.ProcessEnv }[] = [
  { name: 'PGlite', env: (dataDir) => embeddedEnv(dataDir) },
];
if (process.env.PERF_DATABASE_URL) {
  databases.push({
    name: 'PostgreSQL',
    env: (dataDir) => ({ ...embeddedEnv(dataDir), DATABASE_URL: process.env.PERF_DATABASE_URL }),
  });
}
const servers = [
  { name: 'npm start (site + API)', script: 'src/cli/start.ts' },
  { name: 'npm run start:api', script: 'src/server/main.ts' },
];

const results: Measurement[] = [];
for (const database of databases) {
  for (const server of servers) {
    const siteUrl = builtSiteUrl();
    const env = {
      ...database.env(mkdtempSync(path.join(tmpdir(), 'hwds-perf-'))),
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
    };
    const running = await startApiServer(env, server.script);
    try {
      let baseline = 0;
      for (const route of PATHS) {
        await load(`${running.baseUrl}${route}`, 2); // warm up: JIT, caches, connection pool
        const result = await load(`${running.baseUrl}${route}`, DURATION_SECONDS);
        if (route === BASELINE) baseline = result.requests.average;
        results.push({
          database: database.name,
          server: server.name,
          path: route,
          requestsPerSecond: Math.round(result.requests.average),
          ratioToHealth: Math.round((result.requests.average / baseline) * 100) / 100,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
        });
        console.log(
          `${database.name} · ${server.name} · ${route}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
        );
      }
    } finally {
      await running.stop();
    }
  }
}

console.log(`\nautocannon, loopback, ${DURATION_SECONDS} s, ${CONNECTIONS} connections\n`);
console.log('| Database | Server | Path | req/s | × health | p50 ms | p99 ms | non-2xx | errors |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.server} | ${r.path} | ${r.requestsPerSecond} | ${r.ratioToHealth} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.errors} |`,
  );
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/perf-api.json', `${JSON.stringify(results, null, 2)}\n`);
