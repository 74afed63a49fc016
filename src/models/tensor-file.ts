import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FileEntry, TensorEntry } from './manifest.ts';
import { readModelFile, type ModelFileReader } from './model-files.ts';

/** Reads a file listed in a manifest and refuses it when its size or sha256 differs. */
export function readVerified(dir: string, entry: FileEntry, read: ModelFileReader = readModelFile): Buffer {
  const data = read(join(dir, entry.path));
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

/**
 * `length` float32 values at byte `offset` of `data`: a view of its bytes (a model's tables stay where
 * they were read, shared by the threads that read them; model-files.ts), or a copy where `offset`
 * is not 4-byte aligned in memory.
 */
export function float32At(data: Uint8Array, offset: number, length: number): Float32Array {
  const at = data.byteOffset + offset;
  return at % 4 === 0 ? new Float32Array(data.buffer, at, length) : new Float32Array(data.buffer.slice(at, at + length * 4));
}

/** One tensor as float32 (a view of `data`'s f32 bytes; int8 rows multiplied by their scale into a new table). */
export function readTensor(data: Buffer, entry: TensorEntry): Float32Array {
  const n = count(entry.shape);
  if (entry.offset % 4 !== 0 || entry.offset + tensorBytes(entry) > data.length) {
    throw new Error(`Tensor ${entry.name} lies outside the weights file.`);
  }
  if (entry.type === 'f32') return float32At(data, entry.offset, n);
  const rows = entry.shape[0]!;
  const cols = n / rows;
  const q = new Int8Array(data.buffer, data.byteOffset + entry.offset, n);
  const scales = float32At(data, entry.offset + Math.ceil(n / 4) * 4, rows);
  const out = new Float32Array(n);
  for (let r = 0; r < rows; r++) {
    const s = scales[r]!;
    const o = r * cols;
    for (let c = 0; c < cols; c++) out[o + c] = q[o + c]! * s;
  }
  return out;
}

/** An int8 table kept quantised (one cache line per 64-wide row at inference), with its row scales: views of `data`. */
export function readInt8Rows(data: Buffer, entry: TensorEntry): { q: Int8Array; scales: Float32Array } {
  if (entry.type !== 'i8') throw new Error(`Tensor ${entry.name} is not int8.`);
  const n = count(entry.shape);
  const rows = entry.shape[0]!;
  if (entry.offset % 4 !== 0 || entry.offset + tensorBytes(entry) > data.length) {
    throw new Error(`Tensor ${entry.name} lies outside the weights file.`);
  }
  return { q: new Int8Array(data.buffer, data.byteOffset + entry.offset, n), scales: float32At(data, entry.offset + Math.ceil(n / 4) * 4, rows) };
}
