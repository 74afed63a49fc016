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
