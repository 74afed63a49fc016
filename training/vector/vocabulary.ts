import { wordTokens } from '../../src/guardrails/vector/encoder/text-features.ts';
import { FOREIGN_ALIASES } from '../foreign-aliases.ts';
import { buildWordVectors, type WinkEmbeddings } from '../glove-vocabulary.ts';

/** The encoder's vocabulary: unit GloVe vectors and a frequency prior per word. */
export interface Vocabulary {
  words: string[];
  index: Map<string, number>;
  gloveDims: number;
  /** words × gloveDims, unit rows. */
  glove: Float32Array;
  /** log(a / (a + p(w))), the SIF weight of smooth inverse frequency, from the word's GloVe frequency rank. */
  logSif: Float32Array;
}

const SIF_A = 1e-3;

/** Zipf's law from the frequency rank: p(w) ≈ 0.1 / rank. */
function logSif(rank: number): number {
  return Math.log(SIF_A / (SIF_A + 0.1 / (rank + 1)));
}

/**
 * Frequent English words plus every word of the training texts that GloVe knows, plus foreign words
 * that borrow their English translation's vector (training/foreign-aliases.ts) — the same table the
 * detector derives, so both models read words alike.
 */
export function buildVocabulary(texts: readonly string[], glove: WinkEmbeddings): Vocabulary {
  const corpusWords = new Set<string>();
  for (const t of texts) for (const w of wordTokens(t)) corpusWords.add(w);
  const { words, table } = buildWordVectors(glove, corpusWords, FOREIGN_ALIASES);
  const rank = new Map<string, number>();
  glove.words.forEach((w, i) => {
    if (!rank.has(w)) rank.set(w, i);
  });
  const prior = new Float32Array(words.length);
  words.forEach((w, i) => {
    const english = FOREIGN_ALIASES.get(w);
    prior[i] = logSif(rank.get(english ?? w) ?? rank.get(w) ?? glove.words.length);
  });
  return { words, index: new Map(words.map((w, i) => [w, i])), gloveDims: table.dims, glove: table.vectors, logSif: prior };
}
