import { createRequire } from 'node:module';

const usearch = createRequire(import.meta.url)('usearch') as typeof import('usearch').default;

const CHUNK = 4096;

/**
 * For every query row (unit vectors, n × dims) the cosine similarity of the closest store row and
 * that row's number, by exact SIMD search (usearch), in chunks.
 */
export function nearest(store: Float32Array, queries: Float32Array, dims: number): { similarity: Float32Array; row: Int32Array } {
  const n = queries.length / dims;
  const similarity = new Float32Array(n).fill(-1);
  const row = new Int32Array(n).fill(-1);
  if (store.length === 0) return { similarity, row };
  for (let start = 0; start < n; start += CHUNK) {
    const end = Math.min(n, start + CHUNK);
    // A copy, not a subarray: usearch's exactSearch reads a typed array from the start of its buffer
    // (it ignores byteOffset), so a view of a later chunk would search the first chunk again.
    const found = usearch.exactSearch(store, queries.slice(start * dims, end * dims), dims, 1, usearch.MetricKind.IP, 1);
    for (let i = 0; i < end - start; i++) {
      similarity[start + i] = 1 - found.distances[i]!;
      row[start + i] = Number(found.keys[i]);
    }
  }
  return { similarity, row };
}

/** The rows of a row-major matrix picked by index, as a new matrix. */
export function pickRows(matrix: Float32Array, rows: readonly number[], dims: number): Float32Array {
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => out.set(matrix.subarray(r * dims, (r + 1) * dims), i * dims));
  return out;
}
