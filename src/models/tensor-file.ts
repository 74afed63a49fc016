import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileEntry, TensorEntry } from './manifest.ts';

/** Reads a file listed in a manifest and refuses it when its size or sha256 differs. */
export function readVerified(dir: string, entry: FileEntry): Buffer {
  const data = readFileSync(join(dir, entry.path));
  const sha = createHash('sha256').update(data).digest('hex');
  if (data.length !== entry.bytes || sha !== entry.sha256) {
    throw new Error(`Model file ${entry.path} does not match its manifest (sha256 ${sha}).`);
  }
  return data;
}

function count(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** Byte size of a tensor's data in the file (i8 rows carry a trailing f32 scale per row). */
export function tensorBytes(entry: Pick<TensorEntry, 'type' | 'shape'>): number {
  if (entry.type === 'f32') return count(entry.shape) * 4;
  const rows = entry.shape[0]!;
  const padded = Math.ceil(count(entry.shape) / 4) * 4;
  return padded + rows * 4;
}

/** Decodes one tensor into float32 (int8 rows are multiplied by their scale). */
export function readTensor(data: Buffer, entry: TensorEntry): Float32Array {
  const n = count(entry.shape);
  if (entry.offset % 4 !== 0 || entry.offset + tensorBytes(entry) > data.length) {
    throw new Error(`Tensor ${entry.name} lies outside the weights file.`);
  }
  const base = data.byteOffset + entry.offset;
  if (entry.type === 'f32') return new Float32Array(data.buffer.slice(base, base + n * 4));
  const rows = entry.shape[0]!;
  const cols = n / rows;
  const q = new Int8Array(data.buffer, base, n);
  const scales = new Float32Array(data.buffer.slice(base + Math.ceil(n / 4) * 4, base + Math.ceil(n / 4) * 4 + rows * 4));
  const out = new Float32Array(n);
  for (let r = 0; r < rows; r++) {
    const s = scales[r]!;
    const o = r * cols;
    for (let c = 0; c < cols; c++) out[o + c] = q[o + c]! * s;
  }
  return out;
}

/** An int8 table kept quantised (one cache line per 64-wide row at inference), with its row scales. */
export function readInt8Rows(data: Buffer, entry: TensorEntry): { q: Int8Array; scales: Float32Array } {
  if (entry.type !== 'i8') throw new Error(`Tensor ${entry.name} is not int8.`);
  const n = count(entry.shape);
  const rows = entry.shape[0]!;
  if (entry.offset % 4 !== 0 || entry.offset + tensorBytes(entry) > data.length) {
    throw new Error(`Tensor ${entry.name} lies outside the weights file.`);
  }
  const base = data.byteOffset + entry.offset;
  const scalesAt = base + Math.ceil(n / 4) * 4;
  return { q: new Int8Array(data.buffer.slice(base, base + n)), scales: new Float32Array(data.buffer.slice(scalesAt, scalesAt + rows * 4)) };
}
