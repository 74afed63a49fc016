export { auc } from '../src/eval/auc.ts';

/** Ranking and threshold metrics on scores of positives and negatives. */

/** Smallest threshold whose false-positive rate on `neg` (score >= threshold) is at most `fpr`. */
export function thresholdAtFpr(neg: readonly number[], fpr: number): number {
  const sorted = [...neg].sort((a, b) => b - a);
  const allowed = Math.floor(sorted.length * fpr);
  if (allowed >= sorted.length) return -Infinity;
  const above = sorted[allowed]!;
  // Strictly above the (allowed+1)-th highest negative.
  return above + Math.max(1e-9, Math.abs(above) * 1e-9);
}

export function rate(scores: readonly number[], threshold: number): number {
  if (scores.length === 0) return NaN;
  return scores.filter((s) => s >= threshold).length / scores.length;
}

export function pct(x: number): string {
  return Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)} %`;
}
