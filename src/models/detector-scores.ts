import type { AnalysedText } from '../text/analysed-text.ts';
import type { DetectorModel, HeadScores } from './detector-model.ts';

/**
 * The detector model's scores for one message, computed once and shared by every guardrail that
 * reads them (llm, content moderation, system prompt): one forward pass per check. The guardrails of
 * one appliance share one instance (see ModelLibrary.detector).
 */
export class DetectorScores {
  readonly model: DetectorModel;
  readonly #cache = new WeakMap<AnalysedText, HeadScores>();

  constructor(model: DetectorModel) {
    this.model = model;
  }

  of(text: AnalysedText): HeadScores {
    let scores = this.#cache.get(text);
    if (scores === undefined) {
      scores = this.model.score(text.detectionViews);
      this.#cache.set(text, scores);
    }
    return scores;
  }
}

/** Scores as reported in responses: four decimals. */
export function roundScore(x: number): number {
  return Math.round(x * 10000) / 10000;
}
