import type { Sensitivity } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import { VECTOR_SENSITIVITIES } from '../../src/guardrails/vector/encoder/encoder-manifest.ts';
import { WRAPPED_SOURCE, type CorpusText } from './corpus.ts';
import type { OutOfSourceScores } from './validation.ts';

/**
 * Sensitivity levels as targets for benign false positives, averaged over benign sources (macro),
 * so that a large easy source (arithmetic word problems) cannot buy a loose threshold for the hard
 * ones (persona prompts, tweets), and held by the hard-benign rows (look-alikes of attacks and
 * hazards) on their own as well. Medium aims at half of the product's 1 % ceiling because scores
 * of sources never seen in training spread wider than those of the validation sources.
 */
export const SENSITIVITY_TARGETS: Record<Sensitivity, number> = { Low: 0.001, Medium: 0.005, High: 0.02 };

export interface SourceRate {
  source: string;
  rows: number;
  flagged: number;
}

/** Where a text's rate is counted: its source, the hard-benign rows of a source apart. */
const groupOf = (c: CorpusText) => (c.hard ? `${c.source} (hard-benign)` : c.source);

/** The scores of the rows that `include` selects, per group (groupOf), ascending. */
function scoresByGroup(
  corpus: readonly CorpusText[],
  scores: Float32Array,
  include: (c: CorpusText) => boolean,
): Array<{ group: string; sorted: Float32Array }> {
  const by = new Map<string, number[]>();
  corpus.forEach((c, i) => {
    if (!include(c) || Number.isNaN(scores[i]!)) return;
    const group = groupOf(c);
    let list = by.get(group);
    if (!list) by.set(group, (list = []));
    list.push(scores[i]!);
  });
  return [...by].map(([group, list]) => ({ group, sorted: Float32Array.from(list).sort() })).sort((a, b) => a.group.localeCompare(b.group));
}

/** How many of `sorted` (ascending) are at least `t`. */
function countAtLeast(sorted: Float32Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length - lo;
}

const ratesAt = (groups: ReturnType<typeof scoresByGroup>, t: number): SourceRate[] =>
  groups.map((g) => ({ source: g.group, rows: g.sorted.length, flagged: countAtLeast(g.sorted, t) }));

/** Flag rate per source among the rows that `include` selects, at similarity threshold `t`. */
export function ratesBySource(corpus: readonly CorpusText[], scores: Float32Array, t: number, include: (c: CorpusText) => boolean): SourceRate[] {
  return ratesAt(scoresByGroup(corpus, scores, include), t);
}

export function macroRate(rates: readonly SourceRate[]): number {
  return rates.length === 0 ? 0 : rates.reduce((s, r) => s + r.flagged / r.rows, 0) / rates.length;
}

/** Flagged share of all rows of `rates`. */
export function pooledRate(rates: readonly SourceRate[]): number {
  const rows = rates.reduce((a, r) => a + r.rows, 0);
  return rows === 0 ? 0 : rates.reduce((a, r) => a + r.flagged, 0) / rows;
}

const isBenign = (c: CorpusText) => !c.attack;
const isPlainBenign = (c: CorpusText) => !c.attack && !c.hard;
const isHardBenign = (c: CorpusText) => !c.attack && c.hard;
/**
 * Attacks of a source. Wrapped requests share their frames across folds: their rates say how a known
 * technique carries over to new requests, not how unseen attacks fare, so headline rates leave them out.
 */
export const isSourceAttack = (c: CorpusText) => c.attack && !c.source.startsWith(WRAPPED_SOURCE);

/** Macro flag rates at `t` of the benign sources and of the hard-benign ones. */
export function benignRates(corpus: readonly CorpusText[], scores: Float32Array, t: number): { benign: number; hard: number } {
  return { benign: macroRate(ratesBySource(corpus, scores, t, isPlainBenign)), hard: macroRate(ratesBySource(corpus, scores, t, isHardBenign)) };
}

/** The lowest similarity threshold (0.001 steps) whose macro flag rates, benign and hard-benign, are both at most `target`. */
export function thresholdFor(corpus: readonly CorpusText[], scores: Float32Array, target: number): number {
  const plain = scoresByGroup(corpus, scores, isPlainBenign);
  const hard = scoresByGroup(corpus, scores, isHardBenign);
  for (let t = 0; t <= 1; t += 0.001) {
    const rounded = Math.round(t * 1000) / 1000;
    if (macroRate(ratesAt(plain, rounded)) <= target && macroRate(ratesAt(hard, rounded)) <= target) return rounded;
  }
  return 1;
}

/** Median top similarity of benign texts: the level of "unrelated", where the score starts. */
export function similarityFloor(corpus: readonly CorpusText[], scores: Float32Array): number {
  const benign = corpus.flatMap((c, i) => (isBenign(c) && !Number.isNaN(scores[i]!) ? [scores[i]!] : [])).sort((a, b) => a - b);
  return Math.round(benign[Math.floor(benign.length / 2)]! * 1000) / 1000;
}

/** The similarity threshold of each sensitivity (see SENSITIVITY_TARGETS). */
export function sensitivityThresholds(corpus: readonly CorpusText[], scores: Float32Array): Record<Sensitivity, number> {
  return Object.fromEntries(VECTOR_SENSITIVITIES.map((s) => [s, thresholdFor(corpus, scores, SENSITIVITY_TARGETS[s])])) as Record<Sensitivity, number>;
}

/** Pooled out-of-source recall of the source attacks at each sensitivity's own threshold. */
function recallBySensitivity(corpus: readonly CorpusText[], scores: Float32Array): Record<Sensitivity, number> {
  const thresholds = sensitivityThresholds(corpus, scores);
  return Object.fromEntries(VECTOR_SENSITIVITIES.map((s) => [s, pooledRate(ratesBySource(corpus, scores, thresholds[s], isSourceAttack))])) as Record<
    Sensitivity,
    number
  >;
}

/** Largest loss of pooled out-of-source attack recall, at any sensitivity, that a smaller store may cost. */
export const PRUNE_RECALL_TOLERANCE = 0.005;

export interface PruningChoice {
  /** Recall of the whole store at each sensitivity. */
  whole: Record<Sensitivity, number>;
  levels: Array<{ similarity: number; keptShare: number; recall: Record<Sensitivity, number> }>;
  /** The level the seed is pruned at; undefined: every level cost too much recall, the seed is whole. */
  chosen: number | undefined;
}

/**
 * The near-copy level to prune the seed at: of the levels whose out-of-source recall stays within
 * PRUNE_RECALL_TOLERANCE of the whole store's at every sensitivity (each with thresholds chosen on its
 * own benign scores), the one that keeps the fewest entries.
 */
export function choosePruning(corpus: readonly CorpusText[], scored: OutOfSourceScores): PruningChoice {
  const whole = recallBySensitivity(corpus, scored.whole);
  const levels = scored.pruneLevels.map((similarity, k) => ({
    similarity,
    keptShare: scored.keptShare[k]!,
    recall: recallBySensitivity(corpus, scored.pruned[k]!),
  }));
  const fine = levels.filter((l) => VECTOR_SENSITIVITIES.every((s) => l.recall[s] >= whole[s] - PRUNE_RECALL_TOLERANCE));
  const chosen = fine.sort((a, b) => a.keptShare - b.keptShare)[0]?.similarity;
  return { whole, levels, chosen };
}
