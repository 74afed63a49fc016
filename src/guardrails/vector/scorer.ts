import type { SentenceEncoder } from './encoder/encoder.ts';
import { MAX_PARTS, messagePartRanges } from './encoder/message-parts.ts';
import { requestScore } from './request-matching.ts';
import { similarityScore } from './score.ts';
import type { ThreatIndex, ThreatMatch } from './search/threat-index.ts';
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

/**
 * Which `count` of a view's sentence vectors (rows of `sentences`) to search as well: returns row
 * numbers. A long text's sentences are all encoded (cheap, see `SentenceEncoder.encodeRanges`); its
 * first `MAX_PARTS` are always searched, and `pick` chooses `MAX_PARTS` more among the rest.
 */
export type SentencePicker = (sentences: Float32Array, count: number) => Promise<number[]>;

/**
 * The vectors (parts × dims) of every part (message-parts.ts) of every view of a message: the whole
 * view, its windows, its first `MAX_PARTS` sentences and, given `pick`, as many of its later ones.
 */
export async function encodeParts(encoder: SentenceEncoder, views: readonly string[], pick?: SentencePicker): Promise<Float32Array> {
  const { dims } = encoder;
  const encoded: Float32Array[] = [];
  for (const view of views) encoded.push(await encodeView(encoder, view, dims, pick));
  const queries = new Float32Array(encoded.reduce((n, e) => n + e.length, 0));
  let offset = 0;
  for (const e of encoded) {
    queries.set(e, offset);
    offset += e.length;
  }
  return queries;
}

async function encodeView(encoder: SentenceEncoder, view: string, dims: number, pick?: SentencePicker): Promise<Float32Array> {
  const { windows, sentences } = messagePartRanges(view);
  const first = windows.length + Math.min(MAX_PARTS, sentences.length);
  if (!pick || sentences.length <= MAX_PARTS) return encoder.encodeRanges(view, [...windows, ...sentences.slice(0, MAX_PARTS)]);
  const vectors = encoder.encodeRanges(view, [...windows, ...sentences]);
  const later = await pick(vectors.subarray(first * dims), MAX_PARTS);
  const out = new Float32Array((first + later.length) * dims);
  out.set(vectors.subarray(0, first * dims));
  later.forEach((row, i) => {
    out.set(vectors.subarray((first + row) * dims, (first + row + 1) * dims), (first + i) * dims);
  });
  return out;
}

/**
 * Scores a message by its closest stored entries: every view (the normalised message and each
 * decoded payload) and every part of a view (message-parts.ts) is encoded and searched among the
 * attacks and, when the message is suffixed, among the hazardous requests; the best score wins.
 */
export async function scoreMessage(runtime: VectorRuntime, text: ScoredText): Promise<VectorResult> {
  const { encoder, index, requests, matching } = runtime;
  const queries = await encodeParts(encoder, text.detectionViews, (sentences, count) => index.knn.coarseRank(sentences, count));
  const scored: Array<{ match: ThreatMatch; score: number }> = [];
  // Entries are in one partition or the other, so each is found at most once.
  const collect = async (searched: ThreatIndex, toScore: (similarity: number) => number) => {
    for (const match of await searched.closest(queries, REPORTED_MATCHES)) {
      // Nothing in common (an empty or whitespace-only message encodes to the zero vector): no match.
      if (match.similarity > 0) scored.push({ match, score: toScore(match.similarity) });
    }
  };
  const { thresholds, similarityFloor } = encoder.calibration;
  await collect(index, (s) => similarityScore(s, similarityFloor));
  if (requests.size > 0 && matching.shapes.oddness(text.cleaned.text) >= matching.calibration.oddnessThreshold)
    await collect(requests, (s) => requestScore(s, matching.calibration, thresholds));
  const ranked = scored.sort((a, b) => b.score - a.score || b.match.similarity - a.match.similarity).slice(0, REPORTED_MATCHES);
  // Rounded here, so a response's score and threshold compare exactly as its verdict did.
  const score = Math.round((ranked[0]?.score ?? 0) * 1000) / 1000;
  return { score, matches: ranked.map((r) => r.match) };
}
