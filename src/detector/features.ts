import { ENGLISH_MARKERS } from '../text/english-markers.ts';
import { ATTACK_MARKER_COUNT, ATTACK_PATTERNS } from './attack-markers.ts';
import { GatedPatterns } from './gated-patterns.ts';
import { HAZARD_MARKER_COUNT, HAZARD_PATTERNS } from './hazard-markers.ts';
import { isLetterOrDigitAt, nextWordStart, wordEnd } from '../text/word-scan.ts';
import { bucketOf, fnv1a, mix } from '../models/hashing.ts';
import { WORD_SEED, type WordVectors } from './word-vectors.ts';

/**
 * Features of one window of normalised text, shared by training and inference:
 * - sparse: hashed character 4-grams (spelling, other scripts, obfuscation), character bigrams of
 *   scripts written without spaces (Chinese, Japanese, Korean, Thai), and hashed word
 *   unigrams and bigrams, as bucket ids into a learned embedding table;
 * - dense: mean and max of the window's word vectors (semantics that carry to unseen phrasings)
 *   plus script-independent structure (length, punctuation, digits, quoting, vocabulary coverage,
 *   the "token soup" of optimised adversarial suffixes) and hand-written attack and hazard markers
 *   (attack-markers.ts, hazard-markers.ts).
 */
export interface FeatureShape {
  buckets: number;
  wordDims: number;
}

export const STRUCTURE_FEATURES = 16;

export function denseSize(shape: FeatureShape): number {
  return shape.wordDims * 2 + STRUCTURE_FEATURES + ATTACK_MARKER_COUNT + HAZARD_MARKER_COUNT;
}

/**
 * Features of one window. Both arrays are views into the extractor's buffers, valid until its next
 * `extract` call (copy them to keep them).
 */
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
  return (
    (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0x0e00 && c <= 0x0e7f) || (c >= 0xf900 && c <= 0xfaff)
  );
}
const BIGRAM_SEED = 0x7f4a7c15;

/** Attack then hazard markers, behind one gate (gated-patterns.ts): one scan of the window for both. */
export const MARKERS = new GatedPatterns([...ATTACK_PATTERNS, ...HAZARD_PATTERNS]);

/** Hashes of the frequent English words (english-markers.ts), keyed like the word features. */
const ENGLISH_HASHES: ReadonlySet<number> = new Set([...ENGLISH_MARKERS].map((w) => fnv1a(w, WORD_SEED)));

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** ASCII punctuation and symbols other than the apostrophe and hyphen that words contain. */
function isSymbol(c: number): boolean {
  return c !== 39 && c !== 45 && ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126));
}

/** Share of the last quarter of `flags[0..n)` that is set (the tail of a text, where optimised suffixes go). */
function tailShare(flags: Uint8Array, n: number): number {
  if (n < 4) return 0;
  const from = n - Math.max(2, n >> 2);
  let set = 0;
  for (let i = from; i < n; i++) set += flags[i]!;
  return set / (n - from);
}

export class FeatureExtractor {
  readonly shape: FeatureShape;
  readonly #vectors: WordVectors;
  #ids = new Int32Array(4096);
  #count = 0;
  readonly #dense: Float32Array;
  #odd = new Uint8Array(512);
  #unknown = new Uint8Array(512);
  /** Per word-vector row, the `extract` call whose window last took the row into its maximum. */
  readonly #maxedIn: Int32Array;
  #call = 0;
  /** State of the whitespace token being read, and the counts of the window's tokens (see `#countCharacters`). */
  readonly #tokens = { count: 0, odd: 0, letters: 0, symbols: 0, length: 0, firstSymbol: false, lastSymbol: false };
  /** Word counts of the window being read (see `#addWords`). */
  readonly #words = { words: 0, known: 0, english: 0, longWords: 0, wordChars: 0 };
  /** Character-class counts of the window being read (see `#countCharacters`). */
  readonly #chars = { nonAscii: 0, digits: 0, punct: 0, quotes: 0, brackets: 0, colons: 0 };

  constructor(vectors: WordVectors, buckets: number) {
    this.#vectors = vectors;
    this.shape = { buckets, wordDims: vectors.dims };
    this.#dense = new Float32Array(denseSize(this.shape));
    this.#maxedIn = new Int32Array(vectors.scales.length);
  }

