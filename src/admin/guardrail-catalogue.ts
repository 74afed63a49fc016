import { Type, type Static } from '@sinclair/typebox';
import { PROTECTION_LEVELS } from '../domain/protection.ts';
import type { GuardrailDefinition } from '../engine/guardrail.ts';
import { GUARDRAILS, levelsOf, PROFILE_SETTINGS_SCHEMA } from '../guardrails/registry.ts';
import { DIRECTION, GUARDRAIL_NAME } from '../events/event-json.ts';
import { integerEnum } from '../json-schema.ts';

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
  const settings = PROFILE_SETTINGS_SCHEMA.properties.guardrails.properties;
  return {
    guardrails: GUARDRAILS.map(
      (definition): GuardrailInfoJson => ({
        name: definition.name,
        title: definition.title,
        // Every registered guardrail is installed; a build without one does not register it.
        available: true,
        directions: [...definition.directions],
        on_at_levels: PROTECTION_LEVELS.filter((level) => levelsOf(definition).includes(level)),
        uses_rules: definition.rules !== undefined,
        settings_schema: settings[definition.name],
      }),
    ),
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
