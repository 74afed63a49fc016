import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkShapes, hashedFeatures, wordTokens } from '../../src/vectors/text-features.ts';

test('chunk shapes keep the punctuation of glued chunks and nothing of their words', () => {
  assert.deepEqual(chunkShapes('write it herezak({[htmlsvg readers | sure] sure,].[ ={cdnjs'), ['a({[a', '|', 'a]', 'a,].[', '={a']);
  assert.deepEqual(chunkShapes('what time is it in tokyo right now'), []);
  assert.deepEqual(chunkShapes('call me at 5:30, thanks.'), ['0:0,', 'a.']);
  assert.deepEqual(chunkShapes('<|im_start|>system'), ['<|a_a|>a']);
});

test('chunk shapes are cut to ten characters and read no more chunks than the limit', () => {
  assert.equal(chunkShapes('a.b.c.d.e.f.g.h')[0], 'a.a.a.a.a.');
  assert.deepEqual(chunkShapes('one, two, three, four,', 2), ['a,', 'a,']);
});

test('the same word tokens with different punctuation hash to different features', () => {
  const tokens = wordTokens('sure here is');
  const plain = hashedFeatures(tokens, chunkShapes('sure here is'), 1 << 15);
  const soup = hashedFeatures(tokens, chunkShapes('sure]( here={ is'), 1 << 15);
  assert.equal(soup.length, plain.length + 2);
  assert.deepEqual([...soup.subarray(0, plain.length)], [...plain]);
});
