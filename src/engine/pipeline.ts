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
import { isGuardrailEnabled, type ForwardingSettings, type OnError, type ProfileSettings, type ProtectionLevel } from './profile-settings.ts';

/** Why a guardrail reports `enabled: false`. */
export type DisabledReason = 'switched_off' | 'not_applicable' | 'not_available';

interface ActiveGuardrail {
  definition: GuardrailDefinition;
  compiled: unknown;
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
  /** Milliseconds the guardrail took on this message. */
  ms?: number;
}

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

export function compileProfile(
  registry: readonly GuardrailDefinition[],
  profile: { id: string; settings: ProfileSettings; rules: ProfileRules },
  level: ProtectionLevel,
): CompiledProfile {
  const byName = new Map(registry.map((g) => [g.name, g]));
  const guardrails = new Map<GuardrailName, ActiveGuardrail | DisabledReason>();
  for (const name of GUARDRAIL_NAMES) {
    const definition = byName.get(name);
    if (!isGuardrailEnabled(profile.settings, level, name)) guardrails.set(name, 'switched_off');
    else if (!definition) guardrails.set(name, 'not_available');
    else {
      const { enabled: _enabled, ...own } = profile.settings.guardrails[name] ?? {};
      guardrails.set(name, { definition, compiled: definition.compile(own, profile.rules) });
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
  const spans: TextSpan[] = [];
  const redactions: Redaction[] = [];

  for (const name of GUARDRAIL_NAMES) {
    const entry = profile.guardrails.get(name)!;
    if (typeof entry === 'string') {
      checks[name] = { enabled: false, reason: entry };
      continue;
    }
    const { definition, compiled } = entry;
    if (!definition.directions.includes(request.direction) || (definition.applies && !definition.applies(ctx, compiled))) {
      checks[name] = { enabled: false, reason: 'not_applicable' };
      continue;
    }
    const guardrailStarted = performance.now();
    const elapsed = () => Math.round((performance.now() - guardrailStarted) * 1000) / 1000;
    try {
      const verdict = await definition.check(ctx, compiled);
      checks[name] = { enabled: true, ...verdict.fields };
      records[name] = { detected: verdict.detected, ...(verdict.score === undefined ? {} : { score: verdict.score }), ms: elapsed() };
      if (verdict.detected) blockedBy.push(name);
      if (verdict.spans) spans.push(...verdict.spans);
      if (verdict.redactions) redactions.push(...verdict.redactions);
    } catch (error) {
      onFailure(name, error);
      const detected = profile.onError === 'block';
      checks[name] = {
        enabled: true,
        detected,
        error: { code: 'guardrail_failed', message: `the ${name} guardrail failed; on_error=${profile.onError} applied` },
      };
      records[name] = { detected, error: 'guardrail_failed', ms: elapsed() };
      if (detected) blockedBy.push(name);
    }
  }

  const outcome: CheckOutcome = {
    injection_detected: blockedBy.length > 0,
    blocked_by: blockedBy,
    checks,
    execution_time: performance.now() - started,
    spans,
    records,
    redactions,
  };
  if (redactions.length > 0) outcome.sanitized_message = applyRedactions(request.message, redactions);
  return outcome;
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
