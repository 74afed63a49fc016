import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEADS } from '../src/detector/heads.ts';
import type { Calibration, ModelManifest } from '../src/detector/detector-manifest.ts';
import { serialiseGlossary } from '../src/detector/glossary.ts';
import type { DetectorNetwork } from '../src/detector/network.ts';
import { fileEntry, packTensors } from './tensor-pack.ts';

export interface ModelToWrite {
  dir: string;
  name: string;
  version: string;
  words: readonly string[];
  wordVectors: Float32Array;
  wordDims: number;
  /** Foreign word → English word (see src/detector/glossary.ts). */
  glossary: ReadonlyMap<string, string>;
  buckets: number;
  network: DetectorNetwork;
  calibration: Record<string, Calibration>;
  thresholds: Record<string, number>;
}

export function writeModel(m: ModelToWrite): ModelManifest {
  mkdirSync(m.dir, { recursive: true });
  const p = m.network.params;
  const { hidden, dense, heads } = m.network.shape;
  const { data, entries } = packTensors([
    { name: 'word_vectors', values: m.wordVectors, shape: [m.words.length, m.wordDims], type: 'i8' },
    { name: 'embedding', values: Float32Array.from(p.embedding), shape: [m.buckets, hidden], type: 'i8' },
    { name: 'bucket_weights', values: p.bucketWeights, shape: [m.buckets], type: 'f32' },
    { name: 'dense_weights', values: p.denseWeights, shape: [hidden, dense], type: 'f32' },
    { name: 'hidden_bias', values: p.hiddenBias, shape: [hidden], type: 'f32' },
    { name: 'head_weights', values: p.headWeights, shape: [heads, hidden], type: 'f32' },
    { name: 'head_bias', values: p.headBias, shape: [heads], type: 'f32' },
  ]);
  const vocabulary = Buffer.from(`${m.words.join('\n')}\n`, 'utf8');
  const glossary = Buffer.from(serialiseGlossary(m.glossary), 'utf8');
  writeFileSync(join(m.dir, 'weights.bin'), data);
  writeFileSync(join(m.dir, 'vocabulary.txt'), vocabulary);
  writeFileSync(join(m.dir, 'glossary.tsv'), glossary);
  const manifest: ModelManifest = {
    name: m.name,
    version: m.version,
    createdBy: 'npm run train',
    files: { weights: fileEntry('weights.bin', data), vocabulary: fileEntry('vocabulary.txt', vocabulary), glossary: fileEntry('glossary.tsv', glossary) },
    tensors: entries,
    features: { buckets: m.buckets, wordDims: m.wordDims, hidden, poolPrior: m.network.shape.poolPrior },
    heads: [...HEADS],
    calibration: m.calibration,
    thresholds: m.thresholds,
  };
  writeFileSync(join(m.dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
