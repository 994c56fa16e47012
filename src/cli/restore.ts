/**
 * `npm run restore -- FILE`: replaces the embedded database, the uploads and the generated token
 * secret with those of a backup from `npm run backup`, keeping a backup of what it replaces
 * (docs/operations.md, "Backups"). Refuses while a server holds the database.
 */

import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, databaseDir, restoreBackup } from '../server/backup/backups.ts';
import { protectDataDir } from '../server/data-dir.ts';
import { DatabaseInUseError, lockDatabaseDir } from '../server/db/lock.ts';
import { loadDotEnv, loadSettingsOrExit } from '../server/settings.ts';
import { openBlobStore } from '../server/storage/open-blob-store.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals } = parseArgs({ allowPositionals: true, options: {}, strict: true });
const [file] = positionals;
if (!file || positionals.length > 1) fail('Usage: npm run restore -- FILE   (an archive made by npm run backup)');

loadDotEnv();
const settings = loadSettingsOrExit();
if (settings.databaseUrl) {
  fail(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore, and the uploads where they are kept (docs/operations.md, "Backups").',
  );
}

const dir = databaseDir(settings.dataDir);
protectDataDir(settings.dataDir);
let release: () => void = () => {};
try {
  release = lockDatabaseDir(dir);
} catch (error) {
  if (!(error instanceof DatabaseInUseError)) throw error;
  fail(`Refusing to restore: a server (pid ${error.holder}) is using the database in ${dir}. Stop it first.`);
}
try {
  const { manifest, previous } = await restoreBackup(
    path.resolve(file),
    settings.dataDir,
    await openBlobStore(settings),
  );
  console.log(`Restored the backup of ${manifest.createdAt} with ${manifest.uploads} uploaded files.`);
  if (previous) console.log(`The data it replaced is kept in ${previous}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  release();
}
