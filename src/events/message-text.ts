import { applyRedactions } from '../engine/pipeline.ts';
import { ENTITY_TYPES } from '../guardrails/pii/entities.ts';
import type { PiiEngine } from '../guardrails/pii/engine.ts';
import { compilePii } from '../guardrails/pii/index.ts';

/** Recorded text is cut here; events describe checks, they are not an archive of prompts. */
export const MAX_RECORDED_CHARS = 4096;
// Lower than the guardrail's reporting threshold: when in doubt, mask.
const MASK_MIN_SCORE = 0.3;

let engine: PiiEngine | null | undefined;

/** Every PII recogniser, whatever the profile's PII settings: recorded text never contains PII. */
function maskingEngine(): PiiEngine | null {
  if (engine === undefined) {
    try {
      engine = compilePii({ entities: [...ENTITY_TYPES], min_score: MASK_MIN_SCORE, actions: {} }).engine;
    } catch {
      // The PERSON model is not loaded in this process: record no text rather than unmasked names.
      engine = null;
    }
  }
  return engine;
}

/**
 * The message as it may be recorded for a profile that opted in: every PII entity replaced with
 * `<TYPE>`, cut to MAX_RECORDED_CHARS. null when masking is unavailable (fail closed).
 */
export function recordableMessageText(message: string): string | null {
  const scanner = maskingEngine();
  if (!scanner) return null;
  const masked = applyRedactions(
    message,
    scanner.scan(message).map((e) => ({ start: e.start, end: e.end, replacement: `<${e.type}>` })),
  );
  return masked.length > MAX_RECORDED_CHARS ? `${masked.slice(0, MAX_RECORDED_CHARS)}…` : masked;
}
