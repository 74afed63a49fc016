import { nearestK } from './nearest.ts';

/** Neighbours looked at per entry: a near-copy beyond the 32 closest entries is kept (the store only stays larger). */
const NEIGHBOURS = 32;

/**
 * Near-copies collapsed: the entries of a store (unit vectors, row-major) to keep, in order. An entry
 * is dropped when an earlier kept entry of the same family is at least `similarity` close to it, so
 * each group of near-copies (translations and templated variants of one attack) keeps its first
 * member, and a match still names the right family. Search cost grows with the store, detection
 * with its coverage: validation measures the pruned store against the whole one.
 */
export function nearCopyLeaders(vectors: Float32Array, dims: number, families: readonly string[], similarity: number): number[] {
  const { k, similarity: sim, row } = nearestK(vectors, vectors, dims, NEIGHBOURS);
  const kept = new Uint8Array(families.length);
  const out: number[] = [];
  for (let i = 0; i < families.length; i++) {
    let copy = false;
    // Neighbours come closest first: past the first one below the level, none is a near-copy.
    for (let j = i * k; j < (i + 1) * k && !copy && sim[j]! >= similarity; j++) {
      const other = row[j]!;
      copy = other >= 0 && other < i && kept[other] === 1 && families[other] === families[i];
    }
    if (!copy) {
      kept[i] = 1;
      out.push(i);
    }
  }
  return out;
}

/** `nearCopyLeaders` of store entries given with their vectors. */
export function keepLeaders<T extends { family: string; vector: Float32Array }>(entries: readonly T[], similarity: number): T[] {
  const dims = entries[0]?.vector.length ?? 0;
  const matrix = new Float32Array(entries.length * dims);
  entries.forEach((e, i) => {
    matrix.set(e.vector, i * dims);
  });
  return nearCopyLeaders(
    matrix,
    dims,
    entries.map((e) => e.family),
    similarity,
  ).map((i) => entries[i]!);
}
