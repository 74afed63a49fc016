import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { MODEL_BACKEND_SCHEMA, PROFILE_SCHEMA, RUNTIME_LLM_SCHEMA } from '../../admin/json.ts';
import { DEFAULT_TIMEOUTS_IN_WORDS } from '../../admin/model-backends.ts';
import { RULE_KINDS } from '../../admin/rule-test.ts';
import { BACKEND_KINDS } from '../../backends/model-backend.ts';
import { JUDGE_FORMATS } from '../../backends/judge-formats.ts';
import { PROTECTION_LEVELS } from '../../domain/protection.ts';
import { RULE_SCOPES } from '../../domain/rules.ts';
import { BACKEND_MODES } from '../../engine/profile-settings.ts';
import { AUDIT_EVENT_SCHEMA, CHECK_EVENT_SCHEMA, DIRECTION } from '../../events/event-json.ts';
import { GUARDRAIL_NAMES } from '../../guardrails/registry.ts';
import { THREAT_ENTRY_SCHEMA, THREAT_ORIGIN, THREAT_STATUS } from '../../guardrails/vector/entry-json.ts';
import { MAX_PROPOSAL_CHARS } from '../../guardrails/vector/review.ts';
import { integerEnum, nullableInteger, nullableString, partialKeyedObject, stringEnum } from '../../json-schema.ts';
import { MODEL_PULL_SCHEMA, PULLED_MODEL_SCHEMA } from '../../pulled-models/model-json.ts';
import { SIEM_FORMATS } from '../../siem/settings.ts';
import { AUTH_METHODS } from '../../store/admin-sessions.ts';
import { RUNTIME_LLM_MODES } from '../../store/runtime-llms.ts';
import { CHECK_RESPONSE_SCHEMA } from '../openapi-schemas.ts';

/**
 * Schemas of the admin API (TypeBox), for request validation, the OpenAPI document and the static
 * types of what the routes take and answer (`Static<typeof …>`), which the routes and the dashboard
 * share. The resources' own shapes sit beside the code that builds them (src/admin/json.ts, …);
 * here are the bodies, parameters and the envelopes around those resources.
 */

/** A request body that refuses members it does not name. */
const closed = <T extends TProperties>(properties: T) => Type.Object(properties, { additionalProperties: false });

export const OK_SCHEMA = Type.Object({ ok: Type.Literal(true) }, { additionalProperties: false });

export const SESSION_SCHEMA = Type.Object(
  {
    user: Type.Object(
      {
        username: Type.String({ description: 'Local account, or sso:<identity> for single sign-on' }),
        auth_method: stringEnum(AUTH_METHODS),
        must_change_password: Type.Boolean({
          description: 'true until the delivered password is changed; other routes answer 403 password_change_required meanwhile',
        }),
      },
      { additionalProperties: false },
    ),
    csrf_token: Type.String({ description: 'Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE' }),
  },
  { additionalProperties: false },
);
export type SessionJson = Static<typeof SESSION_SCHEMA>;

export const AUTH_OPTIONS_SCHEMA = Type.Object(
  {
    sso: Type.Object({ enabled: Type.Boolean({ description: 'Single sign-on is on: the sign-in page offers it' }) }, { additionalProperties: false }),
    signed_in: Type.Boolean({ description: 'This browser has a valid session' }),
  },
  { additionalProperties: false },
);
export type AuthOptionsJson = Static<typeof AUTH_OPTIONS_SCHEMA>;

/** A route that answers with a redirect (the Location header), no body. */
export const redirectResponse = (description: string) => Type.Null({ description });

export const ID_PARAMS = Type.Object({ id: Type.String({ maxLength: 200 }) });
export const RULE_PARAMS = Type.Object({ id: Type.String(), ruleId: Type.String() });

export const LOGIN_BODY = closed({ username: Type.String({ maxLength: 64 }), password: Type.String({ maxLength: 1024 }) });
export const PASSWORD_CHANGE_BODY = closed({ current_password: Type.String({ maxLength: 1024 }), new_password: Type.String({ maxLength: 1024 }) });

