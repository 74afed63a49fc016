import { KnnIndex } from '../../src/vectors/knn-index.ts';

/**
 * For every query row (unit vectors, n × dims) the cosine similarity of the closest store row and
 * that row's number (-1 and -1 when the store is empty), by the filter's own exact search.
 */
export function nearest(store: Float32Array, queries: Float32Array, dims: number): { similarity: Float32Array; row: Int32Array } {
  const n = queries.length / dims;
  const similarity = new Float32Array(n).fill(-1);
  const row = new Int32Array(n).fill(-1);
  const index = new KnnIndex(dims, Number.POSITIVE_INFINITY);
  index.restore(store);
  index.searchBatch(queries, 1).forEach(([best], i) => {
    if (!best) return;
    similarity[i] = best.similarity;
    row[i] = best.row;
  });
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
