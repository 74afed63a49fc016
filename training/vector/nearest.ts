import { usearch } from '../../src/vectors/usearch-addon.ts';

/** Queries per native call: bounds the memory of a call's results on a large store. */
const BATCH = 4096;

/**
 * For every query row (unit vectors, n × dims) the cosine similarity of the closest store row and
 * that row's number (-1 and -1 when the store is empty): exact float32 search, as the filter's own
 * exact search (src/vectors/exact-search.ts) finds, but synchronous, for the training loops.
 */
export function nearest(store: Float32Array, queries: Float32Array, dims: number): { similarity: Float32Array; row: Int32Array } {
  const n = queries.length / dims;
  const similarity = new Float32Array(n).fill(-1);
  const row = new Int32Array(n).fill(-1);
  if (store.length === 0) return { similarity, row };
  for (let start = 0; start < n; start += BATCH) {
    const batch = queries.subarray(start * dims, Math.min(n, start + BATCH) * dims);
    const found = usearch.exactSearch(store, batch, dims, 1, usearch.MetricKind.IP, 1);
    const count = batch.length / dims;
    for (let i = 0; i < count; i++) {
      const best = 'counts' in found ? found.get(i) : found;
      // usearch reports inner-product distance as 1 - similarity.
      similarity[start + i] = 1 - best.distances[0]!;
      row[start + i] = Number(best.keys[0]);
    }
  }
  return { similarity, row };
}

/** The rows of a row-major matrix picked by index, as a new matrix. */
export function pickRows(matrix: Float32Array, rows: readonly number[], dims: number): Float32Array {
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => {
    out.set(matrix.subarray(r * dims, (r + 1) * dims), i * dims);
  });
  return out;
}
