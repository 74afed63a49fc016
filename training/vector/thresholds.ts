import type { Sensitivity } from '../../src/vectors/encoder-manifest.ts';
import type { CorpusText } from './corpus.ts';

/**
 * Sensitivity levels as targets for benign false positives, averaged over benign sources (macro),
 * so that a large easy source (arithmetic word problems) cannot buy a loose threshold for the hard
 * ones (persona prompts, tweets). Medium aims at half of the product's 1 % ceiling because scores
 * of sources never seen in training spread wider than those of the validation sources.
 */
export const SENSITIVITY_TARGETS: Record<Sensitivity, number> = { Low: 0.001, Medium: 0.005, High: 0.02 };

export interface SourceRate {
  source: string;
  rows: number;
  flagged: number;
}

/** Flag rate per source among the rows that `include` selects, at similarity threshold `t`. */
export function ratesBySource(corpus: readonly CorpusText[], scores: Float32Array, t: number, include: (c: CorpusText) => boolean): SourceRate[] {
  const by = new Map<string, SourceRate>();
  corpus.forEach((c, i) => {
    if (!include(c) || Number.isNaN(scores[i]!)) return;
    let s = by.get(c.source);
    if (!s) by.set(c.source, (s = { source: c.source, rows: 0, flagged: 0 }));
    s.rows++;
    if (scores[i]! >= t) s.flagged++;
  });
  return [...by.values()].sort((a, b) => a.source.localeCompare(b.source));
}

export function macroRate(rates: readonly SourceRate[]): number {
  return rates.length === 0 ? 0 : rates.reduce((s, r) => s + r.flagged / r.rows, 0) / rates.length;
}

const isBenign = (c: CorpusText) => !c.attack;

/** The lowest similarity threshold (0.001 steps) whose macro benign flag rate is at most `target`. */
export function thresholdFor(corpus: readonly CorpusText[], scores: Float32Array, target: number): number {
  for (let t = 0; t <= 1; t += 0.001) {
    const rounded = Math.round(t * 1000) / 1000;
    if (macroRate(ratesBySource(corpus, scores, rounded, isBenign)) <= target) return rounded;
  }
  return 1;
}

/** Median top similarity of benign texts: the level of "unrelated", where the score starts. */
export function similarityFloor(corpus: readonly CorpusText[], scores: Float32Array): number {
  const benign = corpus.flatMap((c, i) => (isBenign(c) && !Number.isNaN(scores[i]!) ? [scores[i]!] : [])).sort((a, b) => a - b);
  return Math.round(benign[Math.floor(benign.length / 2)]! * 1000) / 1000;
}
