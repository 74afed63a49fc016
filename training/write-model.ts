import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEADS } from '../src/models/heads.ts';
import type { Calibration, FileEntry, ModelManifest, TensorEntry } from '../src/models/manifest.ts';
import type { DetectorNetwork } from '../src/models/network.ts';
import { tensorBytes } from '../src/models/tensor-file.ts';
import { quantizeRows } from './quantize.ts';

interface PendingTensor {
  name: string;
  values: Float32Array;
  shape: number[];
  type: 'f32' | 'i8';
}

function fileEntry(path: string, data: Uint8Array): FileEntry {
  return { path, sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length };
}

/** Lays tensors out in one little-endian file; int8 tables carry one f32 scale per row after their data. */
function packTensors(tensors: readonly PendingTensor[]): { data: Buffer; entries: TensorEntry[] } {
  const entries: TensorEntry[] = [];
  let offset = 0;
  for (const t of tensors) {
    entries.push({ name: t.name, type: t.type, shape: t.shape, offset });
    offset += tensorBytes(t);
  }
  const data = Buffer.alloc(offset);
  tensors.forEach((t, i) => {
    const at = entries[i]!.offset;
    if (t.type === 'f32') {
      Buffer.from(t.values.buffer, t.values.byteOffset, t.values.byteLength).copy(data, at);
      return;
    }
    const { q, scales } = quantizeRows(t.values, t.shape[0]!);
    Buffer.from(q.buffer, q.byteOffset, q.byteLength).copy(data, at);
    Buffer.from(scales.buffer).copy(data, at + Math.ceil(q.length / 4) * 4);
  });
  return { data, entries };
}

export interface ModelToWrite {
  dir: string;
  name: string;
  version: string;
  words: readonly string[];
  wordVectors: Float32Array;
  wordDims: number;
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
  const vocabulary = Buffer.from(m.words.join('\n') + '\n', 'utf8');
  writeFileSync(join(m.dir, 'weights.bin'), data);
  writeFileSync(join(m.dir, 'vocabulary.txt'), vocabulary);
  const manifest: ModelManifest = {
    name: m.name,
    version: m.version,
    createdBy: 'npm run train',
    files: { weights: fileEntry('weights.bin', data), vocabulary: fileEntry('vocabulary.txt', vocabulary) },
    tensors: entries,
    features: { buckets: m.buckets, wordDims: m.wordDims, hidden, poolPrior: m.network.shape.poolPrior },
    heads: [...HEADS],
    calibration: m.calibration,
    thresholds: m.thresholds,
  };
  writeFileSync(join(m.dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