const RULE_SCOPE = stringEnum(RULE_SCOPES, { description: 'Which checks the rule inspects (default input)' });

const RUNTIME_LLM_FIELDS = {
  mode: Type.Optional(stringEnum(RUNTIME_LLM_MODES)),
  url: Type.Optional(Type.String({ maxLength: 4096, description: 'Secure Proxy URL; a placeholder is accepted in non-forwarding mode' })),
  level: Type.Optional(integerEnum(PROTECTION_LEVELS, { description: 'Protection level (3 recommended)' })),
  profile: Type.Optional(Type.String({ maxLength: 200, description: 'Security profile id or name' })),
  system_prompt: Type.Optional(nullableString({ maxLength: 200_000 })),
  upstream_api_key: Type.Optional(
    nullableString({
      maxLength: 8192,
      description:
        'Forwarding mode: the credential sent to the upstream LLM. Write-only (stored encrypted; reads show only upstream_credential_set); null removes it.',
    }),
  ),
  monitor: Type.Optional(
    Type.Boolean({ description: 'Monitor mode for every guardrail of this Runtime LLM: report what would be blocked (monitored_by), block nothing' }),
  ),
} as const;
export const RUNTIME_LLM_CREATE_BODY = closed({ name: Type.String({ maxLength: 200 }), ...RUNTIME_LLM_FIELDS });
export const RUNTIME_LLM_UPDATE_BODY = closed({ name: Type.Optional(Type.String({ maxLength: 200 })), ...RUNTIME_LLM_FIELDS });
export type RuntimeLlmUpdateBody = Static<typeof RUNTIME_LLM_UPDATE_BODY>;

export const RUNTIME_LLM_LIST_SCHEMA = Type.Object({ runtime_llms: Type.Array(RUNTIME_LLM_SCHEMA) }, { additionalProperties: false });
export type RuntimeLlmListJson = Static<typeof RUNTIME_LLM_LIST_SCHEMA>;
/** A Runtime LLM with its new API key: the only answer that ever shows the key. */
export const RUNTIME_LLM_KEY_SCHEMA = Type.Object(
  { runtime_llm: RUNTIME_LLM_SCHEMA, api_key: Type.String({ description: 'Shown only this once; send it as X-API-Key' }) },
  { additionalProperties: false },
);
export type RuntimeLlmKeyJson = Static<typeof RUNTIME_LLM_KEY_SCHEMA>;

