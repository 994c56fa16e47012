/**
 * The data folder holds password hashes, tokens' secret, customers' mail and uploads: only the
 * account that runs the product may read it (docs/product.md#h9-hardening). Every process that
 * writes there first calls this: what it creates from then on is private to its owner (0600 files,
 * 0700 folders), and the folder itself is closed to others, which also covers files an earlier
 * version left readable.
 */
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function protectDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

/**
 * Makes every file (0600) and folder (0700) under `folder` private. For the embedded database,
 * whose own file system writes its files readable by everyone whatever the umask: called after
 * it opened (and migrated) and after it closed.
 */
export function makePrivate(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) chmodSync(path.join(entry.parentPath, entry.name), 0o700);
    else if (entry.isFile()) chmodSync(path.join(entry.parentPath, entry.name), 0o600);
  }
}
