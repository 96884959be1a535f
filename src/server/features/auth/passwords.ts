import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (an ambient const enum cannot be read with isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The parameters a stored hash was made with (to check them, or rehash when they change). */
export function passwordHashParameters(passwordHash: string) {
  return parseOptions(passwordHash);
}

let decoy: Promise<string> | null = null;

/**
 * Spends the time of a real password check when there is no account to check against, so a
 * failed sign-in takes as long whether or not the email exists.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-for-unknown-accounts');
  await verifyPassword(await decoy, password);
}
