import { performance } from 'node:perf_hooks';
import { AnalysedText } from '../text/analysed-text.ts';
import {
  GUARDRAIL_NAMES,
  type CheckContext,
  type Direction,
  type GuardrailDefinition,
  type GuardrailName,
  type ProfileRules,
  type Redaction,
  type RuntimeLlmContext,
  type TextSpan,
} from './guardrail.ts';
import { isGuardrailEnabled, isGuardrailMonitored, type ForwardingSettings, type OnError, type ProfileSettings, type ProtectionLevel } from './profile-settings.ts';

/** Why a guardrail reports `enabled: false`. */
export type DisabledReason = 'switched_off' | 'not_applicable' | 'not_available';

interface ActiveGuardrail {
  definition: GuardrailDefinition;
  compiled: unknown;
  /** false in monitor mode: the guardrail reports what it would block but never blocks. */
  enforced: boolean;
}

/** A profile at one protection level, with every enabled guardrail's rules compiled once. */
export interface CompiledProfile {
  profileId: string;
  level: ProtectionLevel;
  onError: OnError;
  forwarding: ForwardingSettings;
  guardrails: ReadonlyMap<GuardrailName, ActiveGuardrail | DisabledReason>;
}

/** Per-guardrail outcome kept for events and metrics (no message text). */
export interface GuardrailRecord {
  detected: boolean;
  score?: number;
  error?: string;
  /** The guardrail ran in monitor mode: `detected` did not block. */
  monitored?: true;
  /** Milliseconds the guardrail took on this message. */
  ms?: number;
}

/** A check's verdict: blocked, allowed, or allowed although a guardrail in monitor mode would have blocked it. */
export type CheckVerdict = 'allowed' | 'blocked' | 'monitored';

export interface CheckRequest {
  direction: Direction;
  message: string;
  prompt?: string | undefined;
  runtimeLlm: RuntimeLlmContext;
  systemPrompt?: string | undefined;
  canary?: string | undefined;
}

export interface CheckOutcome {
  injection_detected: boolean;
  blocked_by: GuardrailName[];
  /** Guardrails in monitor mode that would have blocked the message. */
  monitored_by: GuardrailName[];
  checks: Record<GuardrailName, Record<string, unknown>>;
  /** Present when a guardrail asked for masking; the message with each masked range replaced. */
  sanitized_message?: string;
  /** The masked ranges behind `sanitized_message`. */
  redactions: Redaction[];
  /** Milliseconds spent in the guardrails. */
  execution_time: number;
  spans: TextSpan[];
  records: Partial<Record<GuardrailName, GuardrailRecord>>;
}

/** `monitorAll`: the Runtime LLM is in monitor mode, so no guardrail of the profile blocks. */
export function compileProfile(
  registry: readonly GuardrailDefinition[],
  profile: { id: string; settings: ProfileSettings; rules: ProfileRules },
  level: ProtectionLevel,
  monitorAll = false,
): CompiledProfile {
  const byName = new Map(registry.map((g) => [g.name, g]));
  const guardrails = new Map<GuardrailName, ActiveGuardrail | DisabledReason>();
  for (const name of GUARDRAIL_NAMES) {
    const definition = byName.get(name);
    if (!isGuardrailEnabled(profile.settings, level, name)) guardrails.set(name, 'switched_off');
    else if (!definition) guardrails.set(name, 'not_available');
    else {
      const { enabled: _enabled, monitor: _monitor, ...own } = profile.settings.guardrails[name] ?? {};
      const enforced = !monitorAll && !isGuardrailMonitored(profile.settings, name);
      guardrails.set(name, { definition, compiled: definition.compile(own, profile.rules), enforced });
    }
  }
  return { profileId: profile.id, level, onError: profile.settings.on_error, forwarding: profile.settings.forwarding, guardrails };
}

export interface GuardrailFailureLogger {
  (guardrail: GuardrailName, error: unknown): void;
}

