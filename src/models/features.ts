import { englishShare } from '../text/english-markers.ts';
import { ATTACK_MARKER_COUNT, attackMarkers } from './attack-markers.ts';
import { HAZARD_MARKER_COUNT, hazardMarkers } from './hazard-markers.ts';
import { fnv1a, mix } from './hashing.ts';
import type { WordVectors } from './word-vectors.ts';

/**
 * Features of one window of normalised text, shared by training and inference:
 * - sparse: hashed character 4-grams (spelling, other scripts, obfuscation), character bigrams of
 *   scripts written without spaces (Chinese, Japanese, Korean, Thai), and hashed word
 *   unigrams and bigrams, as bucket ids into a learned embedding table;
 * - dense: mean and max of the window's word vectors (semantics that carry to unseen phrasings)
 *   plus script-independent structure (length, punctuation, digits, quoting, vocabulary coverage)
 *   and hand-written attack and hazard markers (attack-markers.ts, hazard-markers.ts).
 */
export interface FeatureShape {
  buckets: number;
  wordDims: number;
}

export const STRUCTURE_FEATURES = 13;

export function denseSize(shape: FeatureShape): number {
  return shape.wordDims * 2 + STRUCTURE_FEATURES + ATTACK_MARKER_COUNT + HAZARD_MARKER_COUNT;
}

export interface WindowFeatures {
  /** Bucket ids (with repeats) of the window's hashed features. */
  sparse: Int32Array;
  dense: Float32Array;
}

const CHAR_SEED = 0x3c6ef372;
const CHAR_N = 4;
const BIGRAM_CHAR_SEED = 0x2545f491;

/** CJK ideographs, kana, Hangul syllables and Thai: scripts whose words are not separated by spaces. */
function isUnspacedScript(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0x0e00 && c <= 0x0e7f) || (c >= 0xf900 && c <= 0xfaff);
}
const WORD_SEED = 0x9e3779b9;
const BIGRAM_SEED = 0x7f4a7c15;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether the code point at `i` is a letter or digit (the word alphabet); ASCII is decided without a regex. */
function isWordCharAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 0x80) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
  return WORD_CHAR.test(String.fromCodePoint(s.codePointAt(i)!));
}

function charLengthAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
}

function nextWordStart(s: string, from: number): number {
  let i = from;
  while (i < s.length && !isWordCharAt(s, i)) i += charLengthAt(s, i);
  return i;
}

function wordEnd(s: string, start: number): number {
  let i = start;
  while (i < s.length && isWordCharAt(s, i)) i += charLengthAt(s, i);
  return i;
}

export class FeatureExtractor {
  readonly shape: FeatureShape;
  readonly #vectors: WordVectors;
  #ids = new Int32Array(4096);

  constructor(vectors: WordVectors, buckets: number) {
    this.#vectors = vectors;
    this.shape = { buckets, wordDims: vectors.dims };
  }

  extract(window: string): WindowFeatures {
    let count = 0;
    const buckets = this.shape.buckets;
    const push = (h: number): void => {
      if (count === this.#ids.length) {
        const grown = new Int32Array(this.#ids.length * 2);
        grown.set(this.#ids);
        this.#ids = grown;
      }
      this.#ids[count++] = h % buckets;
    };

    // Character 4-grams over the window padded with spaces (one per position: a wider range of n
    // costs more memory lookups than it adds in accuracy).
    const padded = ' ' + window + ' ';
    for (let i = 0; i + CHAR_N <= padded.length; i++) push(mix(fnv1a(padded, CHAR_SEED, i, i + CHAR_N)));
    // Scripts written without spaces have short words: their character bigrams are added.
    for (let i = 0; i + 2 <= window.length; i++) {
      if (isUnspacedScript(window.charCodeAt(i)) || isUnspacedScript(window.charCodeAt(i + 1))) push(mix(fnv1a(window, BIGRAM_CHAR_SEED, i, i + 2)));
    }

    const dims = this.shape.wordDims;
    const dense = new Float32Array(denseSize(this.shape));
    const table = this.#vectors.vectors;
    let words = 0;
    let known = 0;
    let longWords = 0;
    let wordChars = 0;
    let previous = -1;
    for (let end = 0, start = nextWordStart(window, 0); start < window.length; start = nextWordStart(window, end)) {
      end = wordEnd(window, start);
      const word = window.slice(start, end);
      words++;
      wordChars += word.length;
      if (word.length > 15) longWords++;
      const wh = fnv1a(word, WORD_SEED);
      push(mix(wh));
      if (previous !== -1) push(mix(Math.imul(previous ^ BIGRAM_SEED, 0x01000193) ^ wh));
      previous = wh;
      const at = this.#vectors.offsetOf(word);
      if (at < 0) continue;
      if (known === 0) for (let d = 0; d < dims; d++) dense[dims + d] = -Infinity;
      known++;
      for (let d = 0; d < dims; d++) {
        const v = table[at + d]!;
        dense[d]! += v;
        if (v > dense[dims + d]!) dense[dims + d] = v;
      }
    }
    if (known > 0) for (let d = 0; d < dims; d++) dense[d]! /= known;

    let nonAscii = 0;
    let digits = 0;
    let punct = 0;
    let quotes = 0;
    let brackets = 0;
    let colons = 0;
    for (let i = 0; i < window.length; i++) {
      const c = window.charCodeAt(i);
      if (c >= 0x80) nonAscii++;
      else if (c >= 48 && c <= 57) digits++;
      else if (c === 34 || c === 39 || c === 96) quotes++;
      else if (c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125 || c === 60 || c === 62) brackets++;
      else if (c === 58) colons++;
      if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) punct++;
    }
    const len = Math.max(1, window.length);
    const s = dims * 2;
    dense[s] = Math.log1p(window.length) / 8;
    dense[s + 1] = Math.log1p(words) / 6;
    dense[s + 2] = words === 0 ? 0 : known / words;
    dense[s + 3] = englishShare(window);
    dense[s + 4] = nonAscii / len;
    dense[s + 5] = digits / len;
    dense[s + 6] = punct / len;
    dense[s + 7] = Math.min(1, quotes / 10);
    dense[s + 8] = brackets / len;
    dense[s + 9] = Math.min(1, colons / 10);
    dense[s + 10] = words === 0 ? 0 : Math.min(2, wordChars / words / 10);
    dense[s + 11] = window.includes('?') ? 1 : 0;
    dense[s + 12] = words === 0 ? 0 : longWords / words;
    attackMarkers(window, dense, s + STRUCTURE_FEATURES);
    hazardMarkers(window, dense, s + STRUCTURE_FEATURES + ATTACK_MARKER_COUNT);
    return { sparse: this.#ids.slice(0, count), dense };
  }
}
