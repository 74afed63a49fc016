import { BackendCallError } from '../domain/backend.ts';
import type { BackendCaller } from '../engine/ports.ts';
import type { GuardrailSlot } from '../engine/guardrail.ts';
import type { ProfileRules } from '../engine/ports.ts';
import { compileProfile, runChecks } from '../engine/pipeline.ts';
import type { ProfileSettings } from '../engine/profile-settings.ts';
import type { ProtectionLevel } from '../domain/protection.ts';
import type { CheckFunction } from './classification.ts';

export interface PipelineCheckOptions {
  /** The guardrails, built once for every check function of a run (see loadGuardrails). */
  guardrails: readonly GuardrailSlot[];
  settings: ProfileSettings;
  rules: ProfileRules;
  level: ProtectionLevel;
  /** The profile's model backends; absent, every guardrail uses its built-in model. */
  backends?: BackendCaller | undefined;
}

/**
 * A check function that runs the real pipeline (the same compile and run as the check API, minus
 * HTTP and events) for one profile at one protection level. A backend that gives no answer is
 * decided by the profile's on_error, as in a real check; any other guardrail failure stops the run.
 */
export function pipelineCheck(options: PipelineCheckOptions): CheckFunction {
  const profile = compileProfile(options.guardrails, { id: 'eval', settings: options.settings, rules: options.rules }, options.level);
  return (direction, message) =>
    runChecks(
      profile,
      { direction, message, runtimeLlm: { id: 'eval', name: 'eval', mode: 'non-forwarding', systemPrompt: null } },
      (name, error) => {
        if (error instanceof BackendCallError) return;
        throw new Error(`The ${name} guardrail failed: ${error instanceof Error ? error.message : String(error)}`);
      },
      options.backends,
    );
}
