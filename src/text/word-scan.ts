/**
 * Words of a normalised text found by index, so that the hot paths hash a word in place instead of
 * slicing it out. What counts as a word character is the caller's choice of the two predicates below.
 */

/** Whether the code point at index `i` of `s` belongs to a word. */
export type WordCharTest = (s: string, i: number) => boolean;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER_MARK_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;
const IS_LETTER_OR_DIGIT = 1;
const IS_LETTER_MARK_OR_DIGIT = 2;

/**
 * The two classes of every code point of the Basic Multilingual Plane, decided once by the regular
 * expressions above when the module loads: text in other scripts is then read
 * by table, without a regular expression per character. Code points past it are tested as before.
 */
const BMP_CLASSES: Readonly<Uint8Array> = (() => {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < table.length; c++) {
    const ch = String.fromCharCode(c);
    table[c] = (LETTER_OR_DIGIT.test(ch) ? IS_LETTER_OR_DIGIT : 0) | (LETTER_MARK_OR_DIGIT.test(ch) ? IS_LETTER_MARK_OR_DIGIT : 0);
  }
  return table;
})();

function isSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdfff;
}

/** Whether a code point is a letter or a digit (`[\p{L}\p{N}]`). */
export function isLetterOrDigitCode(cp: number): boolean {
  return cp < 0x10000 ? (BMP_CLASSES[cp]! & IS_LETTER_OR_DIGIT) !== 0 : LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
}

/** Letters and digits: the detector's word features. */
export const isLetterOrDigitAt: WordCharTest = (s, i) => {
  const c = s.charCodeAt(i);
  return isSurrogate(c) ? isLetterOrDigitCode(s.codePointAt(i)!) : (BMP_CLASSES[c]! & IS_LETTER_OR_DIGIT) !== 0;
};

/** Letters, combining marks and digits: whole words of scripts that write vowels as marks (Devanagari, Bengali). */
export const isLetterMarkOrDigitAt: WordCharTest = (s, i) => {
  const c = s.charCodeAt(i);
  return isSurrogate(c) ? LETTER_MARK_OR_DIGIT.test(String.fromCodePoint(s.codePointAt(i)!)) : (BMP_CLASSES[c]! & IS_LETTER_MARK_OR_DIGIT) !== 0;
};

/** Whether a UTF-16 code unit is white space exactly as `\s` in a regular expression reads it (tab to carriage return, Unicode's space separators, line and paragraph separators, BOM). */
export function isWhiteSpaceCode(c: number): boolean {
  if (c < 0x80) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

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
