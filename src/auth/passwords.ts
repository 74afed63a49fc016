import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors.ts';

/**
 * Argon2id (the package's default algorithm) with the OWASP-recommended minimum: 19 MiB of memory,
 * 2 passes, 1 lane — about 15 ms per hash here, so a sign-in stays quick while guessing stays dear.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Constant-time comparison inside argon2; false (never an exception) for a malformed stored hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 24 characters from an unambiguous alphabet: about 140 bits, easy to type from a file. */
export function randomPassword(length = 24): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)]!;
  return password;
}

/** The password policy: length is what matters (NIST SP 800-63B); no composition rules. */
export function validateNewPassword(password: unknown, username: string): string {
  if (typeof password !== 'string') throw new AppError('invalid_field', 'The new password must be a string.');
  if ([...password].length < MIN_PASSWORD_LENGTH)
    throw new AppError('invalid_field', `The new password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new AppError('invalid_field', `The new password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  if (password.toLowerCase().includes(username.toLowerCase())) throw new AppError('invalid_field', 'The new password must not contain the user name.');
  return password;
}
