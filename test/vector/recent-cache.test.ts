import assert from 'node:assert/strict';
import { it } from 'node:test';
import { detachedCopy } from '../../src/text/detached-copy.ts';
import { heldText, RecentCache } from '../../src/guardrails/vector/encoder/recent-cache.ts';

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

it('holds the key that keep gives, made once when a value is stored or moved to the current generation', () => {
  const kept: string[] = [];
  const cache = new RecentCache<string, number>(2, (key) => {
    kept.push(key);
    return detachedCopy(key);
  });
  const message = `${'x'.repeat(1000)} interoperability`;
  const word = message.slice(1001);
  assert.equal(
    cache.get(word, (k) => k.length),
    16,
  );
  assert.equal(
    cache.get('interoperability', () => -1),
    16,
    'an equal key finds the value',
  );
  cache.get('a', (k) => k.length);
  cache.get('b', (k) => k.length);
  // 'interoperability' is now in the previous generation: a hit moves it, and keeps its key again.
  assert.equal(
    cache.get('interoperability', () => -1),
    16,
  );
  assert.deepEqual(kept, ['interoperability', 'a', 'b', 'interoperability']);
});

it('a detached copy equals its string, lone surrogates included', () => {
  for (const s of ['', 'plain', 'naïve 東京', '\ud800x\udc00', '😀']) assert.equal(detachedCopy(s), s);
});

it('holds no text key longer than the limit given to heldText, and still answers for it', () => {
  const cache = new RecentCache<string, number>(4, heldText(8));
  let made = 0;
  const make = (k: string) => {
    made++;
    return k.length;
  };
  assert.equal(cache.get('short', make), 5);
  assert.equal(cache.get('a-much-longer-key', make), 17);
  assert.equal(cache.get('a-much-longer-key', make), 17);
  assert.equal(cache.get('short', make), 5);
  assert.equal(cache.size, 1);
  assert.equal(made, 3, 'the long key is made each time, the short one once');
});
