/**
 * Errors a client or operator can cause, each with a stable code and the HTTP status it maps to.
 * Anything thrown that is not an AppError is a fault of ours: logged, answered with a generic 500.
 */
export const ERROR_CODES = {
  invalid_api_key: 401,
  not_authenticated: 401,
  forbidden: 403,
  csrf_failed: 403,
  password_change_required: 403,
  bad_request: 400,
  invalid_json: 400,
  invalid_field: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  uri_too_long: 414,
  headers_too_large: 431,
  conflict: 409,
  rate_limited: 429,
  internal_error: 500,
  unavailable: 503,
  // Forwarding mode (OpenAI-compatible proxy)
  forwarding_disabled: 403,
  input_blocked: 400,
  upstream_unreachable: 502,
  upstream_error: 502,
  upstream_invalid_response: 502,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers (e.g. Allow, Retry-After). */
  readonly headers: Record<string, string>;
  /** Extra members of the error body (e.g. the guardrail verdict of a blocked proxy request). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code];
    this.headers = headers;
    this.details = details;
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
