import { usearch } from '../../src/guardrails/vector/search/usearch-addon.ts';

/** Queries per native call: bounds the memory of a call's results on a large store. */
const BATCH = 4096;

/** The k closest store rows of each query, row-major (query i's are at [i·k, i·k + k)), closest first. */
export interface Neighbours {
  k: number;
  /** Cosine similarity (-1 where the store has fewer than k rows). */
  similarity: Float32Array;
  /** Store row number (-1 where the store has fewer than k rows). */
  row: Int32Array;
}

/**
 * For every query row (unit vectors, n × dims) the cosine similarities of the `k` closest store rows
 * and those rows' numbers: exact float32 search, as the filter's own exact search
 * (src/guardrails/vector/search/exact-search.ts) finds, but synchronous, for the training loops.
 */
export function nearestK(store: Float32Array, queries: Float32Array, dims: number, k: number): Neighbours {
  const n = queries.length / dims;
  const similarity = new Float32Array(n * k).fill(-1);
  const row = new Int32Array(n * k).fill(-1);
  const size = store.length / dims;
  if (size === 0) return { k, similarity, row };
  const count = Math.min(k, size);
  const searched = atBufferStart(store);
  for (let start = 0; start < n; start += BATCH) {
    const batch = atBufferStart(queries.subarray(start * dims, Math.min(n, start + BATCH) * dims));
    const found = usearch.exactSearch(searched, batch, dims, count, usearch.MetricKind.IP, 1);
    for (let i = 0; i < batch.length / dims; i++) {
      const best = 'counts' in found ? found.get(i) : found;
      for (let j = 0; j < best.keys.length; j++) {
        // usearch reports inner-product distance as 1 - similarity.
        similarity[(start + i) * k + j] = 1 - best.distances[j]!;
        row[(start + i) * k + j] = Number(best.keys[j]);
      }
    }
  }
  return { k, similarity, row };
}

/**
 * `a` itself when it starts its buffer, else a copy that does: usearch's exactSearch reads its
 * arguments from the start of their buffers, so a subarray further in would be read as the
 * buffer's first rows (every batch past the first searched as the first one again).
 */
function atBufferStart(a: Float32Array): Float32Array {
  return a.byteOffset === 0 ? a : a.slice();
}

/** The closest store row of every query: `nearestK` with k = 1. */
export function nearest(store: Float32Array, queries: Float32Array, dims: number): { similarity: Float32Array; row: Int32Array } {
  return nearestK(store, queries, dims, 1);
}

/** The rows of a row-major matrix picked by index, as a new matrix. */
export function pickRows(matrix: Float32Array, rows: readonly number[], dims: number): Float32Array {
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => {
    out.set(matrix.subarray(r * dims, (r + 1) * dims), i * dims);
  });
  return out;
}
