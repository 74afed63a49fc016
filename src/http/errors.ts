import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from './http-app.ts';
import { AppError, errorTypeOf, type ErrorCode } from '../errors.ts';
import { DatabaseFailureLog, isDatabaseUnavailable } from '../store/unavailable.ts';
import type { ErrorResponseJson } from './error-schema.ts';
import { validationError, type SchemaFailure } from './validation-errors.ts';

/** The one error body of every listener: `{ "error": { "code", "message", "type", "request_id", ... } }`. */
export function errorBody(error: AppError, requestId: string): ErrorResponseJson {
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
  FST_ERR_CTP_INVALID_TYPE: ['unsupported_media_type', 'Content-Type must be application/json.'],
  FST_ERR_BAD_URL: ['bad_request', 'The request URL is malformed.'],
  FST_ERR_MAX_PARAM_LENGTH: ['uri_too_long', 'A segment of the request URL is too long.'],
  FST_ERR_ASYNC_CONSTRAINT: ['bad_request', 'The request could not be routed.'],
};

/** A 413 that states the limit the body broke: the route's body limit, in bytes. */
function bodyTooLarge(bodyLimit: number | undefined): AppError {
  const limit = bodyLimit === undefined ? 'its limit' : `the limit of ${bodyLimit.toLocaleString('en-US')} bytes`;
  return new AppError('payload_too_large', `The request body is larger than ${limit}.`);
}

/** Our error for what Fastify raised; `bodyLimit` is the route's (the 413 states it). */
export function toAppError(error: FastifyError, bodyLimit?: number): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) return bodyTooLarge(bodyLimit);
  const mapped = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (mapped) return new AppError(mapped[0], mapped[1]);
  if (error.validation) return validationError(error.validation[0] as SchemaFailure | undefined, error.validationContext ?? 'body');
  if (error instanceof SyntaxError) return new AppError('invalid_json', 'The request body is not valid JSON.');
  // Any other 4xx raised by a plugin keeps its status class as a bad request.
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('bad_request', `The request was refused: ${error.message}`);
  }
  return undefined;
}

/** JSON errors for everything that goes wrong: client mistakes keep their status, our faults are 500. */
export function installErrorHandling(app: HttpApp): void {
  const databaseFailures = new DatabaseFailureLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      databaseFailures.record(request.log, error);
      const unavailable = new AppError('unavailable', 'The database is busy or unavailable; try again in a second.', {
        headers: { 'Retry-After': '1' },
        cause: error,
      });
      return sendError(request, reply, unavailable);
    }
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
export function rejectOtherMethods(app: HttpApp, url: string, allowed: readonly string[]): void {
  const allow = allowed.join(', ');
  const others = ALL_METHODS.filter((m) => !allowed.includes(m));
  app.route({
    method: others,
    url,
    schema: { hide: true },
    handler: (request, reply) =>
      sendError(request, reply, new AppError('method_not_allowed', `${request.method} is not allowed here; use ${allow}.`, { headers: { Allow: allow } })),
  });
}
