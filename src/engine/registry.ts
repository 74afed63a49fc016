import type { GuardrailDefinition } from './guardrail.ts';
import { profileSettingsSchema } from './profile-settings.ts';
import { keywordGuardrail } from '../guardrails/keyword/index.ts';
import { regexGuardrail } from '../guardrails/regex/index.ts';
import { piiGuardrail } from '../guardrails/pii/index.ts';
import { llmGuardrail } from '../guardrails/llm/index.ts';
import { contentModerationGuardrail } from '../guardrails/content-moderation/index.ts';
import { systemPromptGuardrail } from '../guardrails/system-prompt/index.ts';
import { vectorGuardrail } from '../guardrails/vector/index.ts';

/**
 * Every guardrail the appliance runs. Adding one is a new module plus one line here; a `checks`
 * member without a registered guardrail reports `enabled: false`.
 */
export const GUARDRAILS: readonly GuardrailDefinition[] = [
  keywordGuardrail,
  regexGuardrail,
  piiGuardrail,
  llmGuardrail,
  contentModerationGuardrail,
  systemPromptGuardrail,
  vectorGuardrail,
];

/** JSON Schema of a security profile's settings, derived from the guardrails above. */
export const PROFILE_SETTINGS_SCHEMA = profileSettingsSchema(GUARDRAILS);
