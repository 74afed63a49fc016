import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BackendCallError, type BackendCaller, type BackendQuestion, type BackendResult } from '../backends/model-backend.ts';
import { roundScore } from '../models/detector-scores.ts';
import { AnalysedText } from '../text/analysed-text.ts';
import type { DisabledReason } from './check-blocks.ts';
import {
  GUARDRAIL_NAMES,
  type CheckContext,
  type Direction,
  type Guardrail,
  type GuardrailDefinition,
  type GuardrailName,
  type GuardrailVerdict,
  type LoadedGuardrail,
  type ProfileRules,
  type Redaction,
  type RuntimeLlmContext,
  type TextSpan,
} from './guardrail.ts';
import {
  BACKEND_SETTING_NAMES,
  backendSettingsOf,
  isGuardrailEnabled,
  isGuardrailMonitored,
  type BackendMode,
  type ForwardingSettings,
  type OnError,
  type ProfileSettings,
  type ProtectionLevel,
} from './profile-settings.ts';

interface ActiveGuardrail {
  definition: GuardrailDefinition;
  guardrail: Guardrail;
  compiled: unknown;
  /** false in monitor mode: the guardrail reports what it would block but never blocks. */
  enforced: boolean;
  /** The model backend this guardrail asks, and how (absent: built-in model only). */
  backend?: BackendPlan;
}

export interface BackendPlan {
  name: string;
  mode: Exclude<BackendMode, 'built-in'>;
  /** cascade: the band of built-in scores, inclusive, in which the backend is asked. */
  low: number;
  high: number;
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
  /** The model backend asked on this message: its score, or why it gave none. */
  backend?: { name: string; score?: number; error?: string; ms: number };
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
  /**
   * Present when a guardrail reported something to mask (every PII entity, whatever its action,
   * blocked or not, enforced or monitored): the message with each such range replaced by `<TYPE>`.
   */
  sanitized_message?: string;
  /** The ranges masked in what is passed on: `forward` redactions of enforced guardrails (PII `mask` actions). */
  redactions: Redaction[];
  /** Present when `redactions` is not empty: the message as it is passed on (Forwarding mode, LiteLLM, clients). */
  masked_message?: string;
  /** Milliseconds spent in the guardrails. */
  execution_time: number;
  /** What triggered each guardrail, with the guardrail's name. */
  spans: GuardrailSpan[];
  records: Partial<Record<GuardrailName, GuardrailRecord>>;
}

/** A range of the message that triggered a guardrail. */
export type GuardrailSpan = TextSpan & { guardrail: GuardrailName };

/** `monitorAll`: the Runtime LLM is in monitor mode, so no guardrail of the profile blocks. */
export function compileProfile(
  loaded: readonly LoadedGuardrail[],
  profile: { id: string; settings: ProfileSettings; rules: ProfileRules },
  level: ProtectionLevel,
  monitorAll = false,
): CompiledProfile {
  const byName = new Map(loaded.map((g) => [g.definition.name, g]));
  const guardrails = new Map<GuardrailName, ActiveGuardrail | DisabledReason>();
  for (const name of GUARDRAIL_NAMES) {
    const found = byName.get(name);
    if (!isGuardrailEnabled(profile.settings, level, name)) guardrails.set(name, 'switched_off');
    else if (!found) guardrails.set(name, 'not_available');
    else {
      const { definition, guardrail } = found;
      const { enabled: _enabled, monitor: _monitor, ...own } = profile.settings.guardrails[name] ?? {};
      for (const setting of BACKEND_SETTING_NAMES) delete own[setting];
      const enforced = !monitorAll && !isGuardrailMonitored(profile.settings, name);
      const backend = definition.backend ? backendPlan(backendSettingsOf(profile.settings.guardrails[name])) : undefined;
      guardrails.set(name, { definition, guardrail, compiled: guardrail.compile(own, profile.rules), enforced, ...(backend ? { backend } : {}) });
    }
  }
  return { profileId: profile.id, level, onError: profile.settings.on_error, forwarding: profile.settings.forwarding, guardrails };
}

function backendPlan(settings: ReturnType<typeof backendSettingsOf>): BackendPlan | undefined {
  if (!settings || settings.backend_mode === 'built-in' || settings.backend === undefined) return undefined;
  return { name: settings.backend, mode: settings.backend_mode, low: settings.cascade_low, high: settings.cascade_high };
}

export type GuardrailFailureLogger = (guardrail: GuardrailName, error: unknown) => void;

/** Whether other checks of this process are under way (see `runChecks`); absent means alone. */
export type OthersRunning = () => boolean;

/**
 * Runs the enabled guardrails of a compiled profile on one message and aggregates their verdicts.
 * Without `backends` (replays, evaluations) every guardrail uses its built-in model. `othersRunning`
 * tells whether other checks are under way, which then reach each model guardrail first.
 */
