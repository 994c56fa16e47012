/**
 * A throwaway PostgreSQL cluster on a free loopback port, from the machine's PostgreSQL binaries
 * (as .ci/run starts one), for tests that stop and start the database server: the shared server
 * of DATABASE_URL is never stopped. As root its tools run as the postgres user, as PostgreSQL
 * refuses to run as root.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.ts';

const exec = promisify(execFile);

/** The newest PostgreSQL's binaries on this machine (Debian's layout), or undefined without any. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin/initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest && path.join(root, newest, 'bin');
}

export interface PostgresCluster {
  /** postgres://…/postgres on the cluster. */
  url: string;
  /** Stops the server (fast: open connections are ended, as in a restart); resolves when it is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? exec('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : exec(path.join(bin, tool), args);
  const dir = mkdtempSync('/tmp/hwds-pg-');
  if (asRoot) chownSync(dir, Number((await exec('id', ['-u', 'postgres'])).stdout.trim()), -1);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'hwds', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']);
  };
  const stop = async () => {
    await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://hwds@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: async () => {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