export const PROFILE_CREATE_BODY = closed({
  name: Type.String({ maxLength: 200 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  copy_from: Type.Optional(Type.String({ maxLength: 200 })),
});
export const PROFILE_LIST_SCHEMA = Type.Object({ profiles: Type.Array(PROFILE_SCHEMA) }, { additionalProperties: false });
export type ProfileListJson = Static<typeof PROFILE_LIST_SCHEMA>;

/** A JSON Merge Patch of profile settings; its members are validated against the settings schema. */
export const PROFILE_PATCH_BODY = Type.Unsafe<Record<string, unknown>>({ type: 'object' });

export const KEYWORD_RULE_BODY = closed({
  keyword: Type.String({ maxLength: 1000 }),
  whole_word: Type.Optional(Type.Boolean()),
  scope: Type.Optional(RULE_SCOPE),
});
export const REGEX_RULE_BODY = closed({
  name: Type.String({ maxLength: 1000 }),
  pattern: Type.String({ maxLength: 10_000, description: 'RE2 syntax' }),
  case_insensitive: Type.Optional(Type.Boolean()),
  scope: Type.Optional(RULE_SCOPE),
});

export const RULE_TEST_BODY = closed({
  kind: stringEnum(RULE_KINDS),
  keyword: Type.Optional(Type.String({ maxLength: 1000 })),
  whole_word: Type.Optional(Type.Boolean()),
  pattern: Type.Optional(Type.String({ maxLength: 10_000 })),
  case_insensitive: Type.Optional(Type.Boolean()),
  text: Type.String({ maxLength: 100_000, description: 'Sample text to run the rule on' }),
});

export const PLAYGROUND_BODY = closed({
  runtime_llm: Type.String({ maxLength: 200, description: 'Runtime LLM id or name whose profile and level apply' }),
  direction: DIRECTION,
  message: Type.String({ maxLength: 100_000 }),
  prompt: Type.Optional(Type.String({ maxLength: 100_000 })),
});

// The playground answers what input-check / output-check would, without a request id (nothing is recorded).
const { request_id: _, ...CHECK_MEMBERS } = CHECK_RESPONSE_SCHEMA.properties;

export const PLAYGROUND_RESPONSE_SCHEMA = Type.Object(
  {
    ...CHECK_MEMBERS,
    spans: Type.Array(Type.Object({ start: Type.Integer(), end: Type.Integer(), label: Type.String() }, { additionalProperties: false }), {
      description: 'UTF-16 ranges of the message that triggered (end exclusive), for highlighting',
    }),
    // Keyed like `checks`, by the names the pipeline reports.
    findings: Type.Unsafe<Record<string, string[]>>(
      partialKeyedObject(GUARDRAIL_NAMES, Type.Array(Type.String()), {
        description: 'What each guardrail that ran found, in words, by guardrail (its definition’s summary of its block)',
      }),
    ),
    runtime_llm: Type.Object(
      { id: Type.String(), name: Type.String(), level: integerEnum(PROTECTION_LEVELS), profile_id: Type.String() },
      { additionalProperties: false, description: 'The Runtime LLM whose profile and level applied' },
    ),
  },
  { additionalProperties: false },
);
export type PlaygroundJson = Static<typeof PLAYGROUND_RESPONSE_SCHEMA>;

export const REPLAY_BODY = closed({
  runtime_llm: Type.String({ maxLength: 200, description: 'Runtime LLM id or name whose recorded checks are replayed (its level and monitor mode apply)' }),
  since: Type.String({ maxLength: 100, description: 'Start of the period: a duration back from now (30m, 24h, 7d) or an ISO 8601 time' }),
});

export const EVENT_PAGE_SCHEMA = Type.Object(
  {
    events: Type.Array(CHECK_EVENT_SCHEMA),
    has_more: Type.Boolean({ description: 'Older events match: fetch them with before = next_before' }),
    next_before: Type.Union([Type.String(), Type.Null()], { description: 'The id of the last event of this page (null when no more match)' }),
  },
  { additionalProperties: false },
);
export type EventPageJson = Static<typeof EVENT_PAGE_SCHEMA>;
export const AUDIT_LIST_SCHEMA = Type.Object({ events: Type.Array(AUDIT_EVENT_SCHEMA) }, { additionalProperties: false });
export type AuditListJson = Static<typeof AUDIT_LIST_SCHEMA>;

export const SIEM_BODY = closed({
  enabled: Type.Optional(Type.Boolean()),
  collector: Type.Optional(Type.String({ maxLength: 100, description: 'IPv4 or IPv6 address of the syslog collector' })),
  port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'UDP port' })),
  format: Type.Optional(stringEnum(SIEM_FORMATS, { description: 'RFC 5424 syslog carrying CEF (default) or the event JSON' })),
});

export const SIEM_TEST_SCHEMA = Type.Object(
  {
    sent: Type.Literal(true),
    event_id: Type.String({ description: 'The id the test event carries' }),
    collector: Type.String(),
    port: Type.Integer(),
    format: stringEnum(SIEM_FORMATS),
    bytes: Type.Integer({ description: 'Size of the datagram sent' }),
  },
  { additionalProperties: false, description: 'The test event went out over UDP (no answer is expected from a syslog collector)' },
);
export type SiemTestJson = Static<typeof SIEM_TEST_SCHEMA>;

