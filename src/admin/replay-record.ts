import { GUARDRAIL_NAMES } from '../guardrails/registry.ts';
import type { CheckOutcome, CompiledProfile } from '../engine/pipeline.ts';
import type { RecordedEntity } from '../events/masking-record.ts';
import { ENTITY_TYPES, type EntityType } from '../guardrails/pii/entities.ts';
import { piiAction, type CompiledPii } from '../guardrails/pii/index.ts';
import type { CheckEvent } from '../store/check-events.ts';

/** Why a recorded check cannot be judged by a candidate profile from what was recorded. */
export const NOT_REPLAYABLE_REASONS = ['text_cut', 'system_prompt_not_recorded', 'evidence_masked', 'masking_not_recorded'] as const;
export type NotReplayableReason = (typeof NOT_REPLAYABLE_REASONS)[number];

/** What a replayed check came to once the recorded masking is taken into account. */
export type ReplayedCheck =
  | {
      replayable: true;
      blockedBy: string[];
      monitoredBy: string[];
      /** Entity types whose recorded findings the candidate's PII actions were applied to. */
      carried: EntityType[];
    }
  | { replayable: false; reasons: NotReplayableReason[]; guardrails: string[] };

const PLACEHOLDER = new RegExp(`<(?:${ENTITY_TYPES.join('|')})>`, 'g');

/** Where the masking placed `<TYPE>` in a recorded text. */
function placeholders(text: string): { start: number; end: number }[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

const overlapsAny = (span: { start: number; end: number }, ranges: readonly { start: number; end: number }[]) =>
  ranges.some((r) => span.start < r.end && r.start < span.end);

/** Whether the candidate ran a guardrail on this check. */
const ran = (outcome: CheckOutcome, name: string) => (outcome.checks[name] as { enabled?: boolean } | undefined)?.enabled === true;

/**
 * The PII entities the candidate would have found in the original text: the recorded findings of
 * the PII guardrail when the candidate detects the same types at the same minimum score, otherwise
 * every masked entity the candidate's types and minimum score take in.
 */
function recordedPiiEntities(event: CheckEvent, pii: CompiledPii): RecordedEntity[] {
  const masking = event.messageMasking!;
  if (masking.pii && masking.pii.detection === pii.detectionKey) return masking.pii.entities;
  return masking.masked.filter((e) => pii.types.has(e.type) && e.score >= pii.minScore);
}

/**
 * Reconciles a candidate's outcome on a recorded (masked) text with what the masking removed. PII
 * cannot find masked entities again, so its verdict is judged from the recorded entities with the
 * candidate's PII settings. A check is not replayable when another guardrail's verdict differs from
 * the record and may have been changed by the recording rather than by the profile: text cut at the
 * recording limit, an answer's system prompt that was not recorded, or a guardrail whose evidence
 * (or, for a model reading the whole text, the text) was masked.
 */
export function reconcileReplayedCheck(event: CheckEvent, outcome: CheckOutcome, profile: CompiledProfile): ReplayedCheck {
  const masking = event.messageMasking;
  const text = event.messageText!;
  const reasons = new Set<NotReplayableReason>();
  const unattributable = new Set<string>();
  if (!masking) {
    // Recorded before masking was recorded: what the masked entities were, and what they decided, is gone.
    if (placeholders(text).length > 0) return { replayable: false, reasons: ['masking_not_recorded'], guardrails: [] };
    return { replayable: true, blockedBy: outcome.blocked_by, monitoredBy: outcome.monitored_by, carried: [] };
  }
  if (masking.cut) reasons.add('text_cut');
  // The answer was compared with a forwarded system prompt (or canary) that is not recorded; a candidate running the guardrail cannot compare it again.
  if (masking.system_prompt_unrecorded && typeof profile.guardrails.get('system_prompt') === 'object') {
    reasons.add('system_prompt_not_recorded');
    unattributable.add('system_prompt');
  }

  const before = new Set([...event.blockedBy, ...(event.monitoredBy ?? [])]);
  const after = new Set([...outcome.blocked_by, ...outcome.monitored_by]);
  if (masking.masked.length > 0) {
    const marks = placeholders(text);
    for (const name of GUARDRAIL_NAMES) {
      if (name === 'pii' || before.has(name) === after.has(name) || !ran(outcome, name)) continue;
      const spans = outcome.spans.filter((s) => s.guardrail === name);
      const masked = before.has(name) ? (masking.evidence_masked ?? []).includes(name) : spans.length === 0 || spans.some((s) => overlapsAny(s, marks));
      if (masked) {
        reasons.add('evidence_masked');
        unattributable.add(name);
      }
    }
  }
  if (reasons.size > 0) return { replayable: false, reasons: [...reasons], guardrails: [...unattributable] };

  const entry = profile.guardrails.get('pii');
  if (typeof entry !== 'object' || !ran(outcome, 'pii'))
    return { replayable: true, blockedBy: outcome.blocked_by, monitoredBy: outcome.monitored_by, carried: [] };
  const pii = entry.compiled as CompiledPii;
  const recorded = recordedPiiEntities(event, pii);
  const found = (outcome.checks.pii as { entities?: { type: EntityType }[] }).entities ?? [];
  const blocks = [...recorded, ...found].some((e) => piiAction(pii, e.type) === 'block');
  const without = (names: readonly string[]) => names.filter((n) => n !== 'pii');
  const withPii = (names: readonly string[], add: boolean) => GUARDRAIL_NAMES.filter((n) => (n === 'pii' ? add : names.includes(n)));
  return {
    replayable: true,
    blockedBy: withPii(without(outcome.blocked_by), blocks && entry.enforced),
    monitoredBy: withPii(without(outcome.monitored_by), blocks && !entry.enforced),
    carried: [...new Set(recorded.map((e) => e.type))],
  };
}
