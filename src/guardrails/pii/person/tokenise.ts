/** Token kinds of the PERSON model's tokeniser. */
export const WORD = 0;
export const NUMBER = 1;
export const PUNCT = 2;

/**
 * Tokens of a text in parallel arrays. The arrays may be longer than the text needs (see TokenBuffer),
 * so only the first `count` entries belong to it.
 */
export interface Tokens {
  count: number;
  start: Int32Array;
  end: Int32Array;
  kind: Uint8Array;
  /** 1 when a line break (or the start of the text) precedes the token. */
  lineStart: Uint8Array;
  /** Word tokens only: 1 when every letter is Latin script (the model was trained on Latin-script names). */
  latin: Uint8Array;
}

function allocate(capacity: number): Tokens {
  return {
    count: 0,
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    kind: new Uint8Array(capacity),
    lineStart: new Uint8Array(capacity),
    latin: new Uint8Array(capacity),
  };
}

/**
 * Token arrays reused from one text to the next, grown when a text needs more: the owner (a PERSON
 * recogniser) tokenises one text at a time and keeps no tokens between calls.
 */
export class TokenBuffer {
  #tokens = allocate(1024);

  /** Arrays long enough for a text of `length` UTF-16 units (which has at most one token per unit). */
  forText(length: number): Tokens {
    if (this.#tokens.start.length < length) this.#tokens = allocate(length);
    return this.#tokens;
  }
}

const LETTER = /[\p{L}\p{M}]/u;

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isLetter(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return isAsciiLetter(c);
  return LETTER.test(text[i]!);
}

/** Latin letters, IPA letters used by Latin alphabets (Azerbaijani "ə"), combining marks, Latin Extended Additional. */
function isLatinLetter(c: number): boolean {
  return c < 0x2b0 || (c >= 0x1e00 && c <= 0x1eff) || (c >= 0x300 && c <= 0x36f);
}

/**
 * Splits text into words (letters with inner apostrophes or hyphens: O'Brien, Jean-Luc), digit
 * runs and single punctuation marks, keeping UTF-16 offsets. A hand-written scanner: the PII scan
 * budget is a fraction of a millisecond and a regex tokeniser costs several times more. The tokens
 * go into `buffer`'s arrays (overwriting the previous text's), else into new ones.
 */
export function tokenise(text: string, buffer?: TokenBuffer): Tokens {
  const tokens = buffer ? buffer.forText(text.length) : allocate(text.length);
  tokens.count = 0;
  let lineStart = true;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    if (c === 10) {
      lineStart = true;
      i++;
      continue;
    }
    const begin = i;
    let kind: number;
    let latin = true;
    if (isLetter(text, i)) {
      kind = WORD;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (isLetter(text, i)) {
          if (d >= 128 && !isLatinLetter(d)) latin = false;
          i++;
        } else if ((d === 39 || d === 0x2019 || d === 45) && i + 1 < n && isLetter(text, i + 1)) {
          i++;
        } else break;
      }
    } else if (c >= 48 && c <= 57) {
      kind = NUMBER;
      while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      kind = PUNCT;
      i += 2;
    } else if (c >= 128 && /\s/.test(text[i]!)) {
      i++;
      continue;
    } else {
      kind = PUNCT;
      i++;
    }
    const k = tokens.count++;
    tokens.start[k] = begin;
    tokens.end[k] = i;
    tokens.kind[k] = kind;
    tokens.lineStart[k] = lineStart ? 1 : 0;
    tokens.latin[k] = latin ? 1 : 0;
    lineStart = false;
  }
  return tokens;
}
