import { PROTECTION_LEVELS } from '../domain/protection.ts';
import type { GuardrailDefinition } from '../engine/guardrail.ts';
import { GUARDRAILS, levelsOf, PROFILE_SETTINGS_SCHEMA } from '../guardrails/registry.ts';

/**
 * Every guardrail with its settings' JSON Schema, so the dashboard renders switches, thresholds,
 * categories and entity types generically: a guardrail added to the registry appears without UI work.
 */
export function guardrailCatalogue() {
  const settings = PROFILE_SETTINGS_SCHEMA.properties.guardrails.properties;
  return {
    guardrails: GUARDRAILS.map((definition) => ({
      name: definition.name,
      title: definition.title,
      // Every registered guardrail is installed; a build without one does not register it.
      available: true,
      directions: definition.directions,
      on_at_levels: PROTECTION_LEVELS.filter((level) => levelsOf(definition).includes(level)),
      uses_rules: definition.rules !== undefined,
      settings_schema: settings[definition.name],
    })),
    profile_settings_schema: PROFILE_SETTINGS_SCHEMA,
  };
}

/** Whether a block carries its guardrail's own members: it ran (a failed guardrail's block carries only the failure). */
const carriesResult = (definition: GuardrailDefinition, block: Record<string, unknown>) =>
  (definition.result.required ?? []).every((member) => member in block);

/**
 * What each guardrail found in a check, in words (its definition's `summarise`), for the blocks of
 * `checks` that carry a finding: the dashboard shows these beside each block, so it words no
 * guardrail's findings itself.
 */
export function checkFindings(checks: Readonly<Record<string, Record<string, unknown>>>): Record<string, string[]> {
  const registered: readonly GuardrailDefinition[] = GUARDRAILS;
  const findings: Record<string, string[]> = {};
  for (const definition of registered) {
    const block = checks[definition.name];
    if (block?.enabled !== true || !definition.summarise || !carriesResult(definition, block)) continue;
    const found = definition.summarise(block);
    if (found.length > 0) findings[definition.name] = found;
  }
  return findings;
}
