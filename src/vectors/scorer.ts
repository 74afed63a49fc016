import type { SentenceEncoder } from './encoder.ts';
import { messageParts } from './message-parts.ts';
import { similarityScore } from './score.ts';
import type { ThreatIndex, ThreatMatch } from './threat-index.ts';

/** Matches reported per check: enough to explain a verdict without listing the store. */
export const REPORTED_MATCHES = 3;

export interface VectorResult {
  /** Top similarity rescaled (see score.ts), to three decimals. */
  score: number;
  /** The closest entries over all views, most similar first, one per entry. */
  matches: ThreatMatch[];
}

/**
 * Scores a message by its closest stored attacks: every view (the normalised message and each
 * decoded payload) and every part of a view (message-parts.ts) is encoded and searched, and the best
 * similarities win.
 */
export function scoreViews(encoder: SentenceEncoder, index: ThreatIndex, views: readonly string[]): VectorResult {
  const best = new Map<string, ThreatMatch>();
  const parts = views.flatMap((view) => messageParts(view));
  const queries = new Float32Array(parts.length * encoder.dims);
  parts.forEach((part, i) => queries.set(encoder.encode(part), i * encoder.dims));
  for (const found of index.searchBatch(queries, REPORTED_MATCHES)) {
    for (const m of found) {
      const known = best.get(m.id);
      if (!known || known.similarity < m.similarity) best.set(m.id, m);
    }
  }
  const matches = [...best.values()].sort((a, b) => b.similarity - a.similarity).slice(0, REPORTED_MATCHES);
  // Rounded here, so a response's score and threshold compare exactly as its verdict did.
  const score = Math.round(similarityScore(matches[0]?.similarity ?? 0, encoder.calibration.similarityFloor) * 1000) / 1000;
  return { score, matches };
}
