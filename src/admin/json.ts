import { Type, type Static } from '@sinclair/typebox';
import type { BackendKind } from '../backends/model-backend.ts';
import { BACKEND_HEALTH_STATES, type BackendHealth } from '../backends/model-backends.ts';
import { JUDGE_FORMATS } from '../backends/judge-formats.ts';
import { PROTECTION_LEVELS } from '../domain/protection.ts';
import type { KeywordRule, RegexRule } from '../domain/rules.ts';
import type { ProfileSettings } from '../engine/profile-settings.ts';
import { PROFILE_SETTINGS_SCHEMA } from '../guardrails/registry.ts';
import { integerEnum, nullableInteger, nullableString, stringEnum } from '../json-schema.ts';
import { RUNTIME_LLM_MODES } from '../store/runtime-llms.ts';
import type { StoredModelBackend } from '../store/model-backends.ts';
import { RULE_SCOPES } from '../domain/rules.ts';
import type { SecurityProfile } from './profiles.ts';
import type { RuntimeLlmView } from './runtime-llms.ts';

/**
 * Administrative resources as JSON (CLI --json and the admin API): snake_case like the check API.
 * Each shape is a closed schema (the admin API's OpenAPI document and the dashboard's types), and
 * each builder is typed as its static type, so a member the schema does not name does not compile.
 */

const TIMESTAMPS = {
  created_at: Type.String({ description: 'ISO 8601 time' }),
  updated_at: Type.String({ description: 'ISO 8601 time' }),
} as const;

export const RUNTIME_LLM_SCHEMA = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    mode: stringEnum(RUNTIME_LLM_MODES),
    url: Type.String({ description: 'Secure Proxy URL (a placeholder in non-forwarding mode)' }),
    level: integerEnum(PROTECTION_LEVELS, { description: 'Protection level' }),
    profile_id: Type.String(),
    monitor: Type.Boolean({ description: 'Monitor mode: every guardrail reports what it would block, none blocks' }),
    system_prompt_registered: Type.Boolean(),
    upstream_credential_set: Type.Boolean({ description: 'Forwarding mode: an upstream API key is stored (never returned)' }),
    api_key_hint: nullableString({ description: 'The last characters of the API key, to tell keys apart' }),
    ...TIMESTAMPS,
  },
  { additionalProperties: false },
);
export type RuntimeLlmJson = Static<typeof RUNTIME_LLM_SCHEMA>;

export function runtimeLlmJson(llm: RuntimeLlmView): RuntimeLlmJson {
  return {
    id: llm.id,
    name: llm.name,
    mode: llm.mode,
    url: llm.url,
    level: llm.level,
    profile_id: llm.profileId,
    monitor: llm.monitor,
    system_prompt_registered: llm.systemPrompt !== null,
    upstream_credential_set: llm.upstreamCredential !== null,
    api_key_hint: llm.apiKeyHint,
    created_at: llm.createdAt,
    updated_at: llm.updatedAt,
  };
}

const RULE_SCOPE = stringEnum(RULE_SCOPES, { description: 'Which checks the rule inspects' });

export const KEYWORD_RULE_SCHEMA = Type.Object(
  { id: Type.String(), keyword: Type.String(), whole_word: Type.Boolean(), scope: RULE_SCOPE },
  { additionalProperties: false },
);
export type KeywordRuleJson = Static<typeof KEYWORD_RULE_SCHEMA>;

export function keywordRuleJson(rule: KeywordRule): KeywordRuleJson {
  return { id: rule.id, keyword: rule.keyword, whole_word: rule.wholeWord, scope: rule.scope };
}

export const REGEX_RULE_SCHEMA = Type.Object(
  { id: Type.String(), name: Type.String(), pattern: Type.String({ description: 'RE2 syntax' }), case_insensitive: Type.Boolean(), scope: RULE_SCOPE },
  { additionalProperties: false },
);
export type RegexRuleJson = Static<typeof REGEX_RULE_SCHEMA>;

export function regexRuleJson(rule: RegexRule): RegexRuleJson {
  return { id: rule.id, name: rule.name, pattern: rule.pattern, case_insensitive: rule.caseInsensitive, scope: rule.scope };
}

export const PROFILE_SCHEMA = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    settings: Type.Unsafe<ProfileSettings>(PROFILE_SETTINGS_SCHEMA),
    rules: Type.Object(
      { keywords: Type.Array(KEYWORD_RULE_SCHEMA), regexes: Type.Array(REGEX_RULE_SCHEMA) },
      { additionalProperties: false, description: 'Keyword and regex rules (Guardrails → Keyword / Regex → Add Rules)' },
    ),
    ...TIMESTAMPS,
  },
  { additionalProperties: false },
);
export type ProfileJson = Static<typeof PROFILE_SCHEMA>;

