import { randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * 96 random bits as 24 lower-case hex characters, for identifiers made on every check (request and
 * event ids). randomUUID draws from Node's cached entropy pool (cryptographically secure), where
 * randomBytes calls into OpenSSL for each id; the UUID's version and variant characters (its third
 * and fourth groups) are left out, so every character kept is random.
 */
function randomHex96(): string {
  const uuid = randomUUID();
  return uuid.slice(0, 8) + uuid.slice(9, 13) + uuid.slice(24);
}

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
  // 80 random bits, taken 20 at a time (5 hex characters) and written as 4 base-32 characters each.
  const hex = randomHex96();
  let tail = '';
  for (let i = 0; i < 20; i += 5) {
    const bits = Number.parseInt(hex.slice(i, i + 5), 16);
    tail += CROCKFORD[(bits >>> 15) & 31]! + CROCKFORD[(bits >>> 10) & 31]! + CROCKFORD[(bits >>> 5) & 31]! + CROCKFORD[bits & 31]!;
  }
  return `${prefix}_${head}${tail}`;
}

/** The id of a request that brought none of its own (`X-Request-Id`): `req_` and 24 hex characters. */
export function newRequestId(): string {
  return `req_${randomHex96()}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
