import { performance } from 'node:perf_hooks';
import type { HttpApp } from './http-app.ts';
import type { Direction } from '../domain/check.ts';
import { AppError } from '../errors.ts';
import type { CheckService } from '../runtime/check-service.ts';
import type { Caller, LiveConfig } from '../runtime/live-config.ts';
import { authenticateApiKey } from './api-key-auth.ts';
import { checkOrigin } from './check-origin.ts';
import { rejectOtherMethods } from './errors.ts';
import { checkResponseJson } from './check-json.ts';
import { CHECK_RESPONSE_SCHEMA, checkRequestSchema, TRACE_HEADERS_SCHEMA } from './openapi-schemas.ts';
import { withErrors } from './responses.ts';
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

export function registerCheckRoutes(app: HttpApp, options: CheckRouteOptions): void {
  const route = (direction: Direction, path: string, summary: string) => {
    app.post(
      path,
      {
        schema: {
          summary,
          tags: ['check'],
          security: [{ apiKey: [] }],
          body: checkRequestSchema(direction),
          headers: TRACE_HEADERS_SCHEMA,
          response: withErrors({ 200: CHECK_RESPONSE_SCHEMA }),
        },
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
        return checkResponseJson(outcome, request.id);
      },
    );
    rejectOtherMethods(app, path, ['POST']);
  };
  route('input', `${CHECK_PREFIX}/input-check`, 'Inspect a user prompt before it reaches the LLM');
  route('output', `${CHECK_PREFIX}/output-check`, 'Inspect an LLM answer before it reaches the user');
}
