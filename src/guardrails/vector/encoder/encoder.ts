import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readModelFile, type ModelFileReader } from '../../../models/model-files.ts';
import { readInt8Rows, readTensor, readVerified } from '../../../models/tensor-file.ts';
import type { ENCODER_TENSORS, EncoderManifest, Sensitivity } from './encoder-manifest.ts';
import type { ModelLoader } from '../../../domain/model-loader.ts';
import { SHIPPED_MODELS_DIR } from '../../../models/model-library.ts';
import type { CharRange } from '../../../models/windows.ts';
import { bigramBucket, bigramBucketAfter, bigramHead, MAX_TOKENS, ngramBuckets, shapeBuckets } from './text-features.ts';
import { heldText, RecentCache } from './recent-cache.ts';
import { cutsChunk, tokeniseWithOffsets, within, type TextTokens, type TokenSpan } from './text-tokens.ts';

/**
 * Distinct tokens whose features the encoder keeps per generation (recent-cache.ts): at most twice
 * this many, about 1 KB each. Enough for the common words of a language, which make most of a text.
 */
const TOKEN_CACHE_GENERATION = 2048;
/** Longer tokens (a run of base64, a long identifier) are worked out each time: the cache would hold them. */
const MAX_CACHED_TOKEN_CHARS = 64;

const ENCODER_FOLDER = 'vector-encoder';
export const ENCODER_DIR = join(SHIPPED_MODELS_DIR, ENCODER_FOLDER);

/**
 * The learned parameters of the sentence encoder. The two tables stay int8 as shipped (a row is one
 * 64-byte cache line, a quarter of float32's memory), each row with its float32 scale.
 */
export interface EncoderWeights {
  dims: number;
  buckets: number;
  words: readonly string[];
  /** words × dims: each word's learned vector (a projection of its GloVe vector). */
  wordVectors: Int8Rows;
  /** Per word: its attention weight in the sentence mean (learned from its GloVe vector and frequency). */
  wordWeights: Float32Array;
  /** buckets × dims: embeddings of the hashed character n-grams and word bigrams. */
  hashVectors: Int8Rows;
}

export interface Int8Rows {
  q: Int8Array;
  scales: Float32Array;
}

/** How the encoder's similarities read as scores and verdicts (chosen on validation, see the model card). */
export interface EncoderCalibration {
  similarityFloor: number;
  thresholds: Record<Sensitivity, number>;
}

/**
 * Sentence encoder for the vector filter: an attention-weighted mean of word vectors plus the mean
 * of hashed sub-word embeddings, scaled to unit length, so cosine similarity is a dot product.
 * Reads normalised text (`AnalysedText.normalised` or one of its detection views).
 */
export class SentenceEncoder {
  readonly version: string;
  readonly dims: number;
  readonly calibration: EncoderCalibration;
  readonly #w: EncoderWeights;
  readonly #index: Map<string, number>;
  /** Features of recently seen tokens (see `#tokenFeatures`): common words are looked up once, not per message. */
  readonly #tokens = new RecentCache<string, TokenFeatures>(TOKEN_CACHE_GENERATION, heldText(MAX_CACHED_TOKEN_CHARS));

  constructor(version: string, weights: EncoderWeights, calibration: EncoderCalibration) {
    this.version = version;
    this.dims = weights.dims;
    this.calibration = calibration;
    this.#w = weights;
    this.#index = new Map(weights.words.map((w, i) => [w, i]));
  }

  /** A unit vector, or all zeros for text without words. */
  encode(normalised: string): Float32Array {
    return this.encodeRanges(normalised, [{ start: 0, end: normalised.length }]);
  }

