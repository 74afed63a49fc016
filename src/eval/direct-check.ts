import { Value } from '@sinclair/typebox/value';
import type { CheckContext, Direction, GuardrailDefinition } from '../engine/guardrail.ts';
import { contentModerationGuardrail } from '../guardrails/content-moderation/index.ts';
import { llmGuardrail } from '../guardrails/llm/index.ts';
import { systemPromptGuardrail } from '../guardrails/system-prompt/index.ts';
import { AnalysedText } from '../text/analysed-text.ts';
import type { CheckFunction, CheckResponseLike } from './classification.ts';

/** The model guardrails with default settings, run directly (no HTTP, no profile store). */
const MODEL_GUARDRAILS: readonly GuardrailDefinition[] = [llmGuardrail, contentModerationGuardrail, systemPromptGuardrail] as never;

/**
 * A check function over the model guardrails alone, for evaluating and training reports without
 * the full pipeline. `injection_detected` is true when any of them detects.
 */
export async function modelGuardrailsCheck(): Promise<CheckFunction> {
  const compiled = new Map<GuardrailDefinition, unknown>();
  for (const g of MODEL_GUARDRAILS) {
    await g.init?.();
    compiled.set(g, g.compile(Value.Create(g.settings) as never, { keywords: [], regexes: [] }));
  }
  return async (direction: Direction, message: string): Promise<CheckResponseLike> => {
    const ctx: CheckContext = {
      direction,
      message,
      text: new AnalysedText(message),
      runtimeLlm: { id: 'eval', name: 'eval', mode: 'non-forwarding', systemPrompt: null },
    };
    const checks: CheckResponseLike['checks'] = {};
    let detected = false;
    for (const g of MODEL_GUARDRAILS) {
      if (!g.directions.includes(direction)) {
        checks[g.name] = { enabled: false };
        continue;
      }
      const v = await g.check(ctx, compiled.get(g));
      detected ||= v.detected;
      checks[g.name] = { enabled: true, ...v.fields };
    }
    return { injection_detected: detected, checks };
  };
}
