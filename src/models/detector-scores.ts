import type { AnalysedText } from '../text/analysed-text.ts';
import { sharedDetectorModel, type HeadScores } from './detector-model.ts';

/**
 * The detector model's scores for one message, computed once and shared by every guardrail that
 * reads them (llm, content moderation, system prompt): one forward pass per check.
 */
const cache = new WeakMap<AnalysedText, HeadScores>();

export function detectorScores(text: AnalysedText): HeadScores {
  let scores = cache.get(text);
  if (scores === undefined) {
    scores = sharedDetectorModel().score(text.detectionViews);
    cache.set(text, scores);
  }
  return scores;
}

/** Scores as reported in responses: four decimals. */
export function roundScore(x: number): number {
  return Math.round(x * 10000) / 10000;
}