  /**
   * The vectors (ranges × dims) of several ranges of one text, each equal to `encode` of its slice.
   * The text is tokenised once and each token's features are looked up once; a range's sums are the
   * difference of running sums at its ends, so cost follows the text's length, not the number or
   * size of the ranges. A range that cuts through a chunk (no white space at its edge) tokenises
   * differently from the text and is encoded from its slice.
   */
  encodeRanges(normalised: string, ranges: readonly CharRange[]): Float32Array {
    const { dims } = this;
    const tokens = tokeniseWithOffsets(normalised);
    const out = new Float32Array(ranges.length * dims);
    const spans: Array<{ row: number; words: TokenSpan; chunks: TokenSpan }> = [];
    ranges.forEach((r, row) => {
      if (cutsChunk(normalised, r.start) || cutsChunk(normalised, r.end)) {
        out.set(this.encodeRanges(normalised.slice(r.start, r.end), [{ start: 0, end: r.end - r.start }]), row * dims);
      } else spans.push({ row, words: within(tokens.words, r, MAX_TOKENS), chunks: within(tokens.chunks, r, MAX_TOKENS) });
    });
    if (spans.length === 0) return out;
    const sums = this.#runningSums(
      tokens,
      slotsOf(spans.flatMap((s) => [s.words.from, s.words.to])),
      slotsOf(spans.flatMap((s) => [s.chunks.from, s.chunks.to])),
    );
    for (const { row, words, chunks } of spans) this.#combine(sums, tokens, words, chunks, out.subarray(row * dims, (row + 1) * dims));
    return out;
  }

  /**
   * Running sums over the tokens (weighted word vectors, their weights, hashed n-gram and bigram
   * vectors, their count) and over the chunks (hashed shape vectors, their count), kept at the
   * token and chunk indices asked for (each in its slot, see `slotsOf`). Sums are float64, so
   * differences of long runs stay exact to float32. Each element is summed in token order, the same
   * additions whatever the ranges asked for.
   */
  #runningSums(tokens: TextTokens, wordSlots: ReadonlyMap<number, number>, chunkSlots: ReadonlyMap<number, number>): RunningSums {
    const { dims, hashVectors } = this.#w;
    const stride = dims + 1;
    const features = this.#tokens;
    const words = new Float64Array(stride);
    const hashed = new Float64Array(stride);
    const atWords = new Float64Array(wordSlots.size * stride);
    const atHashed = new Float64Array(wordSlots.size * stride);
    const texts = tokens.words.text;
    const wordSlotAt = slotTable(wordSlots);
    const lastWord = wordSlotAt.length - 1;
    let previous: TokenFeatures | undefined;
    for (let t = 0; ; t++) {
      const slot = wordSlotAt[t]!;
      if (slot >= 0) {
        atWords.set(words, slot * stride);
        atHashed.set(hashed, slot * stride);
      }
      if (t === lastWord) break;
      const token = texts[t]!;
      const f = features.get(token, this.#tokenFeatures);
      const { word, ngrams } = f;
      if (word) for (let d = 0; d < dims; d++) words[d]! += word[d]!;
      // One pass over the dimensions; each element gets the same additions in the same order as
      // adding the n-grams, then the bigram, one vector at a time.
      if (previous) {
        const bigram = bigramBucketAfter(previous.bigramHead, token, this.#w.buckets);
        const o = bigram * dims;
        const s = hashVectors.scales[bigram]!;
        for (let d = 0; d < dims; d++) hashed[d] = hashed[d]! + ngrams[d]! + s * hashVectors.q[o + d]!;
      } else for (let d = 0; d < dims; d++) hashed[d]! += ngrams[d]!;
      if (word) words[dims]! += f.weight;
      hashed[dims]! += f.count;
      if (t > 0) hashed[dims]! += 1;
      previous = f;
    }
    const shapes = new Float64Array(stride);
    const atShapes = new Float64Array(chunkSlots.size * stride);
    const shapeIds = new Map<string, readonly [number, number]>();
    const chunkSlotAt = slotTable(chunkSlots);
    const lastChunk = chunkSlotAt.length - 1;
    for (let c = 0; ; c++) {
      const slot = chunkSlotAt[c]!;
      if (slot >= 0) atShapes.set(shapes, slot * stride);
      if (c === lastChunk) break;
      const shape = tokens.chunks.shape[c];
      if (shape === undefined) continue;
      let ids = shapeIds.get(shape);
      if (!ids) shapeIds.set(shape, (ids = shapeBuckets(shape, this.#w.buckets)));
      addRow(shapes, hashVectors, ids[0], dims, 1);
      addRow(shapes, hashVectors, ids[1], dims, 1);
      shapes[dims]! += 2;
    }
    return { wordSlots, words: atWords, hashed: atHashed, chunkSlots, shapes: atShapes };
  }

  /**
   * A token's weighted word vector (each element the product `addRow` would add) or undefined when
   * the vocabulary lacks it, and the sum of its n-gram rows: looked up once per distinct token.
   */
  readonly #tokenFeatures = (token: string): TokenFeatures => {
    const { dims, wordVectors, wordWeights, hashVectors, buckets } = this.#w;
    const ids = ngramBuckets(token, buckets);
    const ngrams = sumRows(hashVectors, ids, dims, 1);
    const row = this.#index.get(token);
    const head = bigramHead(token);
    if (row === undefined) return { word: undefined, weight: 0, ngrams, count: ids.length, bigramHead: head };
    const weight = wordWeights[row]!;
    return { word: sumRows(wordVectors, [row], dims, weight), weight, ngrams, count: ids.length, bigramHead: head };
  };

  /** One range's unit vector from the running sums at its ends. */
  #combine(sums: RunningSums, tokens: TextTokens, words: TokenSpan, chunks: TokenSpan, out: Float32Array): void {
    const { dims, hashVectors, buckets } = this.#w;
    const stride = dims + 1;
    const w0 = sums.wordSlots.get(words.from)! * stride;
    const w1 = sums.wordSlots.get(words.to)! * stride;
    const s0 = sums.chunkSlots.get(chunks.from)! * stride;
    const s1 = sums.chunkSlots.get(chunks.to)! * stride;
    const { words: ws, hashed: hs, shapes: ss } = sums;
    // The running hash sum holds the bigram that joins the range's first token to the one before it.
    const joining = words.from > 0 && words.to > words.from ? bigramBucket(tokens.words.text[words.from - 1]!, tokens.words.text[words.from]!, buckets) : -1;
    const weightSum = ws[w1 + dims]! - ws[w0 + dims]!;
    const count = hs[w1 + dims]! - hs[w0 + dims]! - (joining >= 0 ? 1 : 0) + ss[s1 + dims]! - ss[s0 + dims]!;
    let norm = 0;
    for (let d = 0; d < dims; d++) {
      let v = weightSum > 0 ? (ws[w1 + d]! - ws[w0 + d]!) / weightSum : 0;
      if (count > 0)
        v +=
          (hs[w1 + d]! - hs[w0 + d]! - (joining >= 0 ? hashVectors.scales[joining]! * hashVectors.q[joining * dims + d]! : 0) + ss[s1 + d]! - ss[s0 + d]!) /
          count;
      out[d] = v;
      norm += out[d]! * out[d]!;
    }
    if (norm > 0) {
      const s = 1 / Math.sqrt(norm);
      for (let d = 0; d < dims; d++) out[d]! *= s;
    }
  }
}

interface TokenFeatures {
  word: Float64Array | undefined;
  weight: number;
  ngrams: Float64Array;
  count: number;
  /** See `bigramHead`: the bigram of this token and the next hashes only the next one. */
  bigramHead: number;
}

/** Running sums (see `#runningSums`): those at the index with slot i start at i × (dims + 1). */
interface RunningSums {
  wordSlots: ReadonlyMap<number, number>;
  /** Weighted word vectors, then their weight. */
  words: Float64Array;
  /** Hashed n-gram and bigram vectors, then their count. */
  hashed: Float64Array;
  chunkSlots: ReadonlyMap<number, number>;
  /** Hashed shape vectors, then their count. */
  shapes: Float64Array;
}

/**
 * A slot for each distinct index: the sums kept at all of them share one array, as a copy per
 * index would allocate a buffer outside the heap for each.
 */
function slotsOf(indices: readonly number[]): Map<number, number> {
  const slots = new Map<number, number>();
  for (const i of indices) if (!slots.has(i)) slots.set(i, slots.size);
  return slots;
}

/** The slot of each index up to the largest one with a slot, -1 for the others: read once per token. */
function slotTable(slots: ReadonlyMap<number, number>): Int32Array {
  let largest = -1;
  for (const i of slots.keys()) largest = Math.max(largest, i);
  const table = new Int32Array(largest + 1).fill(-1);
  for (const [i, slot] of slots) table[i] = slot;
  return table;
}

function addRow(into: Float64Array, table: Int8Rows, row: number, dims: number, weight: number): void {
  const o = row * dims;
  const s = weight * table.scales[row]!;
  for (let d = 0; d < dims; d++) into[d]! += s * table.q[o + d]!;
}

/**
 * The sum of `rows` of `table`, each scaled by `weight`: for each element the same additions, in the
 * same order, as `addRow` of one row after the other into zeros, kept in a register meanwhile.
 */
function sumRows(table: Int8Rows, rows: readonly number[], dims: number, weight: number): Float64Array {
  const { q, scales } = table;
  const out = new Float64Array(dims);
  for (let d = 0; d < dims; d++) {
    let sum = 0;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      sum += weight * scales[row]! * q[row * dims + d]!;
    }
    out[d] = sum;
  }
  return out;
}

