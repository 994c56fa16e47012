/**
 * PGlite is an embedded database: one process may open its folder at a time. A lock file beside
 * the folder names the process holding it, so a second server or the admin command refuses to
 * open it instead of corrupting it. A lock left by a process that no longer runs is taken over.
 */
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  /** The process holding the database. */
  readonly holder: number | undefined;
  constructor(message: string, holder?: number) {
    super(message);
    this.holder = holder;
  }
}

/** Whether the process `pid` runs on this machine. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock for `databaseDir` or throws DatabaseInUseError; returns the release function. */
export function lockDatabaseDir(databaseDir: string): () => void {
  const lockFile = `${databaseDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8') === String(process.pid)) unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DatabaseInUseError(
          `The database in ${databaseDir} is in use by another process (pid ${holder}), e.g. a running server. ` +
            'Stop it first, or use PostgreSQL (DATABASE_URL), which many processes can share.',
          holder,
        );
      }
      unlinkSync(lockFile); // stale: its process is gone
    }
  }
  throw new DatabaseInUseError(`Could not lock ${databaseDir}`);
}