  #push(h: number): void {
    if (this.#count === this.#ids.length) {
      const grown = new Int32Array(this.#ids.length * 2);
      grown.set(this.#ids);
      this.#ids = grown;
    }
    this.#ids[this.#count++] = bucketOf(h, this.shape.buckets);
  }

  #closeToken(): void {
    const t = this.#tokens;
    if (t.length === 0) return;
    const inner = t.symbols - (t.firstSymbol ? 1 : 0) - (t.lastSymbol && t.length > 1 ? 1 : 0);
    const odd = t.letters > 0 && inner > 0 ? 1 : 0;
    if (t.count === this.#odd.length) this.#odd = growBytes(this.#odd);
    this.#odd[t.count++] = odd;
    t.odd += odd;
    t.letters = t.symbols = t.length = 0;
  }

  /**
   * The 4-grams of ` ${window} `, each hashed as `fnv1a(padded, CHAR_SEED, i, i + 4)` would, with the
   * padding read in place and each character read once as the window slides.
   */
  #pushCharGrams(window: string): void {
    const n = window.length + 2;
    if (n < CHAR_N) return;
    const start = (0x811c9dc5 ^ CHAR_SEED) >>> 0;
    let a = 32;
    let b = window.charCodeAt(0);
    let c = window.charCodeAt(1);
    for (let i = 0; i + CHAR_N <= n; i++) {
      const d = i + 3 === n - 1 ? 32 : window.charCodeAt(i + 2);
      let h = start;
      h = Math.imul(h ^ a, 0x01000193);
      h = Math.imul(h ^ b, 0x01000193);
      h = Math.imul(h ^ c, 0x01000193);
      h = Math.imul(h ^ d, 0x01000193);
      this.#push(mix(h >>> 0));
      a = b;
      b = c;
      c = d;
    }
  }

