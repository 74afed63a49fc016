/** JSON Schemas of the admin API, for request validation and the OpenAPI document. */

export const okSchema = { type: 'object', properties: { ok: { type: 'boolean' } } } as const;

export const sessionSchema = {
  type: 'object',
  properties: {
    user: {
      type: 'object',
      properties: {
        username: { type: 'string', description: 'Local account, or sso:<identity> for single sign-on' },
        auth_method: { type: 'string', enum: ['password', 'oidc'] },
        must_change_password: { type: 'boolean', description: 'true until the delivered password is changed; other routes answer 403 password_change_required meanwhile' },
      },
    },
    csrf_token: { type: 'string', description: 'Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE' },
  },
} as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 200 } } } as const;

const scope = { type: 'string', enum: ['input', 'output', 'both'], description: 'Which checks the rule inspects (default input)' } as const;

export const runtimeLlmBody = (required: readonly string[]) =>
  ({
    type: 'object',
    required,
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 200 },
      mode: { type: 'string', enum: ['non-forwarding', 'forwarding'] },
      url: { type: 'string', maxLength: 4096, description: 'Secure Proxy URL; a placeholder is accepted in non-forwarding mode' },
      level: { type: 'integer', enum: [1, 2, 3], description: 'Protection level (3 recommended)' },
      profile: { type: 'string', maxLength: 200, description: 'Security profile id or name' },
      system_prompt: { type: ['string', 'null'], maxLength: 200_000 },
      upstream_api_key: {
        type: ['string', 'null'],
        maxLength: 8192,
        description: 'Forwarding mode: the credential sent to the upstream LLM. Write-only (stored encrypted; reads show only upstream_credential_set); null removes it.',
      },
      monitor: { type: 'boolean', description: 'Monitor mode for every guardrail of this Runtime LLM: report what would be blocked (monitored_by), block nothing' },
    },
  }) as const;

export const keywordRuleBody = {
  type: 'object',
  required: ['keyword'],
  additionalProperties: false,
  properties: { keyword: { type: 'string', maxLength: 1000 }, whole_word: { type: 'boolean' }, scope },
} as const;

export const regexRuleBody = {
  type: 'object',
  required: ['name', 'pattern'],
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: 1000 }, pattern: { type: 'string', maxLength: 10_000, description: 'RE2 syntax' }, case_insensitive: { type: 'boolean' }, scope },
} as const;

export const ruleTestBody = {
  type: 'object',
  required: ['kind', 'text'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['keyword', 'regex'] },
    keyword: { type: 'string', maxLength: 1000 },
    whole_word: { type: 'boolean' },
    pattern: { type: 'string', maxLength: 10_000 },
    case_insensitive: { type: 'boolean' },
    text: { type: 'string', maxLength: 100_000, description: 'Sample text to run the rule on' },
  },
} as const;

export const playgroundBody = {
  type: 'object',
  required: ['runtime_llm', 'direction', 'message'],
  additionalProperties: false,
  properties: {
    runtime_llm: { type: 'string', maxLength: 200, description: 'Runtime LLM id or name whose profile and level apply' },
    direction: { type: 'string', enum: ['input', 'output'] },
    message: { type: 'string', maxLength: 100_000 },
    prompt: { type: 'string', maxLength: 100_000 },
  },
} as const;

export const replayBody = {
  type: 'object',
  required: ['runtime_llm', 'since'],
  additionalProperties: false,
  properties: {
    runtime_llm: { type: 'string', maxLength: 200, description: 'Runtime LLM id or name whose recorded checks are replayed (its level and monitor mode apply)' },
    since: { type: 'string', maxLength: 100, description: 'Start of the period: a duration back from now (30m, 24h, 7d) or an ISO 8601 time' },
  },
} as const;

export const siemBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    collector: { type: 'string', maxLength: 100, description: 'IPv4 or IPv6 address of the syslog collector' },
    port: { type: 'integer', minimum: 1, maximum: 65535, description: 'UDP port' },
    format: { type: 'string', enum: ['cef', 'json'], description: 'RFC 5424 syslog carrying CEF (default) or the event JSON' },
  },
} as const;

export const retentionBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    max_age_days: { type: 'integer', description: 'Check events older than this are deleted (1-3650, default 30)' },
    max_events: { type: 'integer', description: 'At most this many check events are kept (default 1,000,000)' },
    audit_max_age_days: { type: 'integer', description: 'Audit events older than this are deleted (default 365)' },
  },
} as const;

export const ssoBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    issuer: { type: 'string', maxLength: 2000 },
    client_id: { type: 'string', maxLength: 200 },
    client_secret: { type: ['string', 'null'], maxLength: 1000, description: 'Write-only; stored in an owner-only file of the data directory' },
    redirect_url: { type: 'string', maxLength: 2000, description: 'https://<dashboard>/api/auth/oidc/callback, as registered at the provider' },
    role_claim: { type: 'string', maxLength: 200 },
    admin_values: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 50 },
    username_claim: { type: 'string', maxLength: 200 },
  },
} as const;

export const modelBackendBody = (required: readonly string[]) =>
  ({
    type: 'object',
    required,
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 200, description: 'Unique name; profiles name it in guardrails.<guardrail>.backend' },
      kind: { type: 'string', enum: ['onnx', 'llm_judge'], description: 'onnx: a local classifier folder; llm_judge: a safety LLM behind an OpenAI-compatible API' },
      path: { type: 'string', maxLength: 4096, description: 'onnx: absolute path of the folder holding model.onnx, tokenizer.json and manifest.json' },
      url: { type: 'string', maxLength: 4096, description: 'llm_judge: OpenAI-compatible base URL, e.g. http://vllm:8000/v1' },
      model: { type: 'string', maxLength: 200, description: 'llm_judge: the served model name' },
      format: { type: 'string', enum: ['llama_guard', 'shieldgemma', 'json'], description: 'llm_judge: prompt format and verdict parsing' },
      api_key: { type: ['string', 'null'], maxLength: 8192, description: 'llm_judge: write-only (stored encrypted; reads show only api_key_set); null removes it' },
      timeout_ms: { type: 'integer', description: 'Longest wait for an answer (50-120000; default 1000 for onnx, 5000 for llm_judge); on_error decides past it' },
      breaker_failures: { type: 'integer', description: 'Consecutive failures that open the circuit breaker (1-1000, default 5)' },
      breaker_cooldown_ms: { type: 'integer', description: 'How long an open breaker refuses calls before a trial call (1000-3600000, default 30000)' },
    },
  }) as const;
