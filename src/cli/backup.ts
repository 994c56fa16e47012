/**
 * `npm run backup`: a consistent backup of the embedded database, the uploads and the generated
 * token secret, as one archive in DATA_DIR/backups (docs/operations.md, "Backups"). A running server makes it
 * when asked over its backup socket; without a server the command opens the database itself.
 * PostgreSQL has its own tools (pg_dump), so the command refuses there.
 */
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { requestBackup } from '../server/backup/backup-socket.ts';
import { BackupError, createBackup, databaseDir } from '../server/backup/backups.ts';
import { protectDataDir } from '../server/data-dir.ts';
import { DatabaseInUseError, lockDatabaseDir } from '../server/db/lock.ts';
import { loadDotEnv, loadSettingsOrExit, type Settings } from '../server/settings.ts';
import { pausableWrites } from '../server/storage/blob-store.ts';
import { openBlobStore } from '../server/storage/open-blob-store.ts';

async function backupWithoutServer(settings: Settings): Promise<string> {
  const dir = databaseDir(settings.dataDir);
  if (!existsSync(dir)) throw new BackupError(`There is no database in ${dir} to back up.`);
  let release: () => void;
  try {
    release = lockDatabaseDir(dir);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    throw new BackupError(
      `The server holding ${dir} (pid ${error.holder}) does not answer on its backup socket: stop it, then run npm run backup again.`,
    );
  }
  try {
    protectDataDir(settings.dataDir);
    const blobs = pausableWrites(await openBlobStore(settings));
    const client = await PGlite.create(dir);
    try {
      return await createBackup({ client, blobs, dataDir: settings.dataDir });
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

loadDotEnv();
const settings = loadSettingsOrExit();
if (settings.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump, and the uploads where they are kept (docs/operations.md, "Backups").',
  );
  process.exit(1);
}
try {
  const file = (await requestBackup(settings.dataDir)) ?? (await backupWithoutServer(settings));
  console.log(`Backup written to ${file}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
