import type { BatchMatches, Index, Matches } from 'usearch';
import { ExactSearch, FixedMatrixSearch, QuantisedMatrixSearch, closestExactly, type Neighbour } from './exact-search.ts';
import { usearch } from './usearch-addon.ts';

export type { Neighbour } from './exact-search.ts';

/**
 * Below this many vectors, search is exact (one int8 matrix product for all of a message's parts and
 * an exact float32 comparison of its best candidates, exact-search.ts); at and above it, approximate (HNSW). 10,000 keeps a query near the cost of an
 * HNSW query at 100k.
 */
export const EXACT_SEARCH_LIMIT = 10_000;

// HNSW parameters: 16 links a node, a wide construction beam and a search beam of 64, which keep a
// query at 100k vectors well under a millisecond (bench/vector.bench.ts). The graph holds int8 copies of the vectors
// (a quarter of the memory, faster distances); the `CANDIDATES` it returns, like those of the int8
// product below the limit, are re-ranked by exact float32 similarity from the matrix, so reported
// similarities are exact.
const CONNECTIVITY = 16;
const EXPANSION_ADD = 128;
const EXPANSION_SEARCH = 64;
const CANDIDATES = 16;
/** `coarseRank` compares with one stored vector in this many. */
const COARSE_STRIDE = 8;

/**
 * Unit vectors in one flat matrix, searched by inner product (= cosine similarity). Rows are dense: removing a row moves
 * the last row into its place, so the matrix never has holes. An HNSW graph (usearch) is built once
 * the index grows past `EXACT_SEARCH_LIMIT` and then kept up to date row by row.
 */
export class KnnIndex {
  readonly dims: number;
  /** Size from which search is approximate (EXACT_SEARCH_LIMIT unless a test wants it smaller). */
  readonly exactLimit: number;
  #matrix: Float32Array;
  #rows = 0;
  #graph: Index | undefined;
  /** Created on the first exact search (onnxruntime sessions are made asynchronously). */
  #exact: Promise<ExactSearch> | undefined;
  /** Counts changes of the rows, so a search holding a copy of the matrix is used only while it is current. */
  #version = 0;
  /** Searches holding a copy of the matrix, and of its coarse sample, as they were at a version (see `HeldSearch`). */
  readonly #full = new HeldSearch(QuantisedMatrixSearch.create);
  readonly #coarse = new HeldSearch(FixedMatrixSearch.create);

  constructor(dims: number, exactLimit = EXACT_SEARCH_LIMIT) {
    this.dims = dims;
    this.exactLimit = exactLimit;
    this.#matrix = new Float32Array(1024 * dims);
  }

  get size(): number {
    return this.#rows;
  }

  get approximate(): boolean {
    return this.#graph !== undefined;
  }

  /** The stored matrix (rows × dims), e.g. to persist it. */
  get matrix(): Float32Array {
    return this.#matrix.subarray(0, this.#rows * this.dims);
  }

  vector(row: number): Float32Array {
    return this.#matrix.subarray(row * this.dims, (row + 1) * this.dims);
  }