export const RETENTION_BODY = closed({
  max_age_days: Type.Optional(Type.Integer({ description: 'Check events older than this are deleted (1-3650, default 30)' })),
  max_events: Type.Optional(Type.Integer({ description: 'At most this many check events are kept (default 1,000,000)' })),
  audit_max_age_days: Type.Optional(Type.Integer({ description: 'Audit events older than this are deleted (default 365)' })),
});

export const SSO_BODY = closed({
  enabled: Type.Optional(Type.Boolean()),
  issuer: Type.Optional(Type.String({ maxLength: 2000 })),
  client_id: Type.Optional(Type.String({ maxLength: 200 })),
  client_secret: Type.Optional(nullableString({ maxLength: 1000, description: 'Write-only; stored in an owner-only file of the data directory' })),
  redirect_url: Type.Optional(Type.String({ maxLength: 2000, description: 'https://<dashboard>/api/auth/oidc/callback, as registered at the provider' })),
  role_claim: Type.Optional(Type.String({ maxLength: 200 })),
  admin_values: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  username_claim: Type.Optional(Type.String({ maxLength: 200 })),
});

const BACKEND_NAME = Type.String({ maxLength: 200, description: 'Unique name; profiles name it in guardrails.<guardrail>.backend' });
const BACKEND_KIND = stringEnum(BACKEND_KINDS, {
  description: 'onnx: a local classifier folder; llm_judge: a safety LLM behind an OpenAI-compatible API',
});
const MODEL_BACKEND_FIELDS = {
  path: Type.Optional(Type.String({ maxLength: 4096, description: 'onnx: absolute path of the folder holding model.onnx, tokenizer.json and manifest.json' })),
  url: Type.Optional(Type.String({ maxLength: 4096, description: 'llm_judge: OpenAI-compatible base URL, e.g. http://vllm:8000/v1' })),
  model: Type.Optional(Type.String({ maxLength: 200, description: 'llm_judge: the served model name' })),
  format: Type.Optional(stringEnum(JUDGE_FORMATS, { description: 'llm_judge: prompt format and verdict parsing' })),
  api_key: Type.Optional(
    nullableString({ maxLength: 8192, description: 'llm_judge: write-only (stored encrypted; reads show only api_key_set); null removes it' }),
  ),
  timeout_ms: Type.Optional(
    Type.Integer({ description: `Longest wait for an answer (50-120000; default ${DEFAULT_TIMEOUTS_IN_WORDS}); on_error decides past it` }),
  ),
  breaker_failures: Type.Optional(Type.Integer({ description: 'Consecutive failures that open the circuit breaker (1-1000, default 5)' })),
  breaker_cooldown_ms: Type.Optional(Type.Integer({ description: 'How long an open breaker refuses calls before a trial call (1000-3600000, default 30000)' })),
  max_concurrency: Type.Optional(
    nullableInteger({
      description: 'Calls each worker thread sends at once (1-10000); null (default): no limit, so no call ever waits',
    }),
  ),
  queue_depth: Type.Optional(
    Type.Integer({
      description:
        'Calls each worker thread lets wait when max_concurrency are under way (0-100000, default 64); more fail at once with queue_full and on_error decides',
    }),
  ),
  intra_op_threads: Type.Optional(
    nullableInteger({
      description: "onnx: onnxruntime's intra-op threads per worker thread (1-256); null (default): onnxruntime's default, one per physical core",
    }),
  ),
} as const;
export const MODEL_BACKEND_CREATE_BODY = closed({ name: BACKEND_NAME, kind: BACKEND_KIND, ...MODEL_BACKEND_FIELDS });
export const MODEL_BACKEND_UPDATE_BODY = closed({ name: Type.Optional(BACKEND_NAME), kind: Type.Optional(BACKEND_KIND), ...MODEL_BACKEND_FIELDS });
export type ModelBackendBody = Static<typeof MODEL_BACKEND_UPDATE_BODY>;

export const MODEL_BACKEND_LIST_SCHEMA = Type.Object({ model_backends: Type.Array(MODEL_BACKEND_SCHEMA) }, { additionalProperties: false });
export type ModelBackendListJson = Static<typeof MODEL_BACKEND_LIST_SCHEMA>;

