/**
 * The database for a command run beside the server (`create-admin`, `content:export|import`): its
 * data folder kept private, and an embedded database a running server holds refused in one line.
 */
import { protectDataDir } from '../server/data-dir.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/database.ts';
import { DatabaseInUseError } from '../server/db/lock.ts';
import { databaseLocation } from '../server/runtime.ts';
import type { Settings } from '../server/settings.ts';

export async function openCommandDatabase(settings: Settings): Promise<DatabaseHandle> {
  try {
    protectDataDir(settings.dataDir);
    return await openDatabase(databaseLocation(settings));
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
