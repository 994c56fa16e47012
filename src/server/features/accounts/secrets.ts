/** Random tokens (256 bit) for links and refresh tokens; only their SHA-256 is ever stored. */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const randomToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Where a generated JWT secret is kept. */
export const jwtSecretFile = (dataDir: string): string => path.join(dataDir, 'jwt-secret');

/**
 * The JWT secret: JWT_SECRET when set, else one generated on first start and kept (mode 0600)
 * in the data folder, so tokens survive restarts without anyone having to make one up.
 */
export function jwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = jwtSecretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