  /** Character bigrams of scripts written without spaces, whose words are short. */
  #pushUnspacedBigrams(window: string): void {
    for (let i = 0; i + 2 <= window.length; i++) {
      if (isUnspacedScript(window.charCodeAt(i)) || isUnspacedScript(window.charCodeAt(i + 1))) this.#push(mix(fnv1a(window, BIGRAM_CHAR_SEED, i, i + 2)));
    }
  }

  /**
   * The words of the window: their hashed unigrams and bigrams, the mean and maximum of their word
   * vectors into the start of `dense`, and the counts the structure features read (`#words`).
   */
  #addWords(window: string, dense: Float32Array): void {
    const dims = this.shape.wordDims;
    const { q, scales } = this.#vectors;
    this.#call = (this.#call + 1) | 0;
    if (this.#call === 0) {
      // After 2^32 calls the numbers come round again: forget which call took which row.
      this.#maxedIn.fill(0);
      this.#call = 1;
    }
    const call = this.#call;
    let words = 0;
    let known = 0;
    let english = 0;
    let longWords = 0;
    let wordChars = 0;
    let previous = -1;
    for (let end = 0, start = nextWordStart(window, 0, isLetterOrDigitAt); start < window.length; start = nextWordStart(window, end, isLetterOrDigitAt)) {
      end = wordEnd(window, start, isLetterOrDigitAt);
      const wh = fnv1a(window, WORD_SEED, start, end);
      if (words === this.#unknown.length) this.#unknown = growBytes(this.#unknown);
      words++;
      wordChars += end - start;
      if (end - start > 15) longWords++;
      if (ENGLISH_HASHES.has(wh)) english++;
      this.#push(mix(wh));
      if (previous !== -1) this.#push(mix(Math.imul(previous ^ BIGRAM_SEED, 0x01000193) ^ wh));
      previous = wh;
      const row = this.#vectors.rowOfHash(wh);
      this.#unknown[words - 1] = row < 0 ? 1 : 0;
      if (row < 0) continue;
      if (known === 0) for (let d = 0; d < dims; d++) dense[dims + d] = -Infinity;
      known++;
      const at = row * dims;
      const scale = scales[row]!;
      if (this.#maxedIn[row] === call) {
        // A word seen before in this window: the maximum already holds its values.
        for (let d = 0; d < dims; d++) dense[d]! += q[at + d]! * scale;
        continue;
      }
      this.#maxedIn[row] = call;
      for (let d = 0; d < dims; d++) {
        const v = q[at + d]! * scale;
        dense[d]! += v;
        if (v > dense[dims + d]!) dense[dims + d] = v;
      }
    }
    if (known > 0) for (let d = 0; d < dims; d++) dense[d]! /= known;
    const w = this.#words;
    w.words = words;
    w.known = known;
    w.english = english;
    w.longWords = longWords;
    w.wordChars = wordChars;
  }

  /**
   * Counts the window's character classes (`#chars`) and reads its whitespace tokens (`#tokens`):
   * tokens with symbols inside letters ("oppositeley.](", "**one") are the token soup of optimised
   * adversarial suffixes. Leading and trailing punctuation does not count.
   */
  #countCharacters(window: string): void {
    let nonAscii = 0;
    let digits = 0;
    let punct = 0;
    let quotes = 0;
    let brackets = 0;
    let colons = 0;
    const t = this.#tokens;
    t.count = t.odd = t.letters = t.symbols = t.length = 0;
    for (let i = 0; i < window.length; i++) {
      const c = window.charCodeAt(i);
      if (c === 32) {
        this.#closeToken();
        continue;
      }
      const symbol = isSymbol(c);
      if (t.length === 0) t.firstSymbol = symbol;
      t.lastSymbol = symbol;
      t.length++;
      if (symbol) t.symbols++;
      else if (isAsciiLetter(c) || c >= 0x80) t.letters++;
      if (c >= 0x80) nonAscii++;
      else if (c >= 48 && c <= 57) digits++;
      else if (c === 34 || c === 39 || c === 96) quotes++;
      else if (c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125 || c === 60 || c === 62) brackets++;
      else if (c === 58) colons++;
      if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) punct++;
    }
    this.#closeToken();
    const k = this.#chars;
    k.nonAscii = nonAscii;
    k.digits = digits;
    k.punct = punct;
    k.quotes = quotes;
    k.brackets = brackets;
    k.colons = colons;
  }

  /** The script-independent structure features, from the counts of `#addWords` and `#countCharacters`, at `dense[s..s + STRUCTURE_FEATURES)`. */
  #fillStructure(window: string, dense: Float32Array, s: number): void {
    const { words, known, english, longWords, wordChars } = this.#words;
    const { nonAscii, digits, punct, quotes, brackets, colons } = this.#chars;
    const tokens = this.#tokens.count;
    const oddTokens = this.#tokens.odd;
    const len = Math.max(1, window.length);
    dense[s] = Math.log1p(window.length) / 8;
    dense[s + 1] = Math.log1p(words) / 6;
    dense[s + 2] = words === 0 ? 0 : known / words;
    dense[s + 3] = words < 3 ? 0 : english / words;
    dense[s + 4] = nonAscii / len;
    dense[s + 5] = digits / len;
    dense[s + 6] = punct / len;
    dense[s + 7] = Math.min(1, quotes / 10);
    dense[s + 8] = brackets / len;
    dense[s + 9] = Math.min(1, colons / 10);
    dense[s + 10] = words === 0 ? 0 : Math.min(2, wordChars / words / 10);
    dense[s + 11] = window.includes('?') ? 1 : 0;
    dense[s + 12] = words === 0 ? 0 : longWords / words;
    dense[s + 13] = tokens === 0 ? 0 : oddTokens / tokens;
    dense[s + 14] = tailShare(this.#odd, tokens);
    dense[s + 15] = tailShare(this.#unknown, words);
  }

  extract(window: string): WindowFeatures {
    this.#count = 0;
    // Character 4-grams over the window padded with spaces (one per position: a wider range of n
    // costs more memory lookups than it adds in accuracy).
    this.#pushCharGrams(window);
    this.#pushUnspacedBigrams(window);
    const dense = this.#dense;
    dense.fill(0);
    this.#addWords(window, dense);
    this.#countCharacters(window);
    const s = this.shape.wordDims * 2;
    this.#fillStructure(window, dense, s);
    MARKERS.fill(window, dense, s + STRUCTURE_FEATURES);
    return { sparse: this.#ids.subarray(0, this.#count), dense };
  }
}

function growBytes(a: Uint8Array): Uint8Array<ArrayBuffer> {
  const grown = new Uint8Array(a.length * 2);
  grown.set(a);
  return grown;
}
