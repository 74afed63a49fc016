import ort from 'onnxruntime-node';
import { quantizeRows } from '../../../models/int8-rows.ts';
import { FLOAT, INT8, INT64, UINT8, intAttribute, modelBytes, node, tensor, valueInfo } from '../../../onnx/model-writer.ts';

/**
 * Exact nearest neighbours of many queries at once, by inner product: one matrix product of the
 * queries with the stored matrix and a top-k, run by onnxruntime (its MLAS kernels are blocked,
 * vectorised float32 matrix products). A message's parts are all searched in one call, far faster
 * than usearch's exact search, which compares one pair at a time (bench/vector.bench.ts; figures in
 * docs/performance.md).
 *
 * The matrix is either given with each search (`ExactSearch`) or held by the graph as a constant
 * (`FixedMatrixSearch`): onnxruntime then packs it for the matrix product once, when the session is
 * made, instead of on every search — the same products, summed in the same order, so the same results.
 * The index's main search is the int8 one below (`QuantisedMatrixSearch`); these two serve while its
 * copy is being made and for the coarse ranking of a long text's sentences.
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
      initialisers: fixed ? [tensor('matrix', [fixed.rows, fixed.dims], FLOAT, rawBytes(fixed.matrix))] : [],
      inputs: [valueInfo('queries', FLOAT, ['queries', fixed?.dims ?? 'dims']), ...matrix, valueInfo('k', INT64, [1])],
      outputs: [valueInfo('values', FLOAT, ['queries', 'k']), valueInfo('indices', INT64, ['queries', 'k'])],
    },
    17,
  );
}

/**
 * The `k` stored rows (held by the graph as int8, see `QuantisedMatrixSearch`) whose approximate
 * similarity to any of the queries is highest: one integer matrix product of the rows with all the
 * queries, each row's best query, rescaled by the row's scale, and a top-k over the rows.
 *
 * onnxruntime's fast integer product takes uint8 (with a zero point) on the left and int8 on the
 * right, and packs its right-hand side once when it is a constant. With few queries the rows go on
 * the right, packed once, and the queries on the left; with many the rows go on the left, where
 * repacking them each time costs less than the product saves. Both give the same integers.
 */
function closestRowsGraph(rows: Int8Array, scales: Float32Array, dims: number, orientation: 'few-queries' | 'many-queries'): Uint8Array {
  const count = scales.length;
  const few = orientation === 'few-queries';
  const stored = few
    ? tensor('rows', [dims, count], INT8, rawBytes(transposed(rows, count, dims)))
    : tensor(
        'rows',
        [count, dims],
        UINT8,
        Uint8Array.from(rows, (v) => v + ZERO_POINT),
      );
  return modelBytes(
    {
      name: `int8-closest-rows-${orientation}`,
      nodes: [
        node('MatMulInteger', few ? ['queries', 'rows', 'zero_point'] : ['rows', 'queries', 'zero_point'], ['products']),
        node('ReduceMax', ['products', 'query_axis'], ['best'], [intAttribute('keepdims', 0)]),
        node('Cast', ['best'], ['best_float'], [intAttribute('to', FLOAT)]),
        node('Mul', ['best_float', 'scales'], ['similarity']),
        node('TopK', ['similarity', 'k'], ['values', 'indices'], [intAttribute('axis', 0), intAttribute('largest', 1), intAttribute('sorted', 1)]),
      ],
      initialisers: [
        stored,
        tensor('zero_point', [], UINT8, Uint8Array.of(ZERO_POINT)),
        tensor('scales', [count], FLOAT, rawBytes(scales)),
        tensor('query_axis', [1], INT64, rawBytes(BigInt64Array.of(few ? 0n : 1n))),
      ],
      inputs: [few ? valueInfo('queries', UINT8, ['queries', dims]) : valueInfo('queries', INT8, [dims, 'queries']), valueInfo('k', INT64, [1])],
      outputs: [valueInfo('values', FLOAT, ['k']), valueInfo('indices', INT64, ['k'])],
    },
    18,
  );
}

