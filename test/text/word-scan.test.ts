import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isLetterMarkOrDigitAt, isLetterOrDigitAt, isWhiteSpaceCode } from '../../src/text/word-scan.ts';

test('white space is what a regular expression reads as white space, for every code unit', () => {
  for (let c = 0; c < 0x10000; c++) assert.equal(isWhiteSpaceCode(c), /\s/.test(String.fromCharCode(c)), `U+${c.toString(16)}`);
});

test('word characters are the letters, digits (and marks) of every code point, including past the Basic Multilingual Plane', () => {
  const letterOrDigit = /[\p{L}\p{N}]/u;
  const letterMarkOrDigit = /[\p{L}\p{M}\p{N}]/u;
  for (let c = 0; c < 0x10000; c++) {
    const s = String.fromCharCode(c);
    assert.equal(isLetterOrDigitAt(s, 0), letterOrDigit.test(s), `U+${c.toString(16)}`);
    assert.equal(isLetterMarkOrDigitAt(s, 0), letterMarkOrDigit.test(s), `U+${c.toString(16)}`);
  }
  // A mathematical bold letter, a mathematical digit, an emoji and a combining mark of another plane.
  for (const [s, word, withMarks] of [
    ['𝐀', true, true],
    ['𝟙', true, true],
    ['😀', false, false],
    ['\u{1d167}', false, true],
  ] as const) {
    assert.equal(isLetterOrDigitAt(s, 0), word, s);
    assert.equal(isLetterMarkOrDigitAt(s, 0), withMarks, s);
  }
});
