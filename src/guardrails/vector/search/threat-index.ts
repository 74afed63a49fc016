import { isRequestFamily } from '../request-matching.ts';
import type { ThreatVectorStore } from '../threat-store.ts';
import { KnnIndex } from './knn-index.ts';

/** Attacks are matched on their own; hazardous requests only with a suffix (request-matching.ts). */
export type ThreatPartition = 'attacks' | 'requests';

export function partitionOf(family: string): ThreatPartition {
  return isRequestFamily(family) ? 'requests' : 'attacks';
}

export interface ThreatMatch {
  id: string;
  family: string;
  similarity: number;
}

export interface SyncResult {
  added: number;
  removed: number;
  size: number;
}

/**
 * The active entries of one partition of the threat store in memory: a k-nearest-neighbour index plus
 * each row's id and family. Brought up to date with the database by `sync`, which only touches what
 * changed.
 *
 * A search is asynchronous (exact-search.ts), and a row is only an entry until the index changes, so
 * `sync` applies its changes when no search is in flight, and searches started meanwhile wait for it.
 * `add`, `remove` and `restore` are for building an index before it is searched.
 */
export class ThreatIndex {
  readonly encoderVersion: string;
  readonly partition: ThreatPartition;
  readonly knn: KnnIndex;
  /** Row → entry id and family (parallel to the index rows). */
  readonly #ids: string[] = [];
  readonly #families: string[] = [];
  readonly #rowOf = new Map<string, number>();
  /** Searches in flight, and the change waiting for them to end. */
  readonly #searches = new Set<Promise<unknown>>();
  #changing: Promise<void> | undefined;

  constructor(encoderVersion: string, dims: number, exactLimit?: number, partition: ThreatPartition = 'attacks') {
    this.encoderVersion = encoderVersion;
    this.partition = partition;
    this.knn = new KnnIndex(dims, exactLimit);
  }

  get size(): number {
    return this.#ids.length;
  }

  get ids(): readonly string[] {
    return this.#ids;
  }

  get families(): readonly string[] {
    return this.#families;
  }

  has(id: string): boolean {
    return this.#rowOf.has(id);
  }

  add(id: string, family: string, vector: Float32Array): void {
    if (this.#rowOf.has(id)) return;
    const row = this.knn.add(vector);
    this.#ids[row] = id;
    this.#families[row] = family;
    this.#rowOf.set(id, row);
  }

  remove(id: string): void {
    const row = this.#rowOf.get(id);
    if (row === undefined) return;
    const moved = this.knn.remove(row);
    this.#rowOf.delete(id);
    if (moved !== undefined) {
      this.#ids[row] = this.#ids[moved]!;
      this.#families[row] = this.#families[moved]!;
      this.#rowOf.set(this.#ids[row]!, row);
    }
    this.#ids.pop();
    this.#families.pop();
  }

  /** Replaces the contents with a persisted state (see index-file.ts). */
  restore(ids: readonly string[], families: readonly string[], matrix: Float32Array, graphPath?: string): void {
    this.knn.restore(matrix, graphPath);
    this.#ids.length = 0;
    this.#families.length = 0;
    this.#rowOf.clear();
    ids.forEach((id, row) => {
      this.#ids.push(id);
      this.#families.push(families[row]!);
      this.#rowOf.set(id, row);
    });
  }

  /** The `k` closest entries, most similar first. */
  async search(query: Float32Array, k: number): Promise<ThreatMatch[]> {
    return this.closest(query, k);
  }

  /** The `k` entries closest to any row of `queries` (n × dims), each with its best similarity, most similar first. */
  async closest(queries: Float32Array, k: number): Promise<ThreatMatch[]> {
    while (this.#changing) await this.#changing;
    const search = this.knn
      .closest(queries, k)
      .then((found) => found.map((n) => ({ id: this.#ids[n.row]!, family: this.#families[n.row]!, similarity: n.similarity })));
    this.#searches.add(search);
    try {
      return await search;
    } finally {
      this.#searches.delete(search);
    }
  }

  /** Makes the index hold exactly the store's active entries of its partition for this encoder. */
  async sync(threats: Pick<ThreatVectorStore, 'activeEntries' | 'vectorsOf'>): Promise<SyncResult> {
    const active = await threats.activeEntries(this.encoderVersion);
    const wanted = new Set(active.filter((e) => partitionOf(e.family) === this.partition).map((e) => e.id));
    const missing = [...wanted].filter((id) => !this.#rowOf.has(id));
    const fetched = await threats.vectorsOf(missing, this.encoderVersion);
    let removed = 0;
    await this.#change(() => {
      const stale = this.#ids.filter((id) => !wanted.has(id));
      for (const id of stale) this.remove(id);
      for (const t of fetched) this.add(t.id, t.family, t.vector);
      removed = stale.length;
    });
    return { added: fetched.length, removed, size: this.size };
  }

  /** Runs `apply` (synchronous) once no search is in flight; searches started meanwhile wait for it. */
  async #change(apply: () => void): Promise<void> {
    while (this.#changing) await this.#changing;
    const change = (async () => {
      while (this.#searches.size > 0) await Promise.allSettled([...this.#searches]);
      apply();
    })();
    this.#changing = change;
    try {
      await change;
    } finally {
      this.#changing = undefined;
    }
  }
}
