import { messageParts } from '../../src/guardrails/vector/encoder/message-parts.ts';
import { chunkShapes, hashedFeatures, MAX_TOKENS, wordTokens } from '../../src/guardrails/vector/encoder/text-features.ts';

/**
 * Texts turned into what the encoder model consumes, in compressed-row form: per text the distinct
 * vocabulary words it contains with their counts, and its distinct hashed features with their share
 * of all hashed features (the encoder averages them).
 */
export interface FeaturisedTexts {
  count: number;
  wordStart: Int32Array;
  wordIds: Int32Array;
  wordCounts: Float32Array;
  hashStart: Int32Array;
  hashIds: Int32Array;
  hashWeights: Float32Array;
}

/**
 * Training steps read at most this many tokens a text (long templates say what they are early, and
 * steps stay cheap); validation scores read as many as inference (MAX_TOKENS).
 */
export const TRAIN_MAX_TOKENS = 256;

class Growable {
  ints = new Int32Array(1 << 16);
  floats = new Float32Array(1 << 16);
  length = 0;
  push(id: number, value: number): void {
    if (this.length === this.ints.length) {
      const ints = new Int32Array(this.ints.length * 2);
      ints.set(this.ints);
      this.ints = ints;
      const floats = new Float32Array(this.floats.length * 2);
      floats.set(this.floats);
      this.floats = floats;
    }
    this.ints[this.length] = id;
    this.floats[this.length++] = value;
  }
}

export function featurise(texts: readonly string[], vocabulary: ReadonlyMap<string, number>, buckets: number, maxTokens = MAX_TOKENS): FeaturisedTexts {
  const words = new Growable();
  const hashes = new Growable();
  const wordStart = new Int32Array(texts.length + 1);
  const hashStart = new Int32Array(texts.length + 1);
  texts.forEach((text, i) => {
    const tokens = wordTokens(text, maxTokens);
    const counts = new Map<number, number>();
    for (const t of tokens) {
      const id = vocabulary.get(t);
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    for (const [id, c] of counts) words.push(id, c);
    wordStart[i + 1] = words.length;
    const hashed = hashedFeatures(tokens, chunkShapes(text, maxTokens), buckets);
    const shares = new Map<number, number>();
    for (const b of hashed) shares.set(b, (shares.get(b) ?? 0) + 1 / hashed.length);
    for (const [b, s] of shares) hashes.push(b, s);
    hashStart[i + 1] = hashes.length;
  });
  return {
    count: texts.length,
    wordStart,
    wordIds: words.ints.slice(0, words.length),
    wordCounts: words.floats.slice(0, words.length),
    hashStart,
    hashIds: hashes.ints.slice(0, hashes.length),
    hashWeights: hashes.floats.slice(0, hashes.length),
  };
}

/** Features of texts and of their parts, as the filter scores them (message-parts.ts). */
export interface FeaturisedWithParts {
  /** Row i < texts.length is text i; the rows after it are parts. */
  data: FeaturisedTexts;
  /** Per text, the rows of `data` holding its parts (none for a text that fits in one part). */
  partRows: number[][];
}

export function featuriseWithParts(
  texts: readonly string[],
  vocabulary: ReadonlyMap<string, number>,
  buckets: number,
  maxTokens = MAX_TOKENS,
): FeaturisedWithParts {
  const all = [...texts];
  const partRows = texts.map((text) =>
    messageParts(text)
      .slice(1)
      .map((part) => all.push(part) - 1),
  );
  return { data: featurise(all, vocabulary, buckets, maxTokens), partRows };
}
