import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTensor, readVerified } from '../models/tensor-file.ts';
import { ENCODER_TENSORS, type EncoderManifest, type Sensitivity } from './encoder-manifest.ts';
import { chunkShapes, hashedFeatures, wordTokens } from './text-features.ts';

export const ENCODER_DIR = join(import.meta.dirname, '../../models/vector-encoder');

/** The learned parameters of the sentence encoder, as float32 tables. */
export interface EncoderWeights {
  dims: number;
  buckets: number;
  words: readonly string[];
  /** words × dims: each word's learned vector (a projection of its GloVe vector). */
  wordVectors: Float32Array;
  /** Per word: its attention weight in the sentence mean (learned from its GloVe vector and frequency). */
  wordWeights: Float32Array;
  /** buckets × dims: embeddings of the hashed character n-grams and word bigrams. */
  hashVectors: Float32Array;
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

  constructor(version: string, weights: EncoderWeights, calibration: EncoderCalibration) {
    this.version = version;
    this.dims = weights.dims;
    this.calibration = calibration;
    this.#w = weights;
    this.#index = new Map(weights.words.map((w, i) => [w, i]));
  }

  /** A unit vector, or all zeros for text without words. */
  encode(normalised: string): Float32Array {
    const { dims, wordVectors, wordWeights, hashVectors, buckets } = this.#w;
    const tokens = wordTokens(normalised);
    const words = new Float32Array(dims);
    let weightSum = 0;
    for (const token of tokens) {
      const i = this.#index.get(token);
      if (i === undefined) continue;
      const a = wordWeights[i]!;
      weightSum += a;
      const o = i * dims;
      for (let d = 0; d < dims; d++) words[d]! += a * wordVectors[o + d]!;
    }
    const out = new Float32Array(dims);
    if (weightSum > 0) for (let d = 0; d < dims; d++) out[d] = words[d]! / weightSum;
    const hashed = hashedFeatures(tokens, chunkShapes(normalised), buckets);
    if (hashed.length > 0) {
      const s = 1 / hashed.length;
      for (const b of hashed) {
        const o = b * dims;
        for (let d = 0; d < dims; d++) out[d]! += s * hashVectors[o + d]!;
      }
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += out[d]! * out[d]!;
    if (norm > 0) {
      const s = 1 / Math.sqrt(norm);
      for (let d = 0; d < dims; d++) out[d]! *= s;
    }
    return out;
  }
}

/** Loads the shipped encoder, verifying its files against the manifest. */
export function loadSentenceEncoder(dir = ENCODER_DIR): SentenceEncoder {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as EncoderManifest;
  const data = readVerified(dir, manifest.files.weights);
  const words = readVerified(dir, manifest.files.vocabulary).toString('utf8').split('\n').filter((w) => w !== '');
  const tensor = (name: (typeof ENCODER_TENSORS)[number]) => {
    const entry = manifest.tensors.find((t) => t.name === name);
    if (!entry) throw new Error(`encoder weights lack tensor ${name}`);
    return readTensor(data, entry);
  };
  const weights: EncoderWeights = {
    dims: manifest.dims,
    buckets: manifest.buckets,
    words,
    wordVectors: tensor('word_vectors'),
    wordWeights: tensor('word_weights'),
    hashVectors: tensor('hash_vectors'),
  };
  if (weights.wordVectors.length !== words.length * manifest.dims || weights.hashVectors.length !== manifest.buckets * manifest.dims) {
    throw new Error('encoder weights do not match the manifest');
  }
  return new SentenceEncoder(manifest.version, weights, { similarityFloor: manifest.similarityFloor, thresholds: manifest.thresholds });
}
