import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EncoderManifest, Sensitivity } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import type { SeedManifest } from '../../src/guardrails/vector/seed.ts';
import { fileEntry, packTensors } from '../tensor-pack.ts';
import type { EncoderModel } from './encoder-model.ts';
import type { Vocabulary } from './vocabulary.ts';

export interface EncoderToWrite {
  dir: string;
  model: EncoderModel;
  vocabulary: Vocabulary;
  similarityFloor: number;
  thresholds: Record<Sensitivity, number>;
}

/**
 * Exports the encoder for inference: each word's vector and attention weight are computed here once
 * (they depend on the word alone), so inference only looks them up. Big tables are int8 per row.
 * The version is a hash of the weights, so any retraining yields a new version.
 */
export function writeEncoder(m: EncoderToWrite): EncoderManifest {
  const { dims, buckets } = m.model.shape;
  const V = m.vocabulary.words.length;
  const wordVectors = new Float32Array(V * dims);
  const wordWeights = new Float32Array(V);
  for (let w = 0; w < V; w++) {
    m.model.project(w, wordVectors, w * dims);
    wordWeights[w] = Math.exp(m.model.logit(w));
  }
  const { data, entries } = packTensors([
    { name: 'word_vectors', values: wordVectors, shape: [V, dims], type: 'i8' },
    { name: 'word_weights', values: wordWeights, shape: [V], type: 'f32' },
    { name: 'hash_vectors', values: m.model.E, shape: [buckets, dims], type: 'i8' },
  ]);
  const vocabulary = Buffer.from(`${m.vocabulary.words.join('\n')}\n`, 'utf8');
  mkdirSync(m.dir, { recursive: true });
  writeFileSync(join(m.dir, 'weights.bin'), data);
  writeFileSync(join(m.dir, 'vocabulary.txt'), vocabulary);
  const weights = fileEntry('weights.bin', data);
  const manifest: EncoderManifest = {
    name: 'rampart-vector-encoder',
    version: `ve-${weights.sha256.slice(0, 12)}`,
    createdBy: 'npm run train:vector',
    dims,
    buckets,
    files: { weights, vocabulary: fileEntry('vocabulary.txt', vocabulary) },
    tensors: entries,
    similarityFloor: m.similarityFloor,
    thresholds: m.thresholds,
  };
  writeFileSync(join(m.dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface SeedToWrite {
  dir: string;
  encoder: string;
  dims: number;
  entries: ReadonlyArray<{ id: string; family: string; category: string; vector: Float32Array }>;
}

/** Writes the threat seed: `entries.tsv` (id, family, category) and the int8 vectors, never texts. */
export function writeSeed(s: SeedToWrite): SeedManifest {
  const matrix = new Float32Array(s.entries.length * s.dims);
  s.entries.forEach((e, i) => {
    matrix.set(e.vector, i * s.dims);
  });
  const { data, entries } = packTensors([{ name: 'vectors', values: matrix, shape: [s.entries.length, s.dims], type: 'i8' }]);
  // Tabs and newlines cannot occur in the fields (ids are base64url, families fixed, categories short labels).
  const tsv = Buffer.from(`${s.entries.map((e) => [e.id, e.family, e.category.replace(/[\t\n]/g, ' ')].join('\t')).join('\n')}\n`, 'utf8');
  mkdirSync(s.dir, { recursive: true });
  writeFileSync(join(s.dir, 'vectors.bin'), data);
  writeFileSync(join(s.dir, 'entries.tsv'), tsv);
  const manifest: SeedManifest = {
    name: 'rampart-threat-seed',
    encoder: s.encoder,
    dims: s.dims,
    count: s.entries.length,
    files: { entries: fileEntry('entries.tsv', tsv), vectors: fileEntry('vectors.bin', data) },
    vectors: entries[0]!,
  };
  writeFileSync(join(s.dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
