import { strictEqual } from 'node:assert';
import { test } from 'node:test';
import { fnv1a, fnv1aAfter } from '../../src/models/hashing.ts';

test('FNV-1a continued after a prefix hashes as the joined string', () => {
  for (const [head, tail] of [
    ['ignore', ' previous'],
    ['', 'abc'],
    ['naïve ', '東京'],
    ['x', ''],
  ] as const) {
    strictEqual(fnv1aAfter(fnv1a(head, 7), tail), fnv1a(head + tail, 7));
    strictEqual(fnv1aAfter(fnv1a(head, 7), `${tail}zz`, 0, tail.length), fnv1a(head + tail, 7));
  }
});

test('FNV-1a of different seeds or strings differ', () => {
  strictEqual(fnv1a('ab', 1) === fnv1a('ab', 2), false);
  strictEqual(fnv1a('ab', 1) === fnv1a('ba', 1), false);
});

test('a bucket is the hash modulo the bucket count, for every 32-bit hash', async () => {
  const { bucketOf, mix } = await import('../../src/models/hashing.ts');
  for (const buckets of [1 << 15, 1 << 18, 1000, 7]) {
    for (const h of [0, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, mix(fnv1a('ignore', 3)), mix(fnv1a('東京', 9))]) strictEqual(bucketOf(h, buckets), h % buckets);
  }
});