/** The bytes of a typed array, for an initialiser's raw data. */
function rawBytes(a: Float32Array | BigInt64Array | Int8Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** A rows × dims matrix as dims × rows. */
function transposed(m: Int8Array, rows: number, dims: number): Int8Array {
  const out = new Int8Array(m.length);
  for (let r = 0; r < rows; r++) for (let d = 0; d < dims; d++) out[d * rows + r] = m[r * dims + d]!;
  return out;
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
  return Array.from({ length: n }, (_, q) =>
    Array.from({ length: count }, (_, i) => ({ row: Number(indices[q * count + i]), similarity: values[q * count + i]! })),
  );
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

/** The uint8 operand of the integer product holds int8 values offset by this zero point. */
const ZERO_POINT = 128;
/** A unit vector's elements lie in [-1, 1]; as int8 they are scaled by this. */
const QUERY_SCALE = 127;
/** From this many queries the rows are the left-hand side of the product (see `closestRowsGraph`); measured on this project's machine. */
const MANY_QUERIES = 12;

/**
 * The `count` of `candidates` (rows of `matrix`) most similar to any of `queries`, each with its
 * best similarity, computed exactly from the float32 rows; ties go to the lower row.
 */
export function closestExactly(matrix: Float32Array, dims: number, queries: Float32Array, candidates: Iterable<number>, count: number): Neighbour[] {
  const n = queries.length / dims;
  const found: Neighbour[] = [];
  for (const row of new Set(candidates)) {
    const o = row * dims;
    let best = Number.NEGATIVE_INFINITY;
    let q = 0;
    // Four queries at a time: four independent sums, each added in the same order as alone.
    for (; q + 4 <= n; q += 4) {
      const q0 = q * dims;
      const q1 = q0 + dims;
      const q2 = q1 + dims;
      const q3 = q2 + dims;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let d = 0; d < dims; d++) {
        const x = matrix[o + d]!;
        s0 += x * queries[q0 + d]!;
        s1 += x * queries[q1 + d]!;
        s2 += x * queries[q2 + d]!;
        s3 += x * queries[q3 + d]!;
      }
      if (s0 > best) best = s0;
      if (s1 > best) best = s1;
      if (s2 > best) best = s2;
      if (s3 > best) best = s3;
    }
    for (; q < n; q++) {
      const qo = q * dims;
      let similarity = 0;
      for (let d = 0; d < dims; d++) similarity += matrix[o + d]! * queries[qo + d]!;
      if (similarity > best) best = similarity;
    }
    found.push({ row, similarity: best });
  }
  return found.sort((a, b) => b.similarity - a.similarity || a.row - b.row).slice(0, count);
}

/**
 * Searches one matrix, copied when made, for the rows closest to any of several queries (a
 * message's parts). The graphs hold the rows as int8, each scaled to its largest element, and the
 * queries go in as int8: the integer product is faster than the float32 one (bench/vector.bench.ts;
 * figures in docs/performance.md). It picks `candidates` rows per
 * search, whose similarities are then computed exactly from a float32 copy of the rows
 * (`closestExactly`); with an int8 error of at most half a step per element, the rows ranked first
 * are among the candidates.
 */
export class QuantisedMatrixSearch {
  readonly rows: number;
  readonly dims: number;
  readonly #fewQueries: ort.InferenceSession;
  readonly #manyQueries: ort.InferenceSession;
  readonly #matrix: Float32Array;

  private constructor(few: ort.InferenceSession, many: ort.InferenceSession, matrix: Float32Array, dims: number) {
    this.#fewQueries = few;
    this.#manyQueries = many;
    this.#matrix = matrix;
    this.rows = matrix.length / dims;
    this.dims = dims;
  }

  /** A search of a copy of `matrix` (rows × dims, at least one row). */
  static async create(matrix: Float32Array, dims: number): Promise<QuantisedMatrixSearch> {
    const { q: quantised, scales } = quantizeRows(matrix, matrix.length / dims);
    const [few, many] = await Promise.all([
      session(closestRowsGraph(quantised, scales, dims, 'few-queries')),
      session(closestRowsGraph(quantised, scales, dims, 'many-queries')),
    ]);
    return new QuantisedMatrixSearch(few, many, matrix.slice(), dims);
  }

  /** The `k` rows most similar to any of `queries` (n × dims unit vectors), with exact similarities; `candidates` ≥ k rows are compared exactly. */
  async closest(queries: Float32Array, k: number, candidates: number): Promise<Neighbour[]> {
    const { dims, rows } = this;
    const n = queries.length / dims;
    const count = Math.min(k, rows);
    if (count === 0 || n === 0) return [];
    const many = n >= MANY_QUERIES;
    // Few: n × dims, offset by the zero point. Many: dims × n, the right-hand side of the product.
    const quantised = many ? new Int8Array(dims * n) : new Uint8Array(n * dims);
    for (let q = 0; q < n; q++) {
      for (let d = 0, o = q * dims; d < dims; d++) {
        const x = queries[o + d]! * QUERY_SCALE;
        const v = x >= QUERY_SCALE ? QUERY_SCALE : x <= -QUERY_SCALE ? -QUERY_SCALE : Math.round(x);
        if (many) quantised[d * n + q] = v;
        else quantised[o + d] = v + ZERO_POINT;
      }
    }
    const feeds = {
      queries: many ? new ort.Tensor('int8', quantised, [dims, n]) : new ort.Tensor('uint8', quantised, [n, dims]),
      k: new ort.Tensor('int64', BigInt64Array.of(BigInt(Math.min(Math.max(candidates, count), rows))), [1]),
    };
    const out = await (many ? this.#manyQueries : this.#fewQueries).run(feeds);
    return closestExactly(this.#matrix, dims, queries, Array.from(out.indices!.data as BigInt64Array, Number), count);
  }
}