  /** Appends a vector; returns its row. */
  add(vector: Float32Array): number {
    if (vector.length !== this.dims) throw new Error(`Vector has ${vector.length} dimensions, the index ${this.dims}.`);
    if ((this.#rows + 1) * this.dims > this.#matrix.length) {
      const grown = new Float32Array(this.#matrix.length * 2);
      grown.set(this.#matrix);
      this.#matrix = grown;
    }
    const row = this.#rows++;
    this.#version++;
    this.#matrix.set(vector, row * this.dims);
    if (this.#graph) this.#graph.add(BigInt(row), vector);
    else if (this.#rows >= this.exactLimit) this.#graph = this.#buildGraph();
    return row;
  }

  /**
   * Removes a row by moving the last row into it. Returns the row that moved (its old number), or
   * undefined when the removed row was the last one.
   */
  remove(row: number): number | undefined {
    if (row < 0 || row >= this.#rows) throw new Error(`No row ${row}.`);
    const last = this.#rows - 1;
    if (this.#graph) {
      this.#graph.remove(BigInt(row));
      if (row !== last) {
        this.#graph.remove(BigInt(last));
        this.#graph.add(BigInt(row), this.vector(last));
      }
    }
    if (row !== last) this.#matrix.copyWithin(row * this.dims, last * this.dims, (last + 1) * this.dims);
    this.#rows = last;
    this.#version++;
    if (this.#graph && this.#rows < this.exactLimit / 2) this.#graph = undefined; // hysteresis: no flapping at the limit
    return row === last ? undefined : last;
  }

  /** The `k` most similar rows, most similar first. */
  async search(query: Float32Array, k: number): Promise<Neighbour[]> {
    return this.closest(query, k);
  }

  /**
   * The `k` rows most similar to any of `queries` (n × dims), each with its best similarity, most
   * similar first: a message is searched as a whole and in parts (message-parts.ts), and what counts
   * is its closest entries. Every way of searching picks candidates (by int8 product, by float32
   * product, or from the HNSW graph) whose similarities are then computed exactly, the same way, so
   * all three report the same similarities for the same rows.
   */
  async closest(queries: Float32Array, k: number): Promise<Neighbour[]> {
    const n = queries.length / this.dims;
    const count = Math.min(k, this.#rows);
    if (count === 0 || n === 0) return [];
    const matrix = this.matrix;
    if (this.#graph) {
      const found = this.#graph.search(queries, Math.max(count, CANDIDATES), 1);
      return closestExactly(matrix, this.dims, queries, graphCandidates(found, n, this.#rows), count);
    }
    const held = this.#full.current(this.#version, () => matrix, this.dims);
    if (held) return held.closest(queries, count, CANDIDATES);
    const found = await (await this.#exactSearch()).search(matrix, queries, this.dims, Math.max(count, CANDIDATES));
    return closestExactly(
      matrix,
      this.dims,
      queries,
      found.flat().map((f) => f.row),
      count,
    );
  }

  /**
   * The `count` queries (rows of `queries`) most similar to any of every `COARSE_STRIDE`th stored
   * vector, most similar first: a cheap first look that picks which of many queries to search in full.
   */
  async coarseRank(queries: Float32Array, count: number): Promise<number[]> {
    const n = queries.length / this.dims;
    if (n <= count || this.#rows === 0) return Array.from({ length: Math.min(n, count) }, (_, i) => i);
    // The sample's search, once made, holds it packed; until then the sample goes with the search.
    let sample: Float32Array | undefined;
    const sampled = () => (sample ??= this.#coarseSample());
    const held = this.#coarse.current(this.#version, sampled, this.dims);
    const found = held ? await held.search(queries, 1) : await (await this.#exactSearch()).search(sampled(), queries, this.dims, 1);
    const best = found.map((f) => f[0]?.similarity ?? Number.NEGATIVE_INFINITY);
    return Array.from({ length: n }, (_, q) => q)
      .sort((a, b) => best[b]! - best[a]!)
      .slice(0, count);
  }

  #exactSearch(): Promise<ExactSearch> {
    this.#exact ??= ExactSearch.create();
    return this.#exact;
  }

  /** Every `COARSE_STRIDE`th stored vector (rows × dims). */
  #coarseSample(): Float32Array {
    const sampled = Math.ceil(this.#rows / COARSE_STRIDE);
    const sample = new Float32Array(sampled * this.dims);
    for (let i = 0; i < sampled; i++) sample.set(this.vector(i * COARSE_STRIDE), i * this.dims);
    return sample;
  }

  /** Saves the HNSW graph, when there is one, so a restart need not rebuild it. */
  saveGraph(path: string): boolean {
    if (!this.#graph) return false;
    this.#graph.save(path);
    return true;
  }

  /**
   * Replaces the contents with a saved matrix (rows × dims) and, above the exact-search limit, the
   * graph saved with it; a missing or mismatched graph is rebuilt.
   */
  restore(matrix: Float32Array, graphPath?: string): void {
    if (matrix.length % this.dims !== 0) throw new Error('Matrix does not match the dimensions.');
    this.#rows = matrix.length / this.dims;
    this.#version++;
    // Exactly the rows restored: an index is restored far more often than it grows, and `add` doubles it then.
    this.#matrix = new Float32Array(Math.max(1024, this.#rows) * this.dims);
    this.#matrix.set(matrix);
    this.#graph = undefined;
    if (this.#rows < this.exactLimit) return;
    if (graphPath) {
      try {
        const graph = this.#newGraph();
        graph.load(graphPath);
        if (graph.size() === this.#rows) {
          this.#graph = graph;
          return;
        }
      } catch {
        // fall through to a rebuild
      }
    }
    this.#graph = this.#buildGraph();
  }

  #newGraph(): Index {
    return new usearch.Index({
      dimensions: this.dims,
      // Cosine, not inner product: int8 quantisation scales each vector, which only cosine ignores.
      metric: usearch.MetricKind.Cos,
      quantization: usearch.ScalarKind.I8,
      connectivity: CONNECTIVITY,
      expansion_add: EXPANSION_ADD,
      expansion_search: EXPANSION_SEARCH,
      multi: false,
    });
  }

  #buildGraph(): Index {
    const graph = this.#newGraph();
    const keys = new BigUint64Array(this.#rows);
    for (let i = 0; i < this.#rows; i++) keys[i] = BigInt(i);
    graph.add(keys, this.matrix, 0);
    return graph;
  }
}

/** The rows the graph found for any of `n` queries (usearch answers one query with `Matches`, several with `BatchMatches`). */
function graphCandidates(found: Matches | BatchMatches, n: number, rows: number): number[] {
  const out: number[] = [];
  for (let q = 0; q < n; q++) {
    const m = 'counts' in found ? found.get(q) : found;
    // usearch pads missing results.
    for (let i = 0; i < m.keys.length; i++) if (Number(m.keys[i]) < rows && Number.isFinite(m.distances[i]!)) out.push(Number(m.keys[i]));
  }
  return out;
}

/**
 * A search holding a copy of a matrix derived from the index's rows, made again when they change.
 * `current` returns it when it is ready for this version of the rows; otherwise it starts making it
 * and returns undefined: until it is ready (and should it fail to be made) callers pass the matrix
 * with each search, which gives the same results, only slower (exact-search.ts). The rows change
 * rarely (a review decision, a sync), so a copy per change is cheap.
 */
class HeldSearch<S> {
  readonly #make: (matrix: Float32Array, dims: number) => Promise<S>;
  #held: { version: number; search?: S } | undefined;

  constructor(make: (matrix: Float32Array, dims: number) => Promise<S>) {
    this.#make = make;
  }

  current(version: number, matrix: () => Float32Array, dims: number): S | undefined {
    if (this.#held?.version === version) return this.#held.search;
    const held: { version: number; search?: S } = { version };
    this.#held = held;
    this.#make(matrix(), dims).then(
      (search) => {
        held.search = search;
      },
      () => undefined,
    );
    return undefined;
  }
}
