import { loadGuardrails, type GuardrailDefinition, type GuardrailResources, type ProfileRules } from '../engine/guardrail.ts';
import { compileProfile, runChecks } from '../engine/pipeline.ts';
import type { ProfileSettings, ProtectionLevel } from '../engine/profile-settings.ts';
import type { CheckFunction } from './classification.ts';

export interface PipelineCheckOptions {
  registry: readonly GuardrailDefinition[];
  /** What the guardrails are built with; with `services`, the vector filter checks against the store rather than the shipped seed. */
  resources: GuardrailResources;
  settings: ProfileSettings;
  rules: ProfileRules;
  level: ProtectionLevel;
}

/**
 * A check function that runs the real pipeline (the same compile and run as the check API, minus
 * HTTP and events) for one profile at one protection level.
 */
export async function pipelineCheck(options: PipelineCheckOptions): Promise<CheckFunction> {
  const guardrails = await loadGuardrails(options.registry, options.resources);
  const profile = compileProfile(guardrails, { id: 'eval', settings: options.settings, rules: options.rules }, options.level);
  return (direction, message) =>
    runChecks(profile, { direction, message, runtimeLlm: { id: 'eval', name: 'eval', mode: 'non-forwarding', systemPrompt: null } }, (name, error) => {
      throw new Error(`The ${name} guardrail failed: ${error instanceof Error ? error.message : String(error)}`);
    });
}
