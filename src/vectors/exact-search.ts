import ort from 'onnxruntime-node';
import { FLOAT, INT64, intAttribute, modelBytes, node, tensor, valueInfo } from '../onnx/model-writer.ts';

/**
 * Exact nearest neighbours of many queries at once, by inner product: one matrix product of the
 * queries with the stored matrix and a top-k, run by onnxruntime (its MLAS kernels are blocked,
 * vectorised float32 matrix products). A message's parts are all searched in one call; on this
 * project's 2-core machine 30 queries over 10,000 vectors of 64 dimensions take about a tenth of
 * the time of usearch's exact search, which compares one pair at a time (bench/vector.bench.ts).
 *
 * The matrix is either given with each search (`ExactSearch`) or held by the graph as a constant
 * (`FixedMatrixSearch`): onnxruntime then packs it for the matrix product once, when the session is
 * made, instead of on every search — the same products, summed in the same order, so the same results.
 */
function exactSearchGraph(fixed?: { matrix: Float32Array; rows: number; dims: number }): Uint8Array {
  const matrix = fixed ? [] : [valueInfo('matrix', FLOAT, ['rows', 'dims'])];
  return modelBytes(
    {
      name: 'exact-inner-product-top-k',
      nodes: [
        node('Gemm', ['queries', 'matrix'], ['similarity'], [intAttribute('transB', 1)]),
        node('TopK', ['similarity', 'k'], ['values', 'indices'], [intAttribute('axis', 1), intAttribute('largest', 1), intAttribute('sorted', 1)]),
      ],
      initialisers: fixed ? [tensor('matrix', [fixed.rows, fixed.dims], FLOAT, new Uint8Array(fixed.matrix.buffer, fixed.matrix.byteOffset, fixed.matrix.byteLength))] : [],
      inputs: [valueInfo('queries', FLOAT, ['queries', fixed?.dims ?? 'dims']), ...matrix, valueInfo('k', INT64, [1])],
      outputs: [valueInfo('values', FLOAT, ['queries', 'k']), valueInfo('indices', INT64, ['queries', 'k'])],
    },
    17,
  );
}

/** One thread: a server process checks one message at a time per core, and workers fill the cores. */
function session(graph: Uint8Array): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(graph, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
}

export interface Neighbour {
  /** Row of the vector in the searched matrix. */
  row: number;
  /** Inner product (cosine similarity for unit vectors). */
  similarity: number;
}

/** Runs the graph on `n` queries, the matrix given or held; the `count` best rows of each, best first. */
async function topK(s: ort.InferenceSession, queries: Float32Array, dims: number, count: number, matrix?: ort.Tensor): Promise<Neighbour[][]> {
  const n = queries.length / dims;
  if (count === 0 || n === 0) return Array.from({ length: n }, () => []);
  const out = await s.run({
    queries: new ort.Tensor('float32', queries, [n, dims]),
    ...(matrix ? { matrix } : {}),
    k: new ort.Tensor('int64', BigInt64Array.of(BigInt(count)), [1]),
  });
  const values = out.values!.data as Float32Array;
  const indices = out.indices!.data as BigInt64Array;
  return Array.from({ length: n }, (_, q) => Array.from({ length: count }, (_, i) => ({ row: Number(indices[q * count + i]), similarity: values[q * count + i]! })));
}

/** Searches any matrix, given with each search. */
export class ExactSearch {
  readonly #session: ort.InferenceSession;

  private constructor(s: ort.InferenceSession) {
    this.#session = s;
  }

  static async create(): Promise<ExactSearch> {
    return new ExactSearch(await session(exactSearchGraph()));
  }

  /** The `k` rows of `matrix` (rows × dims) with the largest inner product with each query (rows of `queries`), best first. */
  async search(matrix: Float32Array, queries: Float32Array, dims: number, k: number): Promise<Neighbour[][]> {
    const rows = matrix.length / dims;
    return topK(this.#session, queries, dims, Math.min(k, rows), new ort.Tensor('float32', matrix, [rows, dims]));
  }
}

/** Searches one matrix, copied into the graph when made: later changes to the caller's matrix do not reach it. */
export class FixedMatrixSearch {
  readonly rows: number;
  readonly dims: number;
  readonly #session: ort.InferenceSession;

  private constructor(s: ort.InferenceSession, rows: number, dims: number) {
    this.#session = s;
    this.rows = rows;
    this.dims = dims;
  }

  /** A search of `matrix` (rows × dims, at least one row). */
  static async create(matrix: Float32Array, dims: number): Promise<FixedMatrixSearch> {
    const rows = matrix.length / dims;
    return new FixedMatrixSearch(await session(exactSearchGraph({ matrix, rows, dims })), rows, dims);
  }

  /** The `k` rows with the largest inner product with each query (rows of `queries`), best first. */
  async search(queries: Float32Array, k: number): Promise<Neighbour[][]> {
    return topK(this.#session, queries, this.dims, Math.min(k, this.rows));
  }
}
