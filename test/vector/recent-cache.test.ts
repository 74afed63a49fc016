import assert from 'node:assert/strict';
import { it } from 'node:test';
import { RecentCache } from '../../src/vectors/recent-cache.ts';

it('computes a value once while it is used, holds at most two generations and forgets what went unused', () => {
  const cache = new RecentCache<string, { key: string }>(3);
  const made: string[] = [];
  const make = (key: string) => {
    made.push(key);
    return { key };
  };
  const first = cache.get('a', make);
  assert.equal(cache.get('a', make), first, 'a held key is not made again');
  for (const key of ['b', 'c', 'd', 'e', 'f']) cache.get(key, make);
  assert.ok(cache.size <= 6, `held ${cache.size}`);
  // 'a' was used again after the first generation filled: still held.
  cache.get('a', make);
  assert.deepEqual(made, ['a', 'b', 'c', 'd', 'e', 'f']);
  for (const key of ['g', 'h', 'i', 'j', 'k', 'l', 'm']) cache.get(key, make);
  assert.ok(cache.size <= 6, `held ${cache.size}`);
  assert.notEqual(cache.get('b', make), undefined);
  assert.equal(made.at(-1), 'b', 'a key unused for two generations is made again');
});