/** Runs the enabled guardrails of a compiled profile on one message and aggregates their verdicts. */
export async function runChecks(
  profile: CompiledProfile,
  request: CheckRequest,
  onFailure: GuardrailFailureLogger,
): Promise<CheckOutcome> {
  const started = performance.now();
  const ctx: CheckContext = {
    direction: request.direction,
    message: request.message,
    text: new AnalysedText(request.message),
    prompt: request.prompt,
    runtimeLlm: request.runtimeLlm,
    systemPrompt: request.systemPrompt,
    canary: request.canary,
  };
  const checks = {} as Record<GuardrailName, Record<string, unknown>>;
  const records: Partial<Record<GuardrailName, GuardrailRecord>> = {};
  const blockedBy: GuardrailName[] = [];
  const monitoredBy: GuardrailName[] = [];
  const spans: TextSpan[] = [];
  const redactions: Redaction[] = [];

  for (const name of GUARDRAIL_NAMES) {
    const entry = profile.guardrails.get(name)!;
    if (typeof entry === 'string') {
      checks[name] = { enabled: false, reason: entry };
      continue;
    }
    const { definition, compiled, enforced } = entry;
    // A detection blocks only when the guardrail is enforced; in monitor mode it is only reported.
    const conclude = (detected: boolean, block: Record<string, unknown>, record: GuardrailRecord) => {
      checks[name] = enforced ? block : { ...block, enforced: false };
      records[name] = enforced ? record : { ...record, monitored: true };
      if (detected) (enforced ? blockedBy : monitoredBy).push(name);
    };
    if (!definition.directions.includes(request.direction) || (definition.applies && !definition.applies(ctx, compiled))) {
      checks[name] = { enabled: false, reason: 'not_applicable' };
      continue;
    }
    const guardrailStarted = performance.now();
    const elapsed = () => Math.round((performance.now() - guardrailStarted) * 1000) / 1000;
    try {
      const verdict = await definition.check(ctx, compiled);
      conclude(verdict.detected, { enabled: true, ...verdict.fields }, { detected: verdict.detected, ...(verdict.score === undefined ? {} : { score: verdict.score }), ms: elapsed() });
      if (verdict.spans) spans.push(...verdict.spans);
      // Masking changes what is sent on: monitor mode must not.
      if (verdict.redactions && enforced) redactions.push(...verdict.redactions);
    } catch (error) {
      onFailure(name, error);
      const detected = profile.onError === 'block';
      conclude(
        detected,
        { enabled: true, detected, error: { code: 'guardrail_failed', message: `The ${name} guardrail failed; on_error=${profile.onError} applied.` } },
        { detected, error: 'guardrail_failed', ms: elapsed() },
      );
    }
  }

  const outcome: CheckOutcome = {
    injection_detected: blockedBy.length > 0,
    blocked_by: blockedBy,
    monitored_by: monitoredBy,
    checks,
    execution_time: performance.now() - started,
    spans,
    records,
    redactions,
  };
  if (redactions.length > 0) outcome.sanitized_message = applyRedactions(request.message, redactions);
  return outcome;
}

export function verdictOf(outcome: Pick<CheckOutcome, 'injection_detected' | 'monitored_by'>): CheckVerdict {
  if (outcome.injection_detected) return 'blocked';
  return outcome.monitored_by.length > 0 ? 'monitored' : 'allowed';
}

/** Replaces ranges of `message`; overlapping ranges merge into the first one's replacement. */
export function applyRedactions(message: string, redactions: readonly Redaction[]): string {
  const ordered = [...redactions].sort((a, b) => a.start - b.start || b.end - a.end);
  let result = '';
  let cursor = 0;
  for (const r of ordered) {
    if (r.end <= cursor) continue;
    result += message.slice(cursor, Math.max(cursor, r.start)) + (r.start >= cursor ? r.replacement : '');
    cursor = r.end;
  }
  return result + message.slice(cursor);
}
