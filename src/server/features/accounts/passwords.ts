/** Password hashing with Argon2id at the OWASP minimum (19 MiB memory, 2 passes). */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const; // algorithm: Argon2id (the default)

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Verifying against this when the e-mail is unknown makes both cases take the same time.
const unknownUserHash = hashPassword('no such user, no such password');

/** True when the password matches; with no hash (unknown user) it does the same work and says no. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const matches = await verify(passwordHash ?? (await unknownUserHash), password);
  return passwordHash !== undefined && matches;
}
