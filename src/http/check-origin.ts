import type { FastifyRequest } from 'fastify';
import type { CheckOrigin } from '../runtime/check-service.ts';
import { parseTraceparent } from '../tracing/trace-context.ts';

/**
 * The origin of the checks a request asks for: its request id (the client's `X-Request-ID` when it
 * is a usable one, see base-app) and the caller's W3C trace context, when its `traceparent` is valid.
 */
export function checkOrigin(request: FastifyRequest): CheckOrigin {
  return { requestId: request.id, trace: parseTraceparent(request.headers.traceparent) };
}
