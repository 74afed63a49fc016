import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Direction } from '../domain/check.ts';
import { AppError } from '../errors.ts';
import type { CheckService } from '../runtime/check-service.ts';
import type { Caller, LiveConfig } from '../runtime/live-config.ts';
import { authenticateApiKey } from './api-key-auth.ts';
import { checkOrigin } from './check-origin.ts';
import { rejectOtherMethods } from './errors.ts';
import { CHECK_RESPONSE_SCHEMA, checkRequestSchema, ERROR_RESPONSE_SCHEMA, TRACE_HEADERS_SCHEMA, type CheckRequestBody } from './openapi-schemas.ts';
import type { RateLimiter } from './rate-limiter.ts';

export const CHECK_PREFIX = '/apikey/api/guardrail/v1';

export interface CheckRouteOptions {
  config: LiveConfig;
  checks: CheckService;
  maxMessageChars: number;
  keyLimiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    startedAt?: number;
  }
}

export function registerCheckRoutes(app: FastifyInstance, options: CheckRouteOptions): void {
  const route = (direction: Direction, path: string, summary: string) => {
    app.post<{ Body: CheckRequestBody }>(
      path,
      {
        schema: {
          summary,
          tags: ['check'],
          security: [{ apiKey: [] }],
          body: checkRequestSchema(direction),
          headers: TRACE_HEADERS_SCHEMA,
          response: { 200: CHECK_RESPONSE_SCHEMA, '4xx': ERROR_RESPONSE_SCHEMA, '5xx': ERROR_RESPONSE_SCHEMA },
        },
        // The response schemas document the contract; the answer is sent as built, so a member the
        // schemas do not name would reach clients (and fail the contract test) rather than vanish.
        serializerCompiler: () => (data) => JSON.stringify(data),
        onRequest: async (request) => {
          request.startedAt = performance.now();
          request.caller = await authenticateApiKey(request, options.config, options.keyLimiter);
        },
      },
      async (request) => {
        const { message, prompt } = request.body;
        if (message.length > options.maxMessageChars) {
          throw new AppError('payload_too_large', `The message is ${message.length} characters long; the limit is ${options.maxMessageChars}.`);
        }
        if (prompt !== undefined && prompt.length > options.maxMessageChars) {
          throw new AppError('payload_too_large', `The prompt is ${prompt.length} characters long; the limit is ${options.maxMessageChars}.`);
        }
        const outcome = await options.checks.check(request.caller!, { direction, message, prompt, startedAt: request.startedAt }, checkOrigin(request));
        const response: Record<string, unknown> = {
          injection_detected: outcome.injection_detected,
          // From the request's arrival to its verdict: the same figure its check event records.
          execution_time: outcome.execution_time,
          checks: outcome.checks,
          blocked_by: outcome.blocked_by,
          monitored_by: outcome.monitored_by,
          request_id: request.id,
        };
        if (outcome.sanitized_message !== undefined) response.sanitized_message = outcome.sanitized_message;
        if (outcome.masked_message !== undefined) response.masked_message = outcome.masked_message;
        return response;
      },
    );
    rejectOtherMethods(app, path, ['POST']);
  };
  route('input', `${CHECK_PREFIX}/input-check`, 'Inspect a user prompt before it reaches the LLM');
  route('output', `${CHECK_PREFIX}/output-check`, 'Inspect an LLM answer before it reaches the user');
}
