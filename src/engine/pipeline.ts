import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BackendCallError, type BackendQuestion, type BackendResult } from '../domain/backend.ts';
import type { CheckVerdict, Direction, GuardrailRecord, Redaction, TextSpan } from '../domain/check.ts';
import type { ProtectionLevel } from '../domain/protection.ts';
import { AnalysedText } from '../text/analysed-text.ts';
import type { DisabledReason } from './check-blocks.ts';
import type { CheckContext, Guardrail, GuardrailDefinition, GuardrailSlot, GuardrailVerdict, RuntimeLlmContext } from './guardrail.ts';
import type { BackendCaller, ProfileRules } from './ports.ts';
import {
  BACKEND_SETTING_NAMES,
  backendSettingsOf,
  isGuardrailEnabled,
  isGuardrailMonitored,
  type BackendMode,
  type ForwardingSettings,
  type OnError,
  type ProfileSettings,
} from './profile-settings.ts';
import { roundMs, roundScore } from './rounding.ts';

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
  /** The members of `checks`, in response order (the registry's). */
  members: readonly string[];
  guardrails: ReadonlyMap<string, ActiveGuardrail | DisabledReason>;
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
  blocked_by: string[];
  /** Guardrails in monitor mode that would have blocked the message. */
  monitored_by: string[];
  /** One block per guardrail, in response order. */
  checks: Record<string, Record<string, unknown>>;
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
  records: Record<string, GuardrailRecord>;
}

/** A range of the message that triggered a guardrail. */
export type GuardrailSpan = TextSpan & { guardrail: string };

/**
 * Compiles a profile for the guardrails of `slots` (every registered one, loaded or not) at a
 * protection level. `monitorAll`: the Runtime LLM is in monitor mode, so no guardrail of the profile blocks.
 */
export function compileProfile(
  slots: readonly GuardrailSlot[],
  profile: { id: string; settings: ProfileSettings; rules: ProfileRules },
  level: ProtectionLevel,
  monitorAll = false,
): CompiledProfile {
  const guardrails = new Map<string, ActiveGuardrail | DisabledReason>();
  for (const slot of slots) guardrails.set(slot.name, activate(slot, profile, level, monitorAll));
  return {
    profileId: profile.id,
    level,
    onError: profile.settings.on_error,
    forwarding: profile.settings.forwarding,
    members: slots.map((slot) => slot.name),
    guardrails,
  };
}

/** A guardrail of a profile, compiled with its settings and the profile's rules, or why it does not run. */
function activate(
  slot: GuardrailSlot,
  profile: { settings: ProfileSettings; rules: ProfileRules },
  level: ProtectionLevel,
  monitorAll: boolean,
): ActiveGuardrail | DisabledReason {
  if (!isGuardrailEnabled(profile.settings, level, slot)) return 'switched_off';
  if (!slot.loaded) return 'not_available';
  const { definition, guardrail } = slot.loaded;
  const { enabled: _enabled, monitor: _monitor, ...own } = profile.settings.guardrails[slot.name] ?? {};
  for (const setting of BACKEND_SETTING_NAMES) delete own[setting];
  const enforced = !monitorAll && !isGuardrailMonitored(profile.settings, slot.name);
  const backend = definition.backend ? backendPlan(backendSettingsOf(profile.settings.guardrails[slot.name])) : undefined;
  return { definition, guardrail, compiled: guardrail.compile(own, profile.rules), enforced, ...(backend ? { backend } : {}) };
}

function backendPlan(settings: ReturnType<typeof backendSettingsOf>): BackendPlan | undefined {
  if (!settings || settings.backend_mode === 'built-in' || settings.backend === undefined) return undefined;
  return { name: settings.backend, mode: settings.backend_mode, low: settings.cascade_low, high: settings.cascade_high };
}

export type GuardrailFailureLogger = (guardrail: string, error: unknown) => void;

/** Whether other checks of this process are under way (see `runChecks`); absent means alone. */
export type OthersRunning = () => boolean;

