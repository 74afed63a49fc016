import { Value } from '@sinclair/typebox/value';
import type { Direction } from '../domain/check.ts';
import type { CheckContext, GuardrailDefinition } from '../engine/guardrail.ts';
import { loadGuardrails } from '../guardrails/load.ts';
import { contentModerationGuardrail } from '../guardrails/content-moderation/index.ts';
import { llmGuardrail } from '../guardrails/llm/index.ts';
import { systemPromptGuardrail } from '../guardrails/system-prompt/index.ts';
import type { ModelLibrary } from '../models/model-library.ts';
import { DETECTOR } from '../detector/detector-scores.ts';
import { thresholdSettings } from '../detector/shipped-thresholds.ts';
import { AnalysedText } from '../text/analysed-text.ts';
import type { CheckFunction, CheckResponseLike } from './classification.ts';

/** The model guardrails, run directly (no HTTP, no profile store). */
const MODEL_GUARDRAILS: readonly GuardrailDefinition[] = [llmGuardrail, contentModerationGuardrail, systemPromptGuardrail] as never;

/**
 * A check function over the model guardrails alone, built with `models`, for evaluating and training
 * reports without the full pipeline. Settings are the defaults, except that thresholds are the ones
 * recorded in the detector model's own manifest (profile defaults are the shipped model's).
 * `injection_detected` is true when any of them detects.
 */
export async function modelGuardrailsCheck(models: ModelLibrary): Promise<CheckFunction> {
  const thresholds: Partial<Record<string, object>> = thresholdSettings(models.load(DETECTOR).model.manifest.thresholds);
  const loaded = (await loadGuardrails(MODEL_GUARDRAILS, { models })).flatMap((slot) => (slot.loaded ? [slot.loaded] : []));
  const compiled = loaded.map(({ definition, guardrail }) =>
    guardrail.compile({ ...Value.Create(definition.settings), ...thresholds[definition.name] }, { keywords: [], regexes: [] }),
  );
  return async (direction: Direction, message: string): Promise<CheckResponseLike> => {
    const ctx: CheckContext = {
      direction,
      message,
      text: new AnalysedText(message),
      runtimeLlm: { id: 'eval', name: 'eval', mode: 'non-forwarding', systemPrompt: null },
    };
    const checks: CheckResponseLike['checks'] = {};
    let detected = false;
    for (const [k, { definition, guardrail }] of loaded.entries()) {
      if (!definition.directions.includes(direction)) {
        checks[definition.name] = { enabled: false };
        continue;
      }
      const v = await guardrail.check(ctx, compiled[k]);
      detected ||= v.detected;
      checks[definition.name] = { enabled: true, ...v.fields };
    }
    return { injection_detected: detected, checks };
  };
}