export async function runChecks(
  profile: CompiledProfile,
  request: CheckRequest,
  onFailure: GuardrailFailureLogger,
  backends?: BackendCaller,
  othersRunning?: OthersRunning,
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
  const spans: GuardrailSpan[] = [];
  const masked: Redaction[] = [];
  const forwarded: Redaction[] = [];

  for (const name of GUARDRAIL_NAMES) {
    const entry = profile.guardrails.get(name)!;
    if (typeof entry === 'string') {
      checks[name] = { enabled: false, reason: entry };
      continue;
    }
    const { definition, guardrail, compiled, enforced, backend: plan } = entry;
    // A detection blocks only when the guardrail is enforced; in monitor mode it is only reported.
    const conclude = (detected: boolean, block: Record<string, unknown>, record: GuardrailRecord) => {
      checks[name] = enforced ? block : { ...block, enforced: false };
      records[name] = enforced ? record : { ...record, monitored: true };
      if (detected) (enforced ? blockedBy : monitoredBy).push(name);
    };
    if (!definition.directions.includes(request.direction) || (guardrail.applies && !guardrail.applies(ctx, compiled))) {
      checks[name] = { enabled: false, reason: 'not_applicable' };
      continue;
    }
    // Checks under way together (a server reads every request that has arrived, then runs them)
    // each reach a model guardrail before any goes on to the next: one guardrail after another for
    // all of them, so each model's tables stay in the processor's caches instead of being evicted by
    // the next model's for every message. Under 32 clients a server checks about 7 % more messages a
    // second. A check alone does not wait, so nothing else runs in the middle of it.
    if (definition.runsModel && othersRunning?.()) await nextTurn();
    const guardrailStarted = performance.now();
    const elapsed = () => Math.round((performance.now() - guardrailStarted) * 1000) / 1000;
    try {
      const question = plan && backends ? definition.backend?.question(ctx) : undefined;
      const result = plan && backends && question ? await withBackend(ctx, entry, plan, backends, question) : { verdict: await guardrail.check(ctx, compiled) };
      if ('failure' in result) {
        // The backend gave no answer: on_error decides — fail closed, or open (to the built-in verdict when it ran).
        const { failure, builtIn } = result;
        onFailure(name, failure);
        const backend = backendReport(failure.backend, failure.latencyMs, { error: failure.reason });
        const record = { error: 'backend_failed', ms: elapsed(), backend: backend.record };
        const error = { code: 'backend_failed', message: `${failure.message}; on_error=${profile.onError} applied` };
        if (profile.onError === 'allow' && builtIn) {
          conclude(
            builtIn.detected,
            { enabled: true, ...builtIn.fields, error, backend: backend.block },
            { detected: builtIn.detected, ...scoreOf(builtIn), ...record },
          );
        } else {
          const detected = profile.onError === 'block';
          conclude(detected, { enabled: true, detected, error, backend: backend.block }, { detected, ...record });
        }
        continue;
      }
      const { verdict } = result;
      const backend = result.backend && backendReport(result.backend.name, result.backend.latencyMs, { score: result.backend.score });
      conclude(
        verdict.detected,
        { enabled: true, ...verdict.fields, ...(backend ? { backend: backend.block } : {}) },
        { detected: verdict.detected, ...scoreOf(verdict), ms: elapsed(), ...(backend ? { backend: backend.record } : {}) },
      );
      if (verdict.spans) for (const span of verdict.spans) spans.push({ ...span, guardrail: name });
      for (const redaction of verdict.redactions ?? []) {
        masked.push(redaction);
        // Masking changes what is sent on: monitor mode must not.
        if (redaction.forward && enforced) forwarded.push(redaction);
      }
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
    redactions: forwarded,
  };
  if (masked.length > 0) outcome.sanitized_message = applyRedactions(request.message, masked);
  if (forwarded.length > 0) outcome.masked_message = applyRedactions(request.message, forwarded);
  return outcome;
}

const roundMs = (ms: number) => Math.round(ms * 1000) / 1000;
const scoreOf = (verdict: GuardrailVerdict) => (verdict.score === undefined ? {} : { score: verdict.score });

type BackendOutcome = { verdict: GuardrailVerdict; backend?: BackendResult } | { failure: BackendCallError; builtIn?: GuardrailVerdict };

/** The backend member of a guardrail's block (rounded, for the response) and of its record (events). */
function backendReport(name: string, latencyMs: number, outcome: { score: number } | { error: string }) {
  const ms = roundMs(latencyMs);
  return {
    block: { name, ...('score' in outcome ? { score: roundScore(outcome.score) } : outcome), latency_ms: ms },
    record: { name, ...outcome, ms },
  };
}

/**
 * A guardrail's verdict with its model backend: `backend` uses the backend's score alone, `both` the
 * higher of the two scores, `cascade` asks the backend (and uses its score) only when the built-in
 * score falls in the uncertain band. A failed call comes back as the failure, for on_error to decide.
 */
async function withBackend(
  ctx: CheckContext,
  entry: ActiveGuardrail,
  plan: BackendPlan,
  backends: BackendCaller,
  question: BackendQuestion,
): Promise<BackendOutcome> {
  const { definition, guardrail, compiled } = entry;
  const builtIn = plan.mode === 'backend' ? undefined : await guardrail.check(ctx, compiled);
  const builtInScore = builtIn?.score ?? 0;
  if (builtIn && plan.mode === 'cascade' && (builtInScore < plan.low || builtInScore > plan.high)) return { verdict: builtIn };
  let answer: BackendResult;
  try {
    const policy = definition.backend!.policy?.(ctx, compiled);
    answer = await backends.ask(plan.name, { question, direction: ctx.direction, message: ctx.message, prompt: ctx.prompt, ...(policy ? { policy } : {}) });
  } catch (error) {
    if (error instanceof BackendCallError) return builtIn ? { failure: error, builtIn } : { failure: error };
    throw error;
  }
  const backendCounts = plan.mode !== 'both' || answer.score >= builtInScore;
  if (!backendCounts) return { verdict: builtIn!, backend: answer };
  return { verdict: definition.backend!.decide(ctx, compiled, answer.score, answer.categories), backend: answer };
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
