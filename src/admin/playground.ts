import type { BackendCaller } from '../engine/ports.ts';
import type { GuardrailSlot } from '../engine/guardrail.ts';
import type { Direction } from '../domain/check.ts';
import { compileProfile, runChecks, type CheckOutcome } from '../engine/pipeline.ts';
import type { Logger } from 'pino';
import type { Store } from '../store/store.ts';
import { getProfile } from './profiles.ts';
import { getRuntimeLlmView, type RuntimeLlmView } from './runtime-llms.ts';

export interface PlaygroundInput {
  runtimeLlm: string;
  direction: Direction;
  message: string;
  prompt?: string | undefined;
}

/** What the playground ran: the Runtime LLM whose profile and level applied, and the outcome. */
export interface PlaygroundRun {
  runtimeLlm: RuntimeLlmView;
  outcome: CheckOutcome;
}

/**
 * Runs a Runtime LLM's current profile and level on typed text, like input-check / output-check,
 * with the spans that triggered (for highlighting). Nothing is recorded: the playground is not traffic.
 */
export async function runPlayground(
  store: Store,
  guardrails: readonly GuardrailSlot[],
  log: Logger,
  backends: BackendCaller,
  input: PlaygroundInput,
): Promise<PlaygroundRun> {
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
  return { runtimeLlm: llm, outcome };
}
