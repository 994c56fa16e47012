/** Starting the real server and the admin command as separate processes, as a user would. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunResult {
  code: number | null;
  output: string;
}

/** The environment for a child that uses the embedded database in `dataDir`. */
export function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  delete env.DATABASE_URL;
  return env;
}

/** The SITE_URL the build in dist/ was made for, so that starting the product does not rebuild for another. */
export function builtSiteUrl(): string | undefined {
  const info = 'dist/build-info.json';
  return existsSync(info) ? (JSON.parse(readFileSync(info, 'utf8')) as { siteUrl: string }).siteUrl : undefined;
}

export function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  /** What the process wrote to standard output and error so far. */
  output(): string;
  /**
   * Resolves once the server is ready (/api/health/ready answers 200), within `limitMs` (default
   * two minutes: a start that builds takes most of that on a busy two-core machine).
   */
  ready(limitMs?: number): Promise<void>;
  /** Asks the server to stop (SIGTERM); resolves with its exit code once it ended. */
  stop(): Promise<number | null>;
}

// A test that fails or times out before it stops its server must not leave it running: the
// test process ends whatever it started.
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/** Resolves `check()`'s first true answer, asked every 100 ms; throws after `limitMs` or when `giveUp()` says why. */
async function waitFor(what: string, check: () => Promise<boolean>, limitMs: number, giveUp: () => string | undefined) {
  const until = Date.now() + limitMs;
  for (;;) {
    if (await check()) return;
    const reason = giveUp() ?? (Date.now() > until ? `not within ${limitMs} ms` : undefined);
    if (reason) throw new Error(`${what}: ${reason}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a server script (default `npm run start:api`, i.e. src/server/main.ts; or src/cli/start.ts
 * for the whole product) on `port` (default a free one), without waiting for it.
 */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  script = 'src/server/main.ts',
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    baseUrl,
    process: child,
    output: () => output,
    ready: (limitMs = 120_000) =>
      waitFor(
        `the server on port ${port} getting ready`,
        () =>
          fetch(`${baseUrl}/api/health/ready`).then(
            (response) => response.ok,
            () => false,
          ),
        limitMs,
        () => (ended() ? `it ended:\n${output}` : undefined),
      ),
    stop: () =>
      new Promise((resolve) => {
        if (ended()) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Starts a server script as spawnServer does and waits until it is ready. */
export async function startApiServer(
  env: NodeJS.ProcessEnv,
  script = 'src/server/main.ts',
  port?: number,
): Promise<RunningServer> {
  const server = await spawnServer(env, script, port);
  await server.ready();
  return server;
}