/**
 * Runs the enabled guardrails of a compiled profile on one message and aggregates their verdicts.
 * Without `backends` (replays, evaluations) every guardrail uses its built-in model. `othersRunning`
 * tells whether other checks are under way, which then reach each model guardrail first.
 *
 * Each guardrail ends in one of four ways, each written down by its own function below: its
 * verdict (`concludeVerdict`), its backend's failure (`concludeBackendFailure`), its own failure
 * (`concludeFailure`), or not running (a `reason`). `conclude` applies monitor mode to all of them.
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
  const outcome: CheckOutcome = {
    injection_detected: false,
    blocked_by: [],
    monitored_by: [],
    checks: {},
    execution_time: 0,
    spans: [],
    records: {},
    redactions: [],
  };
  // Every range a guardrail reported to mask; those passed on are `outcome.redactions`.
  const masked: Redaction[] = [];

  for (const name of profile.members) {
    const entry = profile.guardrails.get(name)!;
    if (typeof entry === 'string') {
      outcome.checks[name] = { enabled: false, reason: entry };
      continue;
    }
    const { definition, guardrail, compiled, backend: plan } = entry;
    if (!definition.directions.includes(request.direction) || (guardrail.applies && !guardrail.applies(ctx, compiled))) {
      outcome.checks[name] = { enabled: false, reason: 'not_applicable' };
      continue;
    }
    // Checks under way together (a server reads every request that has arrived, then runs them)
    // each reach a model guardrail before any goes on to the next: one guardrail after another for
    // all of them, so each model's tables stay in the processor's caches instead of being evicted by
    // the next model's for every message. A check alone does not wait, so nothing else runs in the
    // middle of it.
    if (definition.runsModel && othersRunning?.()) await nextTurn();
    const guardrailStarted = performance.now();
    try {
      const question = plan && backends ? definition.backend?.question(ctx) : undefined;
      const judged = plan && backends && question ? await withBackend(ctx, entry, plan, backends, question) : { verdict: await guardrail.check(ctx, compiled) };
      if ('failure' in judged) {
        onFailure(name, judged.failure);
        concludeBackendFailure(outcome, name, entry, profile.onError, judged, roundMs(performance.now() - guardrailStarted));
      } else concludeVerdict(outcome, masked, name, entry, judged, roundMs(performance.now() - guardrailStarted));
    } catch (error) {
      onFailure(name, error);
      concludeFailure(outcome, name, entry, profile.onError, roundMs(performance.now() - guardrailStarted));
    }
  }

  outcome.injection_detected = outcome.blocked_by.length > 0;
  outcome.execution_time = performance.now() - started;
  if (masked.length > 0) outcome.sanitized_message = applyRedactions(request.message, masked);
  if (outcome.redactions.length > 0) outcome.masked_message = applyRedactions(request.message, outcome.redactions);
  return outcome;
}

/** Writes a guardrail's block and record; a detection blocks only when the guardrail is enforced, in monitor mode it is only reported. */
function conclude(outcome: CheckOutcome, name: string, enforced: boolean, detected: boolean, block: Record<string, unknown>, record: GuardrailRecord): void {
  outcome.checks[name] = enforced ? block : { ...block, enforced: false };
  outcome.records[name] = enforced ? record : { ...record, monitored: true };
  if (detected) (enforced ? outcome.blocked_by : outcome.monitored_by).push(name);
}

/** The guardrail judged the message (with its backend's score when one counted): its block, its spans and what it masks. */
function concludeVerdict(outcome: CheckOutcome, masked: Redaction[], name: string, entry: ActiveGuardrail, judged: Judged, ms: number): void {
  const { verdict } = judged;
  const backend = judged.backend && backendReport(judged.backend.name, judged.backend.latencyMs, { score: judged.backend.score });
  conclude(
    outcome,
    name,
    entry.enforced,
    verdict.detected,
    { enabled: true, ...verdict.fields, ...(backend ? { backend: backend.block } : {}) },
    { detected: verdict.detected, ...scoreOf(verdict), ms, ...(backend ? { backend: backend.record } : {}) },
  );
  if (verdict.spans) for (const span of verdict.spans) outcome.spans.push({ ...span, guardrail: name });
  if (verdict.redactions)
    for (const redaction of verdict.redactions) {
      masked.push(redaction);
      // Masking changes what is sent on: monitor mode must not.
      if (redaction.forward && entry.enforced) outcome.redactions.push(redaction);
    }
}

/** The backend gave no answer: on_error decides — fail closed, or open (to the built-in verdict when it ran). */
function concludeBackendFailure(
  outcome: CheckOutcome,
  name: string,
  entry: ActiveGuardrail,
  onError: OnError,
  { failure, builtIn }: BackendFailed,
  ms: number,
): void {
  const backend = backendReport(failure.backend, failure.latencyMs, { error: failure.reason });
  const record = { error: 'backend_failed', ms, backend: backend.record };
  const error = { code: 'backend_failed', message: `${failure.message}; on_error=${onError} applied` };
  if (onError === 'allow' && builtIn) {
    conclude(
      outcome,
      name,
      entry.enforced,
      builtIn.detected,
      { enabled: true, ...builtIn.fields, error, backend: backend.block },
      { detected: builtIn.detected, ...scoreOf(builtIn), ...record },
    );
  } else {
    const detected = onError === 'block';
    conclude(outcome, name, entry.enforced, detected, { enabled: true, detected, error, backend: backend.block }, { detected, ...record });
  }
}

/** The guardrail itself failed: on_error decides whether that blocks. */
function concludeFailure(outcome: CheckOutcome, name: string, entry: ActiveGuardrail, onError: OnError, ms: number): void {
  const detected = onError === 'block';
  conclude(
    outcome,
    name,
    entry.enforced,
    detected,
    { enabled: true, detected, error: { code: 'guardrail_failed', message: `The ${name} guardrail failed; on_error=${onError} applied.` } },
    { detected, error: 'guardrail_failed', ms },
  );
}

const scoreOf = (verdict: GuardrailVerdict) => (verdict.score === undefined ? {} : { score: verdict.score });

/** A verdict, with the backend's answer when the backend was asked. */
type Judged = { verdict: GuardrailVerdict; backend?: BackendResult };
/** A backend call that failed, with the built-in verdict when the built-in model ran too. */
type BackendFailed = { failure: BackendCallError; builtIn?: GuardrailVerdict };

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
): Promise<Judged | BackendFailed> {
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