/** Loads the shipped encoder, verifying its files (read with `read`) against the manifest. */
export function loadSentenceEncoder(dir = ENCODER_DIR, read: ModelFileReader = readModelFile): SentenceEncoder {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as EncoderManifest;
  const data = readVerified(dir, manifest.files.weights, read);
  const words = readVerified(dir, manifest.files.vocabulary, read)
    .toString('utf8')
    .split('\n')
    .filter((w) => w !== '');
  const entry = (name: (typeof ENCODER_TENSORS)[number]) => {
    const found = manifest.tensors.find((t) => t.name === name);
    if (!found) throw new Error(`Encoder weights lack tensor ${name}.`);
    return found;
  };
  const weights: EncoderWeights = {
    dims: manifest.dims,
    buckets: manifest.buckets,
    words,
    wordVectors: readInt8Rows(data, entry('word_vectors')),
    wordWeights: readTensor(data, entry('word_weights')),
    hashVectors: readInt8Rows(data, entry('hash_vectors')),
  };
  if (weights.wordVectors.q.length !== words.length * manifest.dims || weights.hashVectors.q.length !== manifest.buckets * manifest.dims) {
    throw new Error('Encoder weights do not match the manifest.');
  }
  return new SentenceEncoder(manifest.version, weights, { similarityFloor: manifest.similarityFloor, thresholds: manifest.thresholds });
}

/** The vector filter's sentence encoder, from the `vector-encoder` folder of a models directory. */
export const SENTENCE_ENCODER: Readonly<ModelLoader<SentenceEncoder>> = {
  name: ENCODER_FOLDER,
  load: (modelsDir, read) => loadSentenceEncoder(join(modelsDir, ENCODER_FOLDER), read),
};
