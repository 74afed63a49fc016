/** The admin API client: same-origin fetch with the session cookie and the CSRF token. */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The setting an `invalid_field` error is about (a dotted path), when the API names one. */
  readonly field: string | undefined;
  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** An error to show next to one field of a form. */
export interface FieldError {
  field: string;
  message: string;
}

/** The field error an API failure carries, or null when it concerns no single field. */
export function fieldErrorOf(error: unknown): FieldError | null {
  return error instanceof ApiError && error.field ? { field: error.field, message: error.message } : null;
}

let csrfToken = '';
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export async function api<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, { method, headers, credentials: 'same-origin', body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const data = (await response.json().catch(() => null)) as { error?: { code: string; message: string; field?: string } } | null;
  if (!response.ok) throw new ApiError(response.status, data?.error?.code ?? 'error', data?.error?.message ?? response.statusText, data?.error?.field);
  return data as T;
}

export interface SessionInfo {
  user: { username: string; auth_method: 'password' | 'oidc'; must_change_password: boolean };
  csrf_token: string;
}

export interface RuntimeLlm {
  id: string;
  name: string;
  mode: 'forwarding' | 'non-forwarding';
  url: string;
  level: 1 | 2 | 3;
  profile_id: string;
  upstream_credential_set: boolean;
  /** Every guardrail reports what it would block, nothing is blocked. */
  monitor: boolean;
  api_key_hint: string | null;
  created_at: string;
}

export interface Profile {
  id: string;
  name: string;
  description: string;
  settings: { on_error: string; record_message_text: boolean; guardrails: Record<string, Record<string, unknown>> };
  rules: {
    keywords: { id: string; keyword: string; whole_word: boolean; scope: string }[];
    regexes: { id: string; name: string; pattern: string; case_insensitive: boolean; scope: string }[];
  };
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
}

export interface GuardrailInfo {
  name: string;
  title: string;
  available: boolean;
  directions: string[];
  on_at_levels: number[];
  uses_rules: boolean;
  settings_schema: JsonSchema;
}

export interface CheckEventJson {
  id: string;
  time: string;
  request_id: string;
  runtime_llm_id: string;
  direction: 'input' | 'output';
  verdict: 'allowed' | 'blocked' | 'monitored';
  blocked_by: string[];
  /** Guardrails in monitor mode that would have blocked. */
  monitored_by: string[];
  results: Record<string, { detected: boolean; score?: number; error?: string; monitored?: true; ms?: number }>;
  execution_time_ms: number;
  message_length: number;
  message_text?: string;
}

export type ThreatStatus = 'proposed' | 'active' | 'rejected' | 'removed';

/** An entry of the vector filter's threat store; seed entries carry no text. */
export interface ThreatEntry {
  id: string;
  origin: 'seed' | 'operator';
  status: ThreatStatus;
  family: string;
  category: string;
  text: string | null;
  source_event_id: string | null;
  note: string;
  proposed_by: string;
  proposed_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  updated_at: string;
}

export interface ThreatProposal {
  text?: string;
  event_id?: string;
  family?: string;
  category?: string;
  note?: string;
}

/** Proposes a message (typed, or a check event's recorded text) for the threat store. */
export function proposeThreat(proposal: ThreatProposal): Promise<ThreatEntry> {
  return api<ThreatEntry>('/api/vectors/proposals', { method: 'POST', body: proposal });
}
