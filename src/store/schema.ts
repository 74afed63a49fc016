/**
 * Tables of the appliance. Column types are kept portable between SQLite and PostgreSQL: ids are
 * text, timestamps ISO-8601 UTC text (sortable), booleans 0/1 integers, structured values JSON text.
 */
export interface Database {
  security_profiles: SecurityProfileTable;
  runtime_llms: RuntimeLlmTable;
  api_keys: ApiKeyTable;
  keyword_rules: KeywordRuleTable;
  regex_rules: RegexRuleTable;
  admin_users: AdminUserTable;
  admin_sessions: AdminSessionTable;
  settings: SettingTable;
  config_revision: ConfigRevisionTable;
  check_events: CheckEventTable;
  audit_events: AuditEventTable;
  threat_vectors: ThreatVectorTable;
  model_backends: ModelBackendTable;
  pulled_models: PulledModelTable;
  model_pulls: ModelPullTable;
}

export interface SecurityProfileTable {
  id: string;
  name: string;
  description: string;
  /** JSON: `ProfileSettings`. */
  settings: string;
  created_at: string;
  updated_at: string;
}

export interface RuntimeLlmTable {
  id: string;
  name: string;
  mode: 'forwarding' | 'non-forwarding';
  url: string;
  level: number;
  profile_id: string;
  system_prompt: string | null;
  /** 1: every guardrail of this Runtime LLM runs in monitor mode (reports, never blocks). */
  monitor: number;
  /** Sealed (encrypted) credential for the upstream LLM; never returned by any API. */
  upstream_credential: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyTable {
  id: string;
  runtime_llm_id: string;
  /** Hex SHA-256 of the key; the key itself is never stored. */
  key_hash: string;
  /** Last characters of the key, so an operator can tell keys apart. */
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
}

export interface KeywordRuleTable {
  id: string;
  profile_id: string;
  keyword: string;
  whole_word: number;
  scope: 'input' | 'output' | 'both';
  created_at: string;
}

export interface RegexRuleTable {
  id: string;
  profile_id: string;
  name: string;
  pattern: string;
  case_insensitive: number;
  scope: 'input' | 'output' | 'both';
  created_at: string;
}

export interface AdminUserTable {
  id: string;
  username: string;
  password_hash: string;
  must_change_password: number;
  /** Consecutive failed sign-ins; reset by a successful one. */
  failed_logins: number;
  /** While in the future, sign-in is refused (temporary lockout). */
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionTable {
  /** Hex SHA-256 of the session cookie; the cookie value itself is never stored. */
  id: string;
  /** Local account name, or `sso:<identity>` for a single-sign-on administrator. */
  username: string;
  auth_method: 'password' | 'oidc';
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface SettingTable {
  key: string;
  /** JSON value. */
  value: string;
  updated_at: string;
}

/** A single row whose counter is bumped by every configuration change, so servers know to reload. */
export interface ConfigRevisionTable {
  id: number;
  revision: number;
}

export interface CheckEventTable {
  id: string;
  created_at: string;
  request_id: string;
  runtime_llm_id: string;
  profile_id: string;
  direction: 'input' | 'output';
  /** monitored: allowed, but a guardrail in monitor mode would have blocked it. */
  verdict: 'allowed' | 'blocked' | 'monitored';
  /** JSON array of guardrail names. */
  blocked_by: string;
  /** JSON array of the guardrails in monitor mode that would have blocked. */
  monitored_by: string;
  /** JSON object: guardrail name → {detected, score?, error?}. */
  results: string;
  execution_time_ms: number;
  message_length: number;
  message_sha256: string;
  /** Only for profiles that opt in to storing message text, with PII masked; null otherwise. */
  message_text: string | null;
  /** W3C trace id (32 hex) and caller span (16 hex) of the request's `traceparent`; null without one. */
  trace_id: string | null;
  span_id: string | null;
  /** LiteLLM's `litellm_call_id` and `litellm_trace_id` (Generic Guardrail API); null otherwise. */
  litellm_call_id: string | null;
  litellm_trace_id: string | null;
  /** The application's end user, as the caller named it; null when not named. */
  end_user: string | null;
  /** Images sent with the text, which no guardrail inspects. */
  images_not_inspected: number;
  /** JSON `MaskingRecord`: what masking `message_text` removed; null without text or before it was recorded. */
  message_masking: string | null;
}

export interface AuditEventTable {
  id: string;
  created_at: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON object with the change (never secrets). */
  details: string;
}

/**
 * One entry of the vector filter's threat store. Seed entries carry no text (only a vector, family and
 * short id); operator entries keep the reviewed text so they can be re-encoded by a newer encoder.
 */
export interface ThreatVectorTable {
  id: string;
  origin: 'seed' | 'operator';
  status: 'proposed' | 'active' | 'rejected' | 'removed';
  family: string;
  category: string;
  text: string | null;
  /** Base64 of little-endian float32, unit length; null until the entry is encoded. */
  vector: string | null;
  /** Version of the encoder that produced `vector`. */
  encoder: string | null;
  /** The check event a proposal came from. */
  source_event_id: string | null;
  note: string;
  proposed_by: string;
  proposed_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  updated_at: string;
}

/** A model backend (ONNX classifier or LLM judge) that guardrails of security profiles can ask. */
export interface ModelBackendTable {
  id: string;
  name: string;
  kind: 'onnx' | 'llm_judge';
  /** JSON: the kind's settings (folder, or URL, model and prompt format) with timeout and circuit breaker. */
  settings: string;
  /** Sealed (encrypted) API key of an LLM judge; never returned by any API. */
  credential: string | null;
  created_at: string;
  updated_at: string;
}

export interface PulledModelTable {
  id: string;
  name: string;
  /** The onnx model backend registered for it (same name). */
  backend_id: string;
  source: 'hub' | 'import';
  repo: string | null;
  /** The revision asked for (branch, tag or commit). */
  revision: string | null;
  /** The commit it resolved to: a later pull of this commit gets the same bytes. */
  commit_sha: string | null;
  /** The ONNX file chosen, as a path in the repository. */
  onnx_file: string;
  /** JSON: `{ path, local, size, sha256 }[]`, the repository files the model folder holds. */
  files: string;
  /** JSON: the generated manifest.json. */
  manifest: string;
  license: string | null;
  /** 1 when a licence that is not permissive was accepted at pull or import. */
  license_accepted: number;
  created_at: string;
  updated_at: string;
}

export interface ModelPullTable {
  id: string;
  repo: string;
  revision: string;
  /** The model's name, once known. */
  name: string | null;
  state: 'running' | 'succeeded' | 'failed';
  /** What a running pull is doing: metadata, downloading, checking, registering, done. */
  phase: string;
  /** The file being downloaded. */
  file: string | null;
  bytes_done: number | string;
  bytes_total: number | string | null;
  error_code: string | null;
  error_message: string | null;
  actor: string;
  created_at: string;
  updated_at: string;
}
