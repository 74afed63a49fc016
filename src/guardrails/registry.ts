import type { ProtectionLevel } from '../domain/protection.ts';
import type { GuardrailDefinition } from '../engine/guardrail.ts';
import { composeProfileSettingsSchema, type ProfileSettingsSchema } from '../engine/profile-settings.ts';
import { contentModerationGuardrail } from './content-moderation/index.ts';
import { keywordGuardrail } from './keyword/index.ts';
import { llmGuardrail } from './llm/index.ts';
import { piiGuardrail } from './pii/index.ts';
import { regexGuardrail } from './regex/index.ts';
import { systemPromptGuardrail } from './system-prompt/index.ts';
import { vectorGuardrail } from './vector/index.ts';

/**
 * Every guardrail the appliance runs, in the order of the `checks` members of a response. Adding one
 * is a new folder under src/guardrails plus one line here: its name, levels, settings, result schema,
 * summaries and weights come with its definition, and every list of guardrails derives from this one.
 */
export const GUARDRAILS = [
  llmGuardrail,
  vectorGuardrail,
  contentModerationGuardrail,
  systemPromptGuardrail,
  piiGuardrail,
  keywordGuardrail,
  regexGuardrail,
] as const satisfies readonly GuardrailDefinition[];

/** A member of `checks`: the name of a registered guardrail. */
export type GuardrailName = (typeof GUARDRAILS)[number]['name'];

/** The members of `checks`, in response order. Every response carries all of them. */
export const GUARDRAIL_NAMES: readonly GuardrailName[] = GUARDRAILS.map((g) => g.name);

const TOP_LEVEL: readonly ProtectionLevel[] = [3];

/** The protection levels that switch a guardrail on: those it names, else level 3 alone (which runs every guardrail). */
export function levelsOf(definition: GuardrailDefinition): readonly ProtectionLevel[] {
  return definition.levels ?? TOP_LEVEL;
}

const switchedOnAt = (level: ProtectionLevel): readonly GuardrailName[] => GUARDRAILS.filter((g) => levelsOf(g).includes(level)).map((g) => g.name);

/** The guardrails a protection level switches on when a profile does not say otherwise. */
export const LEVEL_GUARDRAILS: Readonly<Record<ProtectionLevel, readonly GuardrailName[]>> = { 1: switchedOnAt(1), 2: switchedOnAt(2), 3: switchedOnAt(3) };

/**
 * The JSON Schema of a profile's settings: one member per registered guardrail, with the settings of
 * the definition given for it (a test's stand-in, say) or, for a guardrail none is given for, the
 * attributes the product specification names.
 */
export function profileSettingsSchema(definitions: readonly GuardrailDefinition[] = GUARDRAILS): ProfileSettingsSchema<GuardrailName> {
  const given = new Map(definitions.map((d) => [d.name, d]));
  return composeProfileSettingsSchema(
    GUARDRAILS.map((registered) => {
      const definition = given.get(registered.name);
      return {
        name: registered.name,
        settings: { ...registered.specSettings, ...definition?.settings.properties },
        backend: definition?.backend !== undefined,
      };
    }),
  );
}

/** JSON Schema of a security profile's settings, derived from the guardrails above. */
export const PROFILE_SETTINGS_SCHEMA = profileSettingsSchema();
