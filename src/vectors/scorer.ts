import type { SentenceEncoder } from './encoder.ts';
import { messagePartRanges } from './message-parts.ts';
import { requestScore } from './request-matching.ts';
import { similarityScore } from './score.ts';
import type { ThreatIndex, ThreatMatch } from './threat-index.ts';
import type { VectorRuntime } from './vector-runtime.ts';

/** Matches reported per check: enough to explain a verdict without listing the store. */
export const REPORTED_MATCHES = 3;

export interface VectorResult {
  /** The best match's score (see score.ts and request-matching.ts), to three decimals. */
  score: number;
  /** The closest entries over all views, best scoring first, one per entry. */
  matches: ThreatMatch[];
}

/** What a message is scored from: its detection views and its text with case kept (`AnalysedText`). */
export interface ScoredText {
  detectionViews: readonly string[];
  cleaned: { text: string };
}

/** The vectors (parts × dims) of every part (message-parts.ts) of every view of a message. */
export function encodeParts(encoder: SentenceEncoder, views: readonly string[]): Float32Array {
  const encoded = views.map((view) => encoder.encodeRanges(view, messagePartRanges(view)));
  const queries = new Float32Array(encoded.reduce((n, e) => n + e.length, 0));
  let offset = 0;
  for (const e of encoded) {
    queries.set(e, offset);
    offset += e.length;
  }
  return queries;
}

/**
 * Scores a message by its closest stored entries: every view (the normalised message and each
 * decoded payload) and every part of a view (message-parts.ts) is encoded and searched among the
 * attacks and, when the message is suffixed, among the hazardous requests; the best score wins.
 */
export function scoreMessage(runtime: VectorRuntime, text: ScoredText): VectorResult {
  const { encoder, index, requests, matching } = runtime;
  const queries = encodeParts(encoder, text.detectionViews);
  const best = new Map<string, { match: ThreatMatch; score: number }>();
  const collect = (searched: ThreatIndex, toScore: (similarity: number) => number) => {
    for (const found of searched.searchBatch(queries, REPORTED_MATCHES)) {
      for (const m of found) {
        const known = best.get(m.id);
        if (!known || known.match.similarity < m.similarity) best.set(m.id, { match: m, score: toScore(m.similarity) });
      }
    }
  };
  const { thresholds, similarityFloor } = encoder.calibration;
  collect(index, (s) => similarityScore(s, similarityFloor));
  if (requests.size > 0 && matching.shapes.oddness(text.cleaned.text) >= matching.calibration.oddnessThreshold) collect(requests, (s) => requestScore(s, matching.calibration, thresholds));
  const ranked = [...best.values()].sort((a, b) => b.score - a.score || b.match.similarity - a.match.similarity).slice(0, REPORTED_MATCHES);
  // Rounded here, so a response's score and threshold compare exactly as its verdict did.
  const score = Math.round((ranked[0]?.score ?? 0) * 1000) / 1000;
  return { score, matches: ranked.map((r) => r.match) };
}
