/**
 * `npm run perf:publish [-- --publishes N]`: the server's memory over a series of publishes
 * (docs/product.md#d38-content-editor). The product starts as `npm start` starts it, on a copy of
 * the content and a data folder of its own; an admin changes a model's price and publishes, N
 * times (default 10), and after each publish the pages of every kind are requested (pre-rendered,
 * rendered on request, the 404 page). After the start and after publishes 1, 2, 5 and 10 the
 * server's memory is read: the resident set from /proc, the JavaScript heap after a full garbage
 * collection through the inspector, which the server is started with. Needs a build (`npm run build`).
 * Results: a table on stdout and test-results/perf-publish-memory.json.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseDocument } from 'yaml';
import { builtSiteUrl, embeddedEnv, freePort, run } from '../support/processes.ts';
import { logIn } from '../support/realistic-shop.ts';

const { values } = parseArgs({ options: { publishes: { type: 'string', default: '10' } } });
const PUBLISHES = Number(values.publishes);
const MEASURED = new Set([1, 2, 5, 10, PUBLISHES]);
const ADMIN = { email: 'perf-admin@hwds-perf.test', password: 'Perf-2026!Admin' };
const PAGES = [
  '/',
  '/hotel',
  '/privacypolicy',
  '/departaments/12',
  '/checkout',
  '/reset-password/abc',
  '/gibt-es-nicht',
];

interface Measurement {
  after: string;
  rssMb: number;
  heapUsedMb: number;
}

const root = mkdtempSync(path.join(tmpdir(), 'hwds-perf-publish-'));
const contentDir = path.join(root, 'content');
cpSync('content', contentDir, { recursive: true });
const env = embeddedEnv(path.join(root, 'data'), {
  CONTENT_DIR: contentDir,
  HOST: '127.0.0.1',
  PORT: String(await freePort()),
  ...(builtSiteUrl() ? { SITE_URL: builtSiteUrl() as string } : {}),
  LOG_LEVEL: 'warn',
});
const admin = await run('src/cli/create-admin.ts', ['--email', ADMIN.email, '--password', ADMIN.password], env);
if (admin.code !== 0) throw new Error(admin.output);

const server = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'src/cli/start.ts'], { env });
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const base = `http://127.0.0.1:${env.PORT}`;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 2400; attempt++) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not happen:\n${output}`);
}

const inspectorUrl = await waitFor('the inspector', async () => output.match(/ws:\/\/\S+/)?.[0]);
await waitFor('the start', async () => ((await fetch(`${base}/api/health/ready`)).ok ? true : undefined));

/** The server's inspector (Chrome DevTools Protocol): a full garbage collection, then the heap's use. */
const inspector = new WebSocket(inspectorUrl);
await new Promise((resolve, reject) => {
  inspector.onopen = resolve;
  inspector.onerror = reject;
});
let nextId = 1;
function command(method: string): Promise<Record<string, number>> {
  const id = nextId++;
  return new Promise((resolve) => {
    inspector.addEventListener('message', function answer(event) {
      const message = JSON.parse(String(event.data)) as { id?: number; result: Record<string, number> };
      if (message.id !== id) return;
      inspector.removeEventListener('message', answer);
      resolve(message.result);
    });
    inspector.send(JSON.stringify({ id, method }));
  });
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function measure(after: string): Promise<Measurement> {
  await command('HeapProfiler.collectGarbage');
  const { usedSize = 0 } = await command('Runtime.getHeapUsage');
  const rssKb = Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]);
  const measurement = { after, rssMb: megabytes(rssKb * 1024), heapUsedMb: megabytes(usedSize) };
  console.log(`${after}: RSS ${measurement.rssMb} MB, heap ${measurement.heapUsedMb} MB`);
  return measurement;
}

async function requestPages() {
  for (const page of PAGES) {
    const response = await fetch(`${base}${page}`);
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`${page} answered ${response.status}`);
  }
}

/**
 * A new price for the first model, saved as the editor saves it (the content tree is in the
 * server's database): each release differs from the one before, as after an editor's change.
 */
async function changePrice(step: number, accessToken: string) {
  const session = await fetch(`${base}/api/editor/session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const headers = { Cookie: (session.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '', 'no-cors': '1' };
  const tree = (await (await fetch(`${base}/api/keystatic/tree`, { headers })).json()) as {
    path: string;
    sha: string;
  }[];
  const sha = tree.find((entry) => entry.path === 'models.yaml')?.sha;
  const text = await (await fetch(`${base}/api/keystatic/blob/${sha}/models.yaml`, { headers })).text();
  const document = parseDocument(text);
  const price = document.getIn(['models', 0, 'price']) as number;
  document.setIn(['models', 0, 'price'], price + step);
  const contents = Buffer.from(document.toString()).toString('base64url');
  const saved = await fetch(`${base}/api/keystatic/update`, {
    method: 'POST',
    headers: { ...headers, Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ additions: [{ path: 'models.yaml', contents }], deletions: [] }),
  });
  if (!saved.ok) throw new Error(`the save answered ${saved.status}: ${await saved.text()}`);
}

const results: Measurement[] = [];
try {
  const accessToken = await logIn((apiPath, init) => fetch(`${base}/api${apiPath}`, init), ADMIN.email, ADMIN.password);
  // Twice: the first requests fill what every server keeps once (compiled code, caches).
  await requestPages();
  await requestPages();
  results.push(await measure('start'));
  for (let publish = 1; publish <= PUBLISHES; publish++) {
    await changePrice(publish, accessToken);
    const started = Date.now();
    const answer = await fetch(`${base}/api/editor/publish`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    if (!answer.ok) throw new Error(`publish ${publish}: ${answer.status} ${await answer.text()}`);
    console.log(`publish ${publish}: ${Math.round((Date.now() - started) / 1000)} s`);
    await requestPages();
    if (MEASURED.has(publish)) results.push(await measure(`publish ${publish}`));
  }
} finally {
  inspector.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(root, { recursive: true, force: true });
}

console.log('\n| After | RSS MB | Heap used MB |');
console.log('|---|---:|---:|');
for (const r of results) console.log(`| ${r.after} | ${r.rssMb} | ${r.heapUsedMb} |`);
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/perf-publish-memory.json', `${JSON.stringify(results, null, 2)}\n`);
