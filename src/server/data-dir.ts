/**
 * The data folder holds password hashes, tokens' secret, customers' mail and uploads: only the
 * account that runs the product may read it (docs/product.md#h9-hardening). Every process that
 * writes there first calls this: what it creates from then on is private to its owner (0600 files,
 * 0700 folders, the embedded database's included), and the folder itself is closed to others,
 * which also covers files an earlier version left readable.
 */
import { chmodSync, mkdirSync } from 'node:fs';

export function protectDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
