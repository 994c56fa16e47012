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
  stop(): Promise<number | null>;
}

// A test that fails or times out before it stops its server must not leave it running: the
// test process ends whatever it started.
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * Starts a server script (default `npm run start:api`, i.e. src/server/main.ts; or src/cli/start.ts
 * for the whole product) on `port` (default a free one) and waits until /api/health answers.
 */
export async function startApiServer(
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
  for (let attempt = 0; ; attempt++) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (attempt > 1200 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
