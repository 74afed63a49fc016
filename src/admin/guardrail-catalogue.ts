import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { DIRECTION, GUARDRAIL_NAME } from '../events/event-json.ts';
import { GUARDRAIL_NAMES, type GuardrailName } from '../engine/guardrail.ts';
import { LEVEL_GUARDRAILS, PROTECTION_LEVELS } from '../engine/profile-settings.ts';
import { GUARDRAILS, PROFILE_SETTINGS_SCHEMA } from '../engine/registry.ts';
import { integerEnum } from '../json-schema.ts';

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

/** The parts of a JSON Schema the dashboard's settings forms read (the schemas sent are TypeBox's, with more). */
export interface JsonSchemaJson {
  type?: string | string[];
  properties?: Record<string, JsonSchemaJson>;
  required?: string[];
  items?: JsonSchemaJson;
  anyOf?: JsonSchemaJson[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
}

const JSON_SCHEMA = (description: string) => Type.Unsafe<JsonSchemaJson>({ type: 'object', additionalProperties: true, description });

export const GUARDRAIL_CATALOGUE_SCHEMA = Type.Object(
  {
    guardrails: Type.Array(
      Type.Object(
        {
          name: GUARDRAIL_NAME,
          title: Type.String({ description: 'Dashboard title, e.g. LLM Guardrail' }),
          available: Type.Boolean({ description: 'Installed in this build (otherwise its checks block reports enabled: false)' }),
          directions: Type.Array(DIRECTION, { description: 'The checks it inspects' }),
          on_at_levels: Type.Array(integerEnum(PROTECTION_LEVELS), { description: 'Protection levels that switch it on' }),
          uses_rules: Type.Boolean({ description: 'Its verdicts come from the profile’s keyword or regex rules' }),
          settings_schema: JSON_SCHEMA('JSON Schema of its profile settings (guardrails.<name>)'),
        },
        { additionalProperties: false },
      ),
    ),
    profile_settings_schema: JSON_SCHEMA('JSON Schema of a whole security profile’s settings (what PATCH /api/profiles/{id} merges into)'),
  },
  { additionalProperties: false },
);
export type GuardrailCatalogueJson = Static<typeof GUARDRAIL_CATALOGUE_SCHEMA>;
export type GuardrailInfoJson = GuardrailCatalogueJson['guardrails'][number];

/**
 * Every guardrail with its settings' JSON Schema, so the dashboard renders switches, thresholds,
 * categories and entity types generically: a guardrail added to the registry appears without UI work.
 */
export function guardrailCatalogue(): GuardrailCatalogueJson {
  const registered = new Map(GUARDRAILS.map((g) => [g.name, g]));
  // profileSettingsSchema gives every guardrail name a member.
  const settings = (PROFILE_SETTINGS_SCHEMA.properties.guardrails as TObject).properties as Record<GuardrailName, TSchema>;
  return {
    guardrails: GUARDRAIL_NAMES.map((name): GuardrailInfoJson => {
      const definition = registered.get(name);
      return {
        name,
        title: definition?.title ?? SPEC_TITLES[name],
        available: definition !== undefined,
        directions: [...(definition?.directions ?? [])],
        on_at_levels: PROTECTION_LEVELS.filter((level) => LEVEL_GUARDRAILS[level].includes(name)),
        uses_rules: name === 'keyword' || name === 'regex',
        settings_schema: settings[name],
      };
    }),
    profile_settings_schema: PROFILE_SETTINGS_SCHEMA,
  };
}