export function profileJson(profile: SecurityProfile): ProfileJson {
  return {
    id: profile.id,
    name: profile.name,
    description: profile.description,
    settings: profile.settings,
    rules: { keywords: profile.rules.keywords.map(keywordRuleJson), regexes: profile.rules.regexes.map(regexRuleJson) },
    created_at: profile.createdAt,
    updated_at: profile.updatedAt,
  };
}

export const BACKEND_HEALTH_SCHEMA = Type.Object(
  {
    state: stringEnum(BACKEND_HEALTH_STATES, {
      description:
        'ready; loading; unavailable (could not be loaded); open (its circuit breaker stops calls after repeated failures); half_open (a trial call is allowed)',
    }),
    consecutive_failures: Type.Integer(),
    device: Type.Optional(stringEnum(['cpu', 'cuda'] as const, { description: 'onnx: where the model runs' })),
    error: Type.Optional(Type.String({ description: 'Why the backend is unavailable' })),
  },
  { additionalProperties: false, description: "The backend's state on the node that answered" },
);
export type BackendHealthJson = Static<typeof BACKEND_HEALTH_SCHEMA>;

/** A backend's health as the admin API and /readyz report it: without its name and kind, which the context gives. */
export function backendHealthJson(health: BackendHealth): BackendHealthJson {
  return {
    state: health.state,
    consecutive_failures: health.consecutive_failures,
    ...(health.device ? { device: health.device } : {}),
    ...(health.error ? { error: health.error } : {}),
  };
}

const BACKEND_LIMITS = {
  timeout_ms: Type.Integer(),
  breaker_failures: Type.Integer(),
  breaker_cooldown_ms: Type.Integer(),
  max_concurrency: nullableInteger({ description: 'null: no limit' }),
  queue_depth: Type.Integer(),
} as const;
const BACKEND_REPORT = { health: Type.Optional(BACKEND_HEALTH_SCHEMA), ...TIMESTAMPS } as const;

export const MODEL_BACKEND_SCHEMA = Type.Union([
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      kind: Type.Literal('onnx' satisfies BackendKind),
      path: Type.String({ description: 'The folder holding model.onnx, tokenizer.json and manifest.json' }),
      intra_op_threads: nullableInteger({ description: "null: onnxruntime's default" }),
      ...BACKEND_LIMITS,
      ...BACKEND_REPORT,
    },
    { additionalProperties: false, title: 'ONNX classifier' },
  ),
  Type.Object(
    {
      id: Type.String(),
      name: Type.String(),
      kind: Type.Literal('llm_judge' satisfies BackendKind),
      url: Type.String(),
      model: Type.String(),
      format: stringEnum(JUDGE_FORMATS),
      ...BACKEND_LIMITS,
      api_key_set: Type.Boolean({ description: 'An API key is stored (never returned)' }),
      ...BACKEND_REPORT,
    },
    { additionalProperties: false, title: 'LLM judge' },
  ),
]);
export type ModelBackendJson = Static<typeof MODEL_BACKEND_SCHEMA>;

/** A model backend: its settings, whether an API key is set (never the key), and this node's view of its health. */
export function modelBackendJson(backend: StoredModelBackend, health?: BackendHealth): ModelBackendJson {
  const { settings } = backend;
  // Typed, so that the parts spread below are held to the schema too.
  const limits: Pick<ModelBackendJson, keyof typeof BACKEND_LIMITS> = {
    timeout_ms: settings.timeoutMs,
    breaker_failures: settings.breakerFailures,
    breaker_cooldown_ms: settings.breakerCooldownMs,
    max_concurrency: settings.maxConcurrency,
    queue_depth: settings.queueDepth,
  };
  const report: Pick<ModelBackendJson, keyof typeof BACKEND_REPORT> = {
    ...(health ? { health: backendHealthJson(health) } : {}),
    created_at: backend.createdAt,
    updated_at: backend.updatedAt,
  };
  if (settings.kind === 'onnx') {
    return { id: backend.id, name: backend.name, kind: settings.kind, path: settings.path, intra_op_threads: settings.intraOpThreads, ...limits, ...report };
  }
  return {
    id: backend.id,
    name: backend.name,
    kind: settings.kind,
    url: settings.url,
    model: settings.model,
    format: settings.format,
    ...limits,
    api_key_set: backend.credential !== null,
    ...report,
  };
}
