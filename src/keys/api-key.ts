import { hash, randomInt, timingSafeEqual } from 'node:crypto';

/** Recognisable prefix: secret scanners and humans can tell a Rampart key at a glance. */
export const API_KEY_PREFIX = 'rmp_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 43 base-62 characters carry 256 bits of entropy.
const SECRET_LENGTH = 43;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);

export function generateApiKey(): string {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET[randomInt(ALPHABET.length)]!;
  return API_KEY_PREFIX + secret;
}

export function looksLikeApiKey(candidate: string): boolean {
  return KEY_PATTERN.test(candidate);
}

/**
 * Keys are random with 256 bits of entropy, so a plain SHA-256 is a safe one-way hash (no salt or
 * slow KDF needed, unlike passwords), and it is an exact lookup key.
 */
export function hashApiKey(key: string): string {
  return hash('sha256', key);
}

/** Constant-time comparison of two hex hashes of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The part of a key that may be shown again later (its last four characters). */
export function keyHint(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}
