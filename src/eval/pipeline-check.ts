import type { GuardrailDefinition, GuardrailServices, ProfileRules } from '../engine/guardrail.ts';
import { compileProfile, runChecks } from '../engine/pipeline.ts';
import type { ProfileSettings, ProtectionLevel } from '../engine/profile-settings.ts';
import type { CheckFunction } from './classification.ts';

export interface PipelineCheckOptions {
  registry: readonly GuardrailDefinition[];
  settings: ProfileSettings;
  rules: ProfileRules;
  level: ProtectionLevel;
  /** Guardrails that keep state (the vector filter) need the store; others ignore it. */
  services?: GuardrailServices;
}

/**
 * A check function that runs the real pipeline (the same compile and run as the check API, minus
 * HTTP and events) for one profile at one protection level.
 */
export async function pipelineCheck(options: PipelineCheckOptions): Promise<CheckFunction> {
  for (const guardrail of options.registry) await guardrail.init?.(options.services);
  const profile = compileProfile(options.registry, { id: 'eval', settings: options.settings, rules: options.rules }, options.level);
  return (direction, message) =>
    runChecks(profile, { direction, message, runtimeLlm: { id: 'eval', name: 'eval', mode: 'non-forwarding', systemPrompt: null } }, (name, error) => {
      throw new Error(`The ${name} guardrail failed: ${error instanceof Error ? error.message : String(error)}`);
    });
}
