/** 32-bit FNV-1a over UTF-16 code units, seedable so different feature families land in different buckets. */
export function fnv1a(s: string, seed: number, from = 0, to = s.length): number {
  return fnv1aAfter((0x811c9dc5 ^ seed) >>> 0, s, from, to);
}

/** FNV-1a continued from `hash`, a hash of what comes before `s`: `fnv1aAfter(fnv1a(a, seed), b)` is `fnv1a(a + b, seed)`. */
export function fnv1aAfter(hash: number, s: string, from = 0, to = s.length): number {
  let h = hash;
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Final avalanche so that nearby hashes spread over the bucket range. */
export function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * `h % buckets` for a hash `h` in [0, 2^32) and a bucket count that is a positive integer below 2^32
 * (a model's): with a power-of-two count, the same value from the low bits, which spares a
 * floating-point remainder for every hash past 2^31 (not a small integer).
 */
export function bucketOf(h: number, buckets: number): number {
  return (buckets & (buckets - 1)) === 0 ? h & (buckets - 1) : h % buckets;
}
