import { fnv1a, mix } from '../models/hashing.ts';

/**
 * What the sentence encoder reads from normalised text (lower case, homoglyphs and leetspeak
 * folded): word tokens, looked up in the word-vector table, and hashed sub-word features — character
 * 3- and 4-grams of each word with boundary marks (misspellings, inflections, words the table lacks,
 * other scripts), word bigrams (short phrases such as "ignore previous") and the shapes of
 * whitespace-separated chunks that contain punctuation (see `chunkShapes`), each also coarsened: a
 * run of punctuation becomes `p` (one mark) or `P` (several), so `a](a` and `a";a` share a feature —
 * a soup made of marks never seen in training is still built like one. Shared by training and
 * inference, so both see exactly the same features.
 */
export const MAX_TOKENS = 2048;
/** Character n-grams come from at most this many characters of a word (long runs are base64, hex…). */
const MAX_WORD_CHARS = 32;
const NGRAM_MIN = 3;
const NGRAM_MAX = 4;
const NGRAM_SEED = 0x51ed270b;
const BIGRAM_SEED = 0x2c1b3c6d;
const SHAPE_SEED = 0x6a09e667;
const COARSE_SHAPE_SEED = 0x3c6ef372;
/** A run of punctuation in a shape (letters and digits are already `a` and `0`). */
const PUNCTUATION_RUN = /[^a0]+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const CHUNK = /\S+/gu;
const PUNCTUATION = /[^\p{L}\p{N}]/u;
const LETTER_RUN = /\p{L}+/gu;
const DIGIT_RUN = /\p{N}+/gu;
/** A chunk's shape keeps this many characters: enough for glued runs such as `a({[a`. */
const MAX_SHAPE_CHARS = 10;

export function wordTokens(normalised: string, limit = MAX_TOKENS): string[] {
  const out: string[] = [];
  for (const m of normalised.matchAll(WORD)) {
    out.push(m[0]);
    if (out.length === limit) break;
  }
  return out;
}

/**
 * The shapes of the whitespace-separated chunks that contain punctuation: letter runs become `a`,
 * digit runs `0`, punctuation stays (`zorbak({[xmlpad` → `a({[a`, `done.` → `a.`). Words alone drop
 * punctuation, which left the encoder blind to optimisation-style token soup (`sure,].[`,
 * `={libjs`) and chat-template markup (`<|im_start|>`); a shape says how a chunk is built, not
 * what it says. At most `limit` chunks are read, like `wordTokens`.
 */
export function chunkShapes(normalised: string, limit = MAX_TOKENS): string[] {
  const out: string[] = [];
  let chunks = 0;
  for (const m of normalised.matchAll(CHUNK)) {
    if (++chunks > limit) break;
    if (PUNCTUATION.test(m[0])) out.push(m[0].replace(LETTER_RUN, 'a').replace(DIGIT_RUN, '0').slice(0, MAX_SHAPE_CHARS));
  }
  return out;
}

/** Bucket ids (with repeats) of the hashed features of `tokens` and chunk `shapes`, in [0, buckets). */
export function hashedFeatures(tokens: readonly string[], shapes: readonly string[], buckets: number): Int32Array {
  let ids = new Int32Array(Math.max(16, tokens.length * 12));
  let count = 0;
  const push = (h: number): void => {
    if (count === ids.length) {
      const grown = new Int32Array(ids.length * 2);
      grown.set(ids);
      ids = grown;
    }
    ids[count++] = mix(h) % buckets;
  };
  for (let t = 0; t < tokens.length; t++) {
    const marked = `<${tokens[t]!.slice(0, MAX_WORD_CHARS)}>`;
    for (let n = NGRAM_MIN; n <= NGRAM_MAX; n++) {
      if (marked.length < n) break;
      for (let i = 0; i + n <= marked.length; i++) push(fnv1a(marked, NGRAM_SEED + n, i, i + n));
    }
    if (t > 0) push(fnv1a(`${tokens[t - 1]} ${tokens[t]}`, BIGRAM_SEED));
  }
  for (const shape of shapes) {
    push(fnv1a(shape, SHAPE_SEED));
    push(fnv1a(shape.replace(PUNCTUATION_RUN, (run) => (run.length > 1 ? 'P' : 'p')), COARSE_SHAPE_SEED));
  }
  return ids.subarray(0, count);
}
