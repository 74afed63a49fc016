import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors.ts';
import { loadStrengthEstimator, passwordProblem, type StrengthEstimator } from './password-strength.ts';

/**
 * Argon2id (the package's default algorithm) with the OWASP-recommended minimum: 19 MiB of memory,
 * 2 passes, 1 lane: a sign-in stays quick while guessing stays dear (docs/performance.md).
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

/** The password policy of one appliance or CLI run; its strength estimator is loaded on first use and kept. */
export class PasswordPolicy {
  #estimator: Promise<StrengthEstimator> | undefined;

  /** The new password of `username` once it meets the policy (see password-strength.ts); `invalid_field` naming the reason otherwise. */
  async validateNew(password: unknown, username: string): Promise<string> {
    if (typeof password !== 'string') throw new AppError('invalid_field', 'The new password must be a string.');
    this.#estimator ??= loadStrengthEstimator();
    const problem = passwordProblem(password, username, await this.#estimator);
    if (problem) throw new AppError('invalid_field', problem);
    return password;
  }
}
