import type { BackendCaller } from '../engine/ports.ts';
import type { GuardrailSlot } from '../engine/guardrail.ts';
import type { Direction } from '../domain/check.ts';
import { compileProfile, runChecks } from '../engine/pipeline.ts';
import type { Logger } from 'pino';
import type { Store } from '../store/store.ts';
import { checkFindings } from './guardrail-catalogue.ts';
import { getProfile } from './profiles.ts';
import { getRuntimeLlmView } from './runtime-llms.ts';

export interface PlaygroundInput {
  runtimeLlm: string;
  direction: Direction;
  message: string;
  prompt?: string | undefined;
}

/**
 * Runs a Runtime LLM's current profile and level on typed text, like input-check / output-check,
 * and returns the response plus the spans that triggered (for highlighting). Nothing is recorded:
 * the playground is not traffic.
 */
export async function runPlayground(store: Store, guardrails: readonly GuardrailSlot[], log: Logger, backends: BackendCaller, input: PlaygroundInput) {
  const llm = await getRuntimeLlmView(store, input.runtimeLlm);
  const profile = await getProfile(store, llm.profileId);
  const compiled = compileProfile(guardrails, profile, llm.level, llm.monitor);
  const outcome = await runChecks(
    compiled,
    {
      direction: input.direction,
      message: input.message,
      prompt: input.prompt,
      runtimeLlm: { id: llm.id, name: llm.name, mode: llm.mode, systemPrompt: llm.systemPrompt },
    },
    (guardrail, err) => log.error({ err, guardrail }, 'guardrail failed in the playground'),
    backends,
  );
  return {
    injection_detected: outcome.injection_detected,
    execution_time: Math.round(outcome.execution_time * 1000) / 1000,
    checks: outcome.checks,
    blocked_by: outcome.blocked_by,
    monitored_by: outcome.monitored_by,
    ...(outcome.sanitized_message === undefined ? {} : { sanitized_message: outcome.sanitized_message }),
    ...(outcome.masked_message === undefined ? {} : { masked_message: outcome.masked_message }),
    spans: outcome.spans.map((s) => ({ start: s.start, end: s.end, label: s.label })),
    /** What each guardrail that ran found, in words, by guardrail (see checkFindings). */
    findings: checkFindings(outcome.checks),
    runtime_llm: { id: llm.id, name: llm.name, level: llm.level, profile_id: llm.profileId },
  };
}
