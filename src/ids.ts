import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Time-sortable identifiers with a type prefix (`llm_`, `key_`, `evt_` ...): 10 base-32 characters of
 * milliseconds then 16 random ones, so ids sort by creation time and never collide in practice.
 */
export function newId(prefix: string): string {
  let time = Date.now();
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[time % 32]! + head;
    time = Math.floor(time / 32);
  }
  const bytes = randomBytes(16);
  let tail = '';
  for (const b of bytes) tail += CROCKFORD[b & 31]!;
  return `${prefix}_${head}${tail}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
