import { applyRedactions, type CheckOutcome, type CompiledProfile } from '../engine/pipeline.ts';
import { ENTITY_TYPES } from '../guardrails/pii/entities.ts';
import type { ModelRecogniser, PiiEngine } from '../guardrails/pii/engine.ts';
import { compilePii } from '../guardrails/pii/index.ts';
import { maskingRecord, type MaskingRecord } from './masking-record.ts';

/** Recorded text is cut here; events describe checks, they are not an archive of prompts. */
export const MAX_RECORDED_CHARS = 4096;
// Lower than the guardrail's reporting threshold: when in doubt, mask.
const MASK_MIN_SCORE = 0.3;

/** A check's message as it may be recorded, and what its masking removed. */
export interface RecordedText {
  messageText: string;
  messageMasking: MaskingRecord;
}

/**
 * Masks messages before their text is recorded, with every PII recogniser whatever the profile's PII
 * settings: recorded text never contains PII or secrets.
 */
export class MessageTextMasker {
  readonly #engine: PiiEngine;

  /** `person`: the PERSON recogniser (the PII guardrail's, so its weights are loaded once). */
  constructor(person: ModelRecogniser) {
    this.#engine = compilePii({ entities: [...ENTITY_TYPES], min_score: MASK_MIN_SCORE, actions: {} }, person).engine;
  }

  /**
   * The message of a checked request as it may be recorded for a profile that opted in: every PII
   * entity replaced with `<TYPE>`, cut to MAX_RECORDED_CHARS; with what the masking removed and the
   * verdicts it hides (see MaskingRecord). `systemPromptGiven`: an answer was compared with a
   * forwarded system prompt or canary.
   */
  record(message: string, outcome: CheckOutcome, profile: CompiledProfile, systemPromptGiven: boolean): RecordedText {
    const entities = this.#engine.scan(message);
    const masked = applyRedactions(
      message,
      entities.map((e) => ({ start: e.start, end: e.end, replacement: `<${e.type}>` })),
    );
    const cut = masked.length > MAX_RECORDED_CHARS;
    return {
      messageText: cut ? `${masked.slice(0, MAX_RECORDED_CHARS)}…` : masked,
      messageMasking: maskingRecord({ masked: entities, cut, outcome, profile, systemPromptGiven }),
    };
  }
}
