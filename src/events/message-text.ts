import { applyRedactions } from '../engine/pipeline.ts';
import { ENTITY_TYPES } from '../guardrails/pii/entities.ts';
import type { ModelRecogniser, PiiEngine } from '../guardrails/pii/engine.ts';
import { compilePii } from '../guardrails/pii/index.ts';

/** Recorded text is cut here; events describe checks, they are not an archive of prompts. */
export const MAX_RECORDED_CHARS = 4096;
// Lower than the guardrail's reporting threshold: when in doubt, mask.
const MASK_MIN_SCORE = 0.3;

/**
 * Masks messages before their text is recorded, with every PII recogniser whatever the profile's PII
 * settings: recorded text never contains PII.
 */
export class MessageTextMasker {
  readonly #engine: PiiEngine;

  /** `person`: the PERSON recogniser (the PII guardrail's, so its weights are loaded once). */
  constructor(person: ModelRecogniser) {
    this.#engine = compilePii({ entities: [...ENTITY_TYPES], min_score: MASK_MIN_SCORE, actions: {} }, person).engine;
  }

  /**
   * The message as it may be recorded for a profile that opted in: every PII entity replaced with
   * `<TYPE>`, cut to MAX_RECORDED_CHARS.
   */
  recordable(message: string): string {
    const masked = applyRedactions(
      message,
      this.#engine.scan(message).map((e) => ({ start: e.start, end: e.end, replacement: `<${e.type}>` })),
    );
    return masked.length > MAX_RECORDED_CHARS ? `${masked.slice(0, MAX_RECORDED_CHARS)}…` : masked;
  }
}
