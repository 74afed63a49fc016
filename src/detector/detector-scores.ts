import type { AnalysedText } from '../text/analysed-text.ts';
import { join } from 'node:path';
import type { ModelLoader } from '../domain/model-loader.ts';
import { DETECTOR_MODEL_NAME, DetectorModel, type HeadScores } from './detector-model.ts';

/**
 * The detector model's scores for one message, computed once and shared by every guardrail that
 * reads them (llm, content moderation, system prompt): one forward pass per check. The guardrails of
 * one appliance share one instance (see DETECTOR_LOADER).
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

/** The detector of a models directory, with its per-check scores: one copy per model source, shared by the guardrails that read it. */
export const DETECTOR: Readonly<ModelLoader<DetectorScores>> = {
  name: DETECTOR_MODEL_NAME,
  load: (modelsDir, read) => new DetectorScores(DetectorModel.load(join(modelsDir, DETECTOR_MODEL_NAME), read)),
};
