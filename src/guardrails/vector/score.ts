/**
 * The vector filter's score: the cosine similarity of the closest stored attack, rescaled so that the
 * similarity typical of unrelated text (`floor`, the median on validation) reads 0 and an exact
 * match 1. Thresholds are on this scale; matches report the raw similarity.
 */
export function similarityScore(similarity: number, floor: number): number {
  return Math.min(1, Math.max(0, (similarity - floor) / (1 - floor)));
}
