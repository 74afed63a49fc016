import type { HttpApp } from './http-app.ts';
import type { CheckOutcome } from '../engine/pipeline.ts';
import { AppError } from '../errors.ts';
import { blockedReason } from '../litellm/blocked-reason.ts';
import type { CheckService } from '../runtime/check-service.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import { authenticateApiKey } from './api-key-auth.ts';
import { checkOrigin } from './check-origin.ts';
import { rejectOtherMethods } from './errors.ts';
import {
  LITELLM_GUARDRAIL_PATH,
  LITELLM_GUARDRAIL_REQUEST_SCHEMA,
  LITELLM_GUARDRAIL_RESPONSE_SCHEMA,
  MAX_LITELLM_TEXTS,
  type LitellmGuardrailResponse,
} from './litellm-schemas.ts';
import { TRACE_HEADERS_SCHEMA } from './openapi-schemas.ts';
import { withErrors } from './responses.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface LitellmRouteOptions {
  config: LiveConfig;
  checks: CheckService;
  keyLimiter: RateLimiter;
  maxMessageChars: number;
  bodyLimit: number;
}

/**
 * The answer to LiteLLM: any block wins, then any masking, else proceed. LiteLLM sends the texts on,
 * so they are `masked_message` (the PII mask actions applied, as Forwarding mode does), not
 * `sanitized_message`, which masks everything found.
 */
function answerOf(outcomes: readonly CheckOutcome[], texts: readonly string[], direction: 'input' | 'output', requestId: string): LitellmGuardrailResponse {
  if (outcomes.some((o) => o.injection_detected)) return { action: 'BLOCKED', blocked_reason: blockedReason(outcomes, direction, requestId) };
  if (outcomes.some((o) => o.masked_message !== undefined))
    return { action: 'GUARDRAIL_INTERVENED', texts: texts.map((text, i) => outcomes[i]?.masked_message ?? text) };
  return { action: 'NONE' };
}

/**
 * LiteLLM's Generic Guardrail API: a LiteLLM proxy configured with `guardrail: generic_guardrail_api`
 * sends the texts of each request (pre_call) or response (post_call) here, with the key of a Runtime
 * LLM. Each text is checked by that Runtime LLM's profile and recorded as one check event.
 */
export function registerLitellmRoutes(app: HttpApp, options: LitellmRouteOptions): void {
  app.post(
    LITELLM_GUARDRAIL_PATH,
    {
      bodyLimit: options.bodyLimit,
      schema: {
        summary: "LiteLLM Generic Guardrail API: checks a LiteLLM proxy's request or response texts",
        description: `Configure LiteLLM with guardrail: generic_guardrail_api, api_base: this listener's URL and api_key: the Runtime LLM's key (sent as X-API-Key). input_type request applies the input-check rules to every text, response the output-check rules; each text is one check event carrying litellm_call_id, litellm_trace_id, the end user (request_data.user_api_key_end_user_id) and the traceparent trace id. Images and tools are accepted and not inspected. The body is at most ${options.bodyLimit.toLocaleString('en-US')} bytes; each text at most the message limit (413 otherwise).`,
        tags: ['litellm'],
        security: [{ apiKey: [] }],
        body: LITELLM_GUARDRAIL_REQUEST_SCHEMA,
        headers: TRACE_HEADERS_SCHEMA,
        response: withErrors({ 200: LITELLM_GUARDRAIL_RESPONSE_SCHEMA }),
      },
      onRequest: async (request) => {
        // LiteLLM sends the configured api_key as X-API-Key; Authorization: Bearer is taken too.
        request.caller = await authenticateApiKey(request, options.config, options.keyLimiter, true);
      },
    },
    async (request) => {
      const body = request.body;
      const texts = body.texts ?? [];
      if (texts.length > MAX_LITELLM_TEXTS) {
        throw new AppError('payload_too_large', `The request has ${texts.length} texts; the limit is ${MAX_LITELLM_TEXTS.toLocaleString('en-US')}.`);
      }
      texts.forEach((text, i) => {
        if (text.length > options.maxMessageChars)
          throw new AppError('payload_too_large', `Text ${i + 1} is ${text.length} characters long; the limit is ${options.maxMessageChars}.`);
      });
      const direction = body.input_type === 'request' ? 'input' : 'output';
      const images = body.images?.length ?? 0;
      const origin = {
        ...checkOrigin(request),
        litellmCallId: body.litellm_call_id ?? undefined,
        litellmTraceId: body.litellm_trace_id ?? undefined,
        endUser: body.request_data?.user_api_key_end_user_id ?? undefined,
        imagesNotInspected: images,
      };
      // Images alone are still recorded (as an empty text), so the event says what went uninspected.
      const checked = texts.length === 0 && images > 0 ? [''] : texts;
      const outcomes: CheckOutcome[] = [];
      for (const message of checked) outcomes.push(await options.checks.check(request.caller!, { direction, message }, origin));
      return answerOf(outcomes, texts, direction, request.id);
    },
  );
  rejectOtherMethods(app, LITELLM_GUARDRAIL_PATH, ['POST']);
}
