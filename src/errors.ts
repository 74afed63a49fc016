/** One error code: the HTTP status it answers with and when it happens (the text of the docs' tables). */
export interface ErrorCodeInfo {
  status: number;
  when: string;
}

/**
 * Errors a client or operator can cause, each with a stable code and the HTTP status it maps to.
 * Anything thrown that is not an AppError is a fault of ours: logged, answered with a generic 500.
 * The error tables of docs/check-api.md and docs/errors.md are generated from this table (scripts/generate-docs.ts).
 */
export const ERROR_CODES = {
  bad_request: {
    status: 400,
    when: 'the `Host` header is not `host[:port]`, appears twice, or is missing (HTTP/1.1); the URL cannot be parsed; the request is not valid HTTP',
  },
  invalid_json: { status: 400, when: 'the body is not JSON, not valid UTF-8 (whatever the `Content-Type` charset says), or empty' },
  invalid_field: {
    status: 400,
    when: 'a member of the body, a query parameter or a setting is missing, of the wrong type or out of range (`field` names it when it is one member). On the check API: the body is not an object, `message` is missing or not a string, `prompt` is not a string, the body nests deeper than 64 levels, or it has a `__proto__` or `constructor.prototype` member',
  },
  invalid_api_key: {
    status: 401,
    when: '`X-API-Key` (or the `Authorization: Bearer` key Forwarding mode and the LiteLLM endpoint also take) missing, unknown or revoked',
  },
  not_authenticated: { status: 401, when: 'dashboard: no valid session (sign in first), a refused sign-in, or the account no longer exists' },
  forbidden: {
    status: 403,
    when: 'dashboard: the account may not do this (a single sign-on administrator changing a password, an identity without the administrator role)',
  },
  csrf_failed: { status: 403, when: "dashboard: a state-changing request without the session's `X-CSRF-Token`, or from another origin" },
  password_change_required: { status: 403, when: 'dashboard: the delivered password must be changed first' },
  forwarding_disabled: { status: 403, when: 'Forwarding mode: the Runtime LLM of the key is in Non-forwarding mode' },
  not_found: { status: 404, when: 'unknown path, or the named resource does not exist' },
  method_not_allowed: { status: 405, when: 'wrong method (the `Allow` header lists the right one)' },
  request_timeout: { status: 408, when: 'the request did not arrive within 30 seconds' },
  conflict: {
    status: 409,
    when: 'the change conflicts with what exists: a name already in use, a profile or model backend still in use, a replay without recorded text',
  },
  license_not_accepted: {
    status: 422,
    when: "`rampart model pull`/`import`: the model's licence is not permissive (Llama or Gemma terms, a non-commercial licence, another; for a pull also none stated) and was not accepted",
  },
  model_unsupported: {
    status: 422,
    when: '`rampart model pull`/`import`: the repository or folder is not a usable text classifier (no ONNX file, no `tokenizer.json`, no `id2label`, labels that name no attack, inputs the runtime does not feed)',
  },
  payload_too_large: {
    status: 413,
    when: '`message` or `prompt` (or a LiteLLM text) longer than the limit (default 32,768 characters, `RAMPART_MAX_MESSAGE_CHARS`), more than 1,000 LiteLLM texts, or the body larger than its limit (named in the message)',
  },
  uri_too_long: { status: 414, when: 'a URL path segment is longer than 100 characters' },
  unsupported_media_type: {
    status: 415,
    when: '`Content-Type` is not `application/json`, its `charset` is not UTF-8, or the body has a `Content-Encoding` (gzip, br, …): send JSON uncompressed',
  },
  rate_limited: { status: 429, when: 'per-key, per-address or sign-in rate exceeded (`Retry-After` says when to retry)' },
  headers_too_large: { status: 431, when: 'the request line and headers exceed 16 KiB' },
  internal_error: { status: 500, when: 'a fault of the appliance; the `request_id` finds it in the server log' },
  hub_unauthorized: {
    status: 502,
    when: '`rampart model pull`: the model hub refused access (a gated or private repository without `HF_TOKEN`, or a token without access to it)',
  },
  hub_unreachable: { status: 502, when: '`rampart model pull`: the model hub (`HF_ENDPOINT`) could not be reached' },
  hub_error: { status: 502, when: '`rampart model pull`: the model hub answered with an error or with something that is not the Hub API' },
  download_interrupted: {
    status: 502,
    when: '`rampart model pull`: the connection broke during a download, after retries; the partial file is kept and the next pull resumes it',
  },
  checksum_mismatch: {
    status: 502,
    when: '`rampart model pull`/`import`: a file does not have the SHA-256 the hub advertised or the registered model recorded; it is deleted',
  },
  disk_full: { status: 507, when: '`rampart model pull`/`import`: the data directory has no room for the model files' },
  unavailable: {
    status: 503,
    when: "the Runtime LLM's profile cannot be used, the database is busy or unavailable (configuration changes; `Retry-After`), single sign-on is not ready, or the server is shutting down",
  },
  // Forwarding mode (OpenAI-compatible proxy)
  input_blocked: { status: 400, when: 'Forwarding mode: a guardrail blocked the request; `type` is `guardrail_violation` and `rampart` carries the verdict' },
  upstream_unreachable: { status: 502, when: 'Forwarding mode: the upstream LLM could not be reached' },
  upstream_error: { status: 502, when: 'Forwarding mode: the upstream LLM answered with a 5xx status' },
  upstream_invalid_response: { status: 502, when: "Forwarding mode: the upstream LLM's answer is not JSON (or not an event stream when streaming)" },
  upstream_timeout: {
    status: 504,
    when: 'Forwarding mode: the upstream LLM was silent for `forwarding.upstream_timeout_ms` (60 s by default; between stream chunks too)',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The code of the error event that cuts a Forwarding-mode stream at a blocked answer. It is no HTTP
 * status (the stream has started), so it is not in ERROR_CODES.
 */
export const OUTPUT_BLOCKED = 'output_blocked';

/**
 * OpenAI-style error class (`error.type`), so OpenAI clients of the proxy read our errors natively.
 * A guardrail verdict is a `guardrail_violation` whether it refuses the request or cuts a stream.
 */
export function errorTypeOf(code: ErrorCode | typeof OUTPUT_BLOCKED): string {
  if (code === 'input_blocked' || code === OUTPUT_BLOCKED) return 'guardrail_violation';
  const { status } = ERROR_CODES[code];
  if (status === 401) return 'authentication_error';
  if (status === 429) return 'rate_limit_error';
  return status >= 500 ? 'api_error' : 'invalid_request_error';
}

export interface AppErrorOptions {
  /** Extra response headers (e.g. Allow, Retry-After). */
  headers?: Record<string, string>;
  /** Extra members of the error body (e.g. `field`, or the guardrail verdict of a blocked proxy request). */
  details?: Record<string, unknown> | undefined;
  /** The error this one reports, for the log; never part of the response. */
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers (e.g. Allow, Retry-After). */
  readonly headers: Record<string, string>;
  /** Extra members of the error body (e.g. the guardrail verdict of a blocked proxy request). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.headers = options.headers ?? {};
    this.details = options.details;
  }
}

/** What a number setting allows, e.g. "a number from 0 to 1", or undefined for other schemas. */
export function allowedRange(schema: Readonly<Record<string, unknown>>): string | undefined {
  if (schema.type !== 'number' && schema.type !== 'integer') return undefined;
  const kind = schema.type === 'integer' ? 'a whole number' : 'a number';
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') return `${kind} from ${schema.minimum} to ${schema.maximum}`;
  if (typeof schema.minimum === 'number') return `${kind} of at least ${schema.minimum}`;
  if (typeof schema.maximum === 'number') return `${kind} of at most ${schema.maximum}`;
  return kind;
}
