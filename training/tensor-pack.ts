import { createHash } from 'node:crypto';
import type { FileEntry, TensorEntry } from '../src/models/manifest.ts';
import { tensorBytes } from '../src/models/tensor-file.ts';
import { quantizeRows } from '../src/models/int8-rows.ts';

/** A trained tensor waiting to be written; `i8` tables are quantised per row on the way out. */
export interface PendingTensor {
  name: string;
  values: Float32Array;
  shape: number[];
  type: 'f32' | 'i8';
}

/** The manifest entry of a shipped file: its sha256 is verified at load. */
export function fileEntry(path: string, data: Uint8Array): FileEntry {
  return { path, sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length };
}

/** Lays tensors out in one little-endian file; int8 tables carry one f32 scale per row after their data (see tensor-file.ts). */
export function packTensors(tensors: readonly PendingTensor[]): { data: Buffer; entries: TensorEntry[] } {
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
