import { bucketOf, fnv1a, fnv1aAfter, mix } from '../../../models/hashing.ts';

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
    const shape = chunkShape(m[0]);
    if (shape !== undefined) out.push(shape);
  }
  return out;
}

/** The shape of one whitespace-separated chunk (see `chunkShapes`), or undefined when it holds no punctuation. */
export function chunkShape(chunk: string): string | undefined {
  return PUNCTUATION.test(chunk) ? chunk.replace(LETTER_RUN, 'a').replace(DIGIT_RUN, '0').slice(0, MAX_SHAPE_CHARS) : undefined;
}

/** Bucket ids (with repeats) of the boundary-marked character n-grams of one word token. */
export function ngramBuckets(token: string, buckets: number): number[] {
  const out: number[] = [];
  const marked = `<${token.slice(0, MAX_WORD_CHARS)}>`;
  for (let n = NGRAM_MIN; n <= NGRAM_MAX; n++) {
    if (marked.length < n) break;
    for (let i = 0; i + n <= marked.length; i++) out.push(bucketOf(mix(fnv1a(marked, NGRAM_SEED + n, i, i + n)), buckets));
  }
  return out;
}

/** Bucket id of the bigram of two consecutive word tokens. */
export function bigramBucket(previous: string, token: string, buckets: number): number {
  return bigramBucketAfter(bigramHead(previous), token, buckets);
}

/** The hash of a bigram's first token and the space after it: computed once per token, it leaves `bigramBucketAfter` only the second token to hash. */
export function bigramHead(previous: string): number {
  return fnv1a(`${previous} `, BIGRAM_SEED);
}

/** `bigramBucket` of the token whose `bigramHead` is `head`, then `token`. */
export function bigramBucketAfter(head: number, token: string, buckets: number): number {
  return bucketOf(mix(fnv1aAfter(head, token)), buckets);
}

/** Bucket ids of a chunk shape: the shape itself and its coarsened form. */
export function shapeBuckets(shape: string, buckets: number): [number, number] {
  return [
    bucketOf(mix(fnv1a(shape, SHAPE_SEED)), buckets),
    bucketOf(
      mix(
        fnv1a(
          shape.replace(PUNCTUATION_RUN, (run) => (run.length > 1 ? 'P' : 'p')),
          COARSE_SHAPE_SEED,
        ),
      ),
      buckets,
    ),
  ];
}

/** Bucket ids (with repeats) of the hashed features of `tokens` and chunk `shapes`, in [0, buckets). */
export function hashedFeatures(tokens: readonly string[], shapes: readonly string[], buckets: number): Int32Array {
  const ids: number[] = [];
  for (let t = 0; t < tokens.length; t++) {
    ids.push(...ngramBuckets(tokens[t]!, buckets));
    if (t > 0) ids.push(bigramBucket(tokens[t - 1]!, tokens[t]!, buckets));
  }
  for (const shape of shapes) ids.push(...shapeBuckets(shape, buckets));
  return Int32Array.from(ids);
}
