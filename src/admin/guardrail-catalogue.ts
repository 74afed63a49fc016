import type { TObject, TSchema } from '@sinclair/typebox';
import { GUARDRAIL_NAMES, LEVEL_GUARDRAILS, GUARDRAILS, PROFILE_SETTINGS_SCHEMA, type GuardrailName } from '../guardrails/registry.ts';
import { PROTECTION_LEVELS } from '../domain/protection.ts';

// Dashboard titles (the spec's menu names) for guardrails this build does not register yet.
const SPEC_TITLES: Readonly<Record<GuardrailName, string>> = {
  llm: 'LLM Guardrail',
  vector: 'Vector Guardrail',
  content_moderation: 'Content Moderation',
  system_prompt: 'System Prompt Protection',
  pii: 'PII Detection',
  keyword: 'Keyword',
  regex: 'Regex',
};

/**
 * Every guardrail with its settings' JSON Schema, so the dashboard renders switches, thresholds,
 * categories and entity types generically: a guardrail added to the registry appears without UI work.
 */
export function guardrailCatalogue() {
  const registered = new Map(GUARDRAILS.map((g) => [g.name, g]));
  // profileSettingsSchema gives every guardrail name a member.
  const settings = (PROFILE_SETTINGS_SCHEMA.properties.guardrails as TObject).properties as Record<GuardrailName, TSchema>;
  return {
    guardrails: GUARDRAIL_NAMES.map((name) => {
      const definition = registered.get(name);
      return {
        name,
        title: definition?.title ?? SPEC_TITLES[name],
        available: definition !== undefined,
        directions: definition?.directions ?? [],
        on_at_levels: PROTECTION_LEVELS.filter((level) => LEVEL_GUARDRAILS[level].includes(name)),
        uses_rules: name === 'keyword' || name === 'regex',
        settings_schema: settings[name],
      };
    }),
    profile_settings_schema: PROFILE_SETTINGS_SCHEMA,
  };
}
