import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { allowedRange, AppError, errorTypeOf, type ErrorCode } from '../errors.ts';
import { isDatabaseUnavailable } from '../store/unavailable.ts';

/** The one error body of every listener: `{ "error": { "code", "message", "type", "request_id", ... } }`. */
export function errorBody(error: AppError, requestId: string): { error: Record<string, unknown> } {
  return { error: { code: error.code, message: error.message, type: errorTypeOf(error.code), request_id: requestId, ...error.details } };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error, request.id));
}

// Fastify's own client-error codes, mapped to ours with a message a client can act on.
const FASTIFY_ERRORS: Readonly<Record<string, [ErrorCode, string]>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Content-Type must be application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'Content-Length does not match the body.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The request body is larger than the configured limit.'],
  FST_ERR_CTP_INVALID_TYPE: ['unsupported_media_type', 'Content-Type must be application/json.'],
  FST_ERR_BAD_URL: ['bad_request', 'The request URL is malformed.'],
  FST_ERR_MAX_PARAM_LENGTH: ['uri_too_long', 'A segment of the request URL is too long.'],
  FST_ERR_ASYNC_CONSTRAINT: ['bad_request', 'The request could not be routed.'],
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'boolean') return String(value);
  return TYPE_WORDS[typeof value] ?? 'a value';
}

/** A wrong type or a value outside a list, worded for a person (ajv runs with `verbose`, so the value is known). */
function validationProblem(error: FastifySchemaValidationError & { data?: unknown }): string | undefined {
  if (error.keyword === 'type') {
    const types = ([] as string[]).concat(error.params.type as string | string[]);
    return `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}; got ${kindOf(error.data)}`;
  }
  if (error.keyword === 'enum' && Array.isArray(error.params.allowedValues)) {
    return `must be one of ${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}; got ${JSON.stringify(error.data)}`;
  }
  return undefined;
}

/** `bodyLimit`: the route's body limit in bytes, named when a body exceeds it. */
export function toAppError(error: FastifyError, bodyLimit?: number): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && bodyLimit !== undefined)
    return new AppError('payload_too_large', `The request body is larger than the limit of ${bodyLimit.toLocaleString('en-US')} bytes.`);
  const mapped = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (mapped) return new AppError(mapped[0], mapped[1]);
  if (error.validation) {
    const first: (FastifySchemaValidationError & { parentSchema?: Record<string, unknown>; data?: unknown }) | undefined = error.validation[0];
    const where = error.validationContext ?? 'body';
    const field = first?.instancePath ? first.instancePath.slice(1).replaceAll('/', '.') : undefined;
    // A body member is named by itself (as the dashboard's forms know it); others by where they are.
    const path = field ? (where === 'body' ? field : `${where}.${field}`) : where;
    // Out of range: name the whole allowed range and the value given (ajv runs with `verbose`).
    const range =
      first && /^(minimum|maximum|exclusiveMinimum|exclusiveMaximum)$/.test(first.keyword) && first.parentSchema ? allowedRange(first.parentSchema) : undefined;
    const subject = field ? `The field ${path}` : `The request ${where}`;
    const problem = first && validationProblem(first);
    // A missing member is named by itself.
    const missing = first?.keyword === 'required' ? String(first.params.missingProperty) : undefined;
    if (missing !== undefined) {
      const missingField = field ? `${field}.${missing}` : missing;
      const missingPath = where === 'body' ? missingField : `${where}.${missingField}`;
      return new AppError('invalid_field', `The field ${missingPath} is required.`, {}, { field: missingField });
    }
    const message = range
      ? `${subject} must be ${range}; got ${JSON.stringify(first!.data)}.`
      : problem
        ? `${subject} ${problem}.`
        : `${subject} ${first?.message ?? 'is invalid'}.`;
    return new AppError('invalid_field', message, {}, field ? { field } : undefined);
  }
  if (error instanceof SyntaxError) return new AppError('invalid_json', 'The request body is not valid JSON.');
  if (isDatabaseUnavailable(error)) return new AppError('unavailable', 'The database is busy or unavailable; try again in a second.', { 'Retry-After': '1' });
  // Any other 4xx raised by a plugin keeps its status class as a bad request.
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return error.statusCode === 413
      ? new AppError('payload_too_large', 'The request is larger than the configured limit.')
      : new AppError('bad_request', `The request was refused: ${error.message}`);
  }
  return undefined;
}

/** JSON errors for everything that goes wrong: client mistakes keep their status, our faults are 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error, request.routeOptions.bodyLimit);
    if (appError) return sendError(request, reply, appError);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('internal_error', 'Internal error; the request id identifies it in the server log.'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new AppError('not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`)),
  );
}

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** Answers 405 with an Allow header for every method a path does not support. */
export function rejectOtherMethods(app: FastifyInstance, url: string, allowed: readonly string[]): void {
  const allow = allowed.join(', ');
  const others = ALL_METHODS.filter((m) => !allowed.includes(m));
  app.route({
    method: others,
    url,
    schema: { hide: true },
    handler: (request, reply) =>
      sendError(request, reply, new AppError('method_not_allowed', `${request.method} is not allowed here; use ${allow}.`, { Allow: allow })),
  });
}
