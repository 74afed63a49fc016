/**
 * "Nameness" of a word from its spelling alone: a logistic model over hashed character n-grams
 * (two to five characters of "^word$"), trained on given and family names against everyday words
 * of many languages. It generalises to names never seen ("-ová", "-escu", "Mc-", "-ijer") and gives
 * the token model a smooth prior where the name lexicon has no entry.
 */

/** Hash buckets of the n-gram weights (2^NAMENESS_BITS). */
export const NAMENESS_BITS = 18;
const MIN_GRAM = 2;
const MAX_GRAM = 5;
/** Longer words are read up to this many characters (names are shorter; the rest is noise). */
const MAX_CHARS = 30;
/** Size of a buffer that holds the n-grams of any word. */
export const MAX_GRAMS = (MAX_CHARS + 2) * (MAX_GRAM - MIN_GRAM + 1);
const BEGIN = 94; // ^
const END = 36; // $

/** Weights as trained (float, scale 1) or as shipped (int8 × scale). */
export interface NamenessModel {
  weights: Float32Array | Int8Array;
  scale: number;
  bias: number;
}

/**
 * Writes the hash buckets of the n-grams of "^word$" (word already lower-case) into `out` and
 * returns how many. FNV-1a grows one character at a time, so each gram costs one multiplication.
 */
export function grams(word: string, out: Int32Array): number {
  const mask = (1 << NAMENESS_BITS) - 1;
  const n = Math.min(word.length, MAX_CHARS) + 2;
  let count = 0;
  for (let s = 0; s < n - 1; s++) {
    let h = 2166136261;
    for (let k = s; k < n && k - s < MAX_GRAM; k++) {
      const c = k === 0 ? BEGIN : k === n - 1 ? END : word.charCodeAt(k - 1);
      h = Math.imul(h ^ c, 16777619);
      if (k - s + 1 >= MIN_GRAM) out[count++] = (h ^ (h >>> 16)) & mask;
    }
  }
  return count;
}

const scratch = new Int32Array(MAX_GRAMS);

/** Log-odds that a lower-case word is a name, from its spelling. */
export function namenessLogit(model: NamenessModel, word: string): number {
  const n = grams(word, scratch);
  let sum = 0;
  for (let k = 0; k < n; k++) sum += model.weights[scratch[k]!]!;
  return model.bias + sum * model.scale;
}
