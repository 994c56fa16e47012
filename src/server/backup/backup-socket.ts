/**
 * How `npm run backup` asks a running server for a backup: HTTP over a Unix socket in
 * DATA_DIR/backups, a folder only the data's owner may enter, so only whoever may read the
 * database anyway can ask. Never reachable over the network.
 */
import { chmod, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import path from 'node:path';
import * as v from 'valibot';
import { log } from '../log.ts';
import { BackupError, backupsDir, ensureBackupsDir } from './backups.ts';

const REQUEST = { method: 'POST', path: '/backups' } as const;

const ReplySchema = v.union([v.object({ file: v.string() }), v.object({ error: v.string() })]);

const socketPath = (backupsDir: string) => path.join(backupsDir, 'server.sock');

/** Makes a backup per request, until closed. A socket that cannot be made only costs live backups. */
export async function serveBackupRequests(
  dataDir: string,
  backup: () => Promise<string>,
): Promise<() => Promise<void>> {
  const socket = socketPath(await ensureBackupsDir(dataDir));
  // A socket file left by a process that died: this process holds the database lock now.
  await rm(socket, { force: true });
  const server = createServer((incoming, outgoing) => {
    const reply = (status: number, body: v.InferOutput<typeof ReplySchema>) =>
      outgoing.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (incoming.method !== REQUEST.method || incoming.url !== REQUEST.path)
      return reply(404, { error: 'unknown request' });
    backup().then(
      (file) => reply(201, { file }),
      (error: unknown) => {
        log.error({ err: error }, 'backup failed');
        reply(500, { error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
    await chmod(socket, 0o600);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ socket, reason }, 'npm run backup cannot reach this server; stop it to back up');
    return async () => {};
  }
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the server holding the database in `dataDir` for a backup; undefined when none listens. */
export function requestBackup(dataDir: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const call = request({ ...REQUEST, socketPath: socketPath(backupsDir(dataDir)) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        const parsed = v.safeParse(ReplySchema, body);
        const reply = parsed.success ? parsed.output : { error: 'no answer' };
        if ('file' in reply) resolve(reply.file);
        else reject(new BackupError(`The server could not make the backup: ${reply.error}`));
      });
    });
    call.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? resolve(undefined) : reject(error),
    );
    call.end();
  });
}
