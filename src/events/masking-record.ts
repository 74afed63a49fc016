import type { CheckOutcome, CompiledProfile } from '../engine/pipeline.ts';
import { isEntityType, type Entity, type EntityType } from '../guardrails/pii/entities.ts';
import type { CompiledPii } from '../guardrails/pii/index.ts';

/** An entity by type and score: what a record keeps of it (never its text or position). */
export interface RecordedEntity {
  type: EntityType;
  score: number;
}

/**
 * What masking a check's recorded text removed, stored with the event: what-if replays run on the
 * masked text, so they carry these over instead of judging placeholders.
 */
export interface MaskingRecord {
  /** Every entity masked in the recorded text, in text order (every PII type, at the masking threshold). */
  masked: RecordedEntity[];
  /** The PII guardrail's own entities on the check, and the key of the detection settings that found them. */
  pii?: { detection: string; entities: RecordedEntity[] };
  /**
   * Other guardrails that fired on a masked range, or without pointing at a range (a model reading
   * the whole text) when anything was masked: the recorded text no longer holds what they judged.
   */
  evidence_masked?: string[];
  /** The recorded text was cut at the recording limit. */
  cut?: true;
  /** An answer compared with a system prompt or canary of a forwarded request, which is not recorded. */
  system_prompt_unrecorded?: true;
}

export interface MaskingFacts {
  /** The entities masked in the original message. */
  masked: readonly Entity[];
  cut: boolean;
  outcome: CheckOutcome;
  profile: CompiledProfile;
  /** The check compared the answer with a forwarded system prompt or canary. */
  systemPromptGiven: boolean;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/** PII entities as the guardrail reported them in its `checks` block (absent when it did not run or failed). */
function reportedEntities(outcome: CheckOutcome): RecordedEntity[] | undefined {
  const block = outcome.checks.pii as { enabled?: boolean; error?: unknown; entities?: { type: string; score: number }[] } | undefined;
  if (!block?.enabled || block.error !== undefined || !block.entities) return undefined;
  return block.entities.filter((e) => isEntityType(e.type)).map((e) => ({ type: e.type as EntityType, score: e.score }));
}

export function maskingRecord({ masked, cut, outcome, profile, systemPromptGiven }: MaskingFacts): MaskingRecord {
  const record: MaskingRecord = { masked: masked.map((e) => ({ type: e.type, score: e.score })) };
  const pii = profile.guardrails.get('pii');
  const entities = reportedEntities(outcome);
  if (typeof pii === 'object' && entities) record.pii = { detection: (pii.compiled as CompiledPii).detectionKey, entities };
  if (masked.length > 0) {
    const evidenceMasked = [...outcome.blocked_by, ...outcome.monitored_by].filter((name) => {
      if (name === 'pii') return false;
      const spans = outcome.spans.filter((s) => s.guardrail === name);
      // A guardrail that fired without pointing at a range (a model) read the whole text, masked parts included.
      return spans.length === 0 || spans.some((s) => masked.some((e) => overlaps(e, s)));
    });
    if (evidenceMasked.length > 0) record.evidence_masked = evidenceMasked;
  }
  if (cut) record.cut = true;
  if (systemPromptGiven && outcome.records.system_prompt) record.system_prompt_unrecorded = true;
  return record;
}