export const THREAT_LIST_QUERY = Type.Object({
  status: Type.Optional(THREAT_STATUS),
  origin: Type.Optional(THREAT_ORIGIN),
  family: Type.Optional(Type.String({ maxLength: 200 })),
  after: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.String({ maxLength: 200 })),
});
export const THREAT_LIST_SCHEMA = Type.Object({ entries: Type.Array(THREAT_ENTRY_SCHEMA) }, { additionalProperties: false });
export type ThreatListJson = Static<typeof THREAT_LIST_SCHEMA>;
export const THREAT_COUNTS_SCHEMA = Type.Object(
  { counts: Type.Array(Type.Object({ status: THREAT_STATUS, origin: THREAT_ORIGIN, count: Type.Integer() }, { additionalProperties: false })) },
  { additionalProperties: false },
);
export type ThreatCountsJson = Static<typeof THREAT_COUNTS_SCHEMA>;

export const THREAT_PROPOSAL_BODY = closed({
  text: Type.Optional(Type.String({ maxLength: MAX_PROPOSAL_CHARS, description: 'The message; or give event_id' })),
  event_id: Type.Optional(Type.String({ maxLength: 100, description: 'A check event whose recorded text (PII masked) is the proposal' })),
  family: Type.Optional(Type.String({ maxLength: 64, description: 'Attack family, e.g. jailbreak/roleplay (default operator)' })),
  category: Type.Optional(Type.String({ maxLength: 200 })),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type ThreatProposalBody = Static<typeof THREAT_PROPOSAL_BODY>;
export const THREAT_REJECT_BODY = closed({ reason: Type.Optional(Type.String({ maxLength: 1000 })) });

export const NAME_PARAMS = Type.Object({ name: Type.String({ maxLength: 200 }) });

/** A pull started from the dashboard: the options of `rampart model pull`. */
export const MODEL_PULL_BODY = closed({
  repo: Type.String({ maxLength: 200, description: 'Repository id on the hub, e.g. protectai/deberta-v3-base-prompt-injection-v2' }),
  revision: Type.Optional(Type.String({ maxLength: 200, description: 'Branch, tag or commit (default main); the commit it resolves to is recorded' })),
  file: Type.Optional(
    Type.String({ maxLength: 500, description: 'The ONNX file of the repository (default: a quantized CPU export, else onnx/model.onnx, else model.onnx)' }),
  ),
  name: Type.Optional(Type.String({ maxLength: 200, description: 'Name of the model and its backend (default: the last part of the repository id)' })),
  guardrail: Type.Optional(
    Type.String({ maxLength: 100, description: 'Also make this guardrail of the profile ask the model (llm, content_moderation, system_prompt)' }),
  ),
  mode: Type.Optional(
    Type.String({ maxLength: 100, description: `How the guardrail combines it with its built-in model: ${BACKEND_MODES.join(', ')} (default both)` }),
  ),
  profile: Type.Optional(Type.String({ maxLength: 200, description: 'Profile whose guardrail is set (default: default)' })),
  positive_labels: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), { maxItems: 100, description: 'Labels meaning attack / unsafe (default: inferred from well-known names)' }),
  ),
  accept_license: Type.Optional(
    Type.Boolean({ description: 'Accept a licence that is not permissive (Llama or Gemma terms, non-commercial, other, none stated)' }),
  ),
});
export type ModelPullBody = Static<typeof MODEL_PULL_BODY>;

export const PULLED_MODEL_LIST_SCHEMA = Type.Object({ models: Type.Array(PULLED_MODEL_SCHEMA) }, { additionalProperties: false });
export type PulledModelListJson = Static<typeof PULLED_MODEL_LIST_SCHEMA>;
export const MODEL_PULL_LIST_SCHEMA = Type.Object({ pulls: Type.Array(MODEL_PULL_SCHEMA) }, { additionalProperties: false });
export type ModelPullListJson = Static<typeof MODEL_PULL_LIST_SCHEMA>;
