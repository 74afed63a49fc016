/**
 * Words of a normalised text found by index, so that the hot paths hash a word in place instead of
 * slicing it out. What counts as a word character is the caller's choice of the two predicates below.
 */

/** Whether the code point at index `i` of `s` belongs to a word. */
export type WordCharTest = (s: string, i: number) => boolean;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER_MARK_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;

function isAsciiLetterOrDigit(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** Letters and digits: the detector's word features. ASCII is decided without a regex. */
export const isLetterOrDigitAt: WordCharTest = (s, i) => {
  const c = s.charCodeAt(i);
  return c < 0x80 ? isAsciiLetterOrDigit(c) : LETTER_OR_DIGIT.test(String.fromCodePoint(s.codePointAt(i)!));
};

/** Letters, combining marks and digits: whole words of scripts that write vowels as marks (Devanagari, Bengali). */
export const isLetterMarkOrDigitAt: WordCharTest = (s, i) => {
  const c = s.charCodeAt(i);
  return c < 0x80 ? isAsciiLetterOrDigit(c) : LETTER_MARK_OR_DIGIT.test(String.fromCodePoint(s.codePointAt(i)!));
};

function charLengthAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
}

/** Index of the first word character at or after `from` (`s.length` when there is none). */
export function nextWordStart(s: string, from: number, isWordChar: WordCharTest): number {
  let i = from;
  while (i < s.length && !isWordChar(s, i)) i += charLengthAt(s, i);
  return i;
}

/** Index just past the word that starts at `start`. */
export function wordEnd(s: string, start: number, isWordChar: WordCharTest): number {
  let i = start;
  while (i < s.length && isWordChar(s, i)) i += charLengthAt(s, i);
  return i;
}
