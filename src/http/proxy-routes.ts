import { PassThrough } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from './http-app.ts';
import type { CompiledProfile } from '../engine/pipeline.ts';
import { AppError } from '../errors.ts';
import { ChatGuard, type CheckedText } from '../proxy/chat-guard.ts';
import { isChatCompletionRequest, textSlots, type ChatCompletion, type ChatCompletionRequest } from '../proxy/openai-shapes.ts';
import { StreamRelay } from '../proxy/stream-guard.ts';
import { IdleDeadline, callUpstream, readUpstreamJson, type UpstreamTarget } from '../proxy/upstream.ts';
import type { CredentialBox } from '../secrets/credential-box.ts';
import type { CheckService } from '../runtime/check-service.ts';
import type { Caller, LiveConfig } from '../runtime/live-config.ts';
import { authenticateApiKey } from './api-key-auth.ts';
import { checkOrigin } from './check-origin.ts';
import { rejectOtherMethods } from './errors.ts';
import { blockedVerdictJson, FORWARDING_ERROR_SCHEMA, FORWARDING_REPORT_SCHEMA, forwardingReportJson, inputBlocked } from './forwarding-json.ts';
import { TRACE_HEADERS_SCHEMA } from './openapi-schemas.ts';
import { ERROR_RESPONSE } from './error-schema.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface ProxyRouteOptions {
  config: LiveConfig;
  checks: CheckService;
  credentials: CredentialBox;
  keyLimiter: RateLimiter;
  maxMessageChars: number;
  bodyLimit: number;
}

type ForwardingCaller = Caller & { profile: CompiledProfile };

/** The caller must be a Runtime LLM in Forwarding mode with a usable profile and credential. */
function forwardingTarget(caller: Caller, credentials: CredentialBox): { caller: ForwardingCaller; target: UpstreamTarget } {
  const { runtimeLlm, profile } = caller;
  if (runtimeLlm.mode !== 'forwarding') {
    throw new AppError(
      'forwarding_disabled',
      `Runtime LLM ${JSON.stringify(runtimeLlm.name)} is in non-forwarding mode; call input-check and output-check instead, or switch it to forwarding mode with an upstream URL.`,
    );
  }
  if (profile instanceof Error) throw new AppError('unavailable', 'The security profile of this Runtime LLM is invalid; an administrator must fix it.');
  let credential: string | null = null;
  if (runtimeLlm.upstreamCredential) {
    try {
      credential = credentials.open(runtimeLlm.upstreamCredential, runtimeLlm.id);
    } catch {
      throw new AppError('unavailable', "The upstream credential cannot be decrypted with this node's credentials key; set it again.");
    }
  }
  return { caller: { ...caller, profile }, target: { baseUrl: runtimeLlm.url, credential } };
}

/** An upstream answer passed through as it came: its status and body are the client's to see. */
const UPSTREAM_ANSWER = Type.Unknown({ description: "The upstream LLM's own answer, passed through with its status" });

const CHAT_COMPLETION_SCHEMA = Type.Object(
  {
    choices: Type.Array(Type.Object({}, { additionalProperties: true })),
    rampart: FORWARDING_REPORT_SCHEMA,
  },
  {
    additionalProperties: true,
    description:
      "The upstream LLM's chat completion, each answer checked: a blocked one replaced by the profile's refusal (finish_reason content_filter), PII of mask types masked; plus `rampart`.",
  },
);
const CHAT_STREAM_SCHEMA = Type.String({
  description:
    'stream: true: the upstream events relayed as they are checked; the first blocked answer ends the stream with an error event whose error.rampart carries the verdict.',
});

/** Passes an upstream 4xx answer through: its status and body are the client's to see. */
async function passThroughError(reply: FastifyReply, upstream: Response): Promise<FastifyReply> {
  const body = await readUpstreamJson(upstream);
  return reply.code(upstream.status).send(body);
}

/**
 * Forwarding mode: an OpenAI-compatible endpoint that checks the request's user and tool messages,
 * forwards it to the Runtime LLM's upstream, checks the answer, and returns or blocks it.
 */
export function registerProxyRoutes(app: HttpApp, options: ProxyRouteOptions): void {
  const authenticate = async (request: FastifyRequest) => {
    request.caller = await authenticateApiKey(request, options.config, options.keyLimiter, true);
  };

  app.post(
    '/v1/chat/completions',
    {
      bodyLimit: options.bodyLimit,
      onRequest: authenticate,
      schema: {
        summary: 'OpenAI-compatible chat completion through the guardrails (Forwarding mode)',
        description:
          'Authenticate with the Rampart key (X-API-Key or Authorization: Bearer). User and tool messages are input-checked; a blocked request never reaches the upstream and gets HTTP 400 with error.code "input_blocked" and the verdict in error.rampart. Answers are output-checked (with system prompt leakage detection and the optional canary); a blocked answer is replaced by the profile\'s refusal message with finish_reason "content_filter". Streams are checked incrementally and cut with an error event (code "output_blocked") at the first violation. Upstream faults: 502 (unreachable, 5xx, invalid answer) or 504 (timeout).',
        tags: ['forwarding'],
        security: [{ apiKey: [] }],
        body: { type: 'object', required: ['messages'], properties: { messages: { type: 'array' }, stream: { type: 'boolean' } } },
        headers: TRACE_HEADERS_SCHEMA,
        response: {
          200: {
            description: 'The checked answer',
            content: { 'application/json': { schema: CHAT_COMPLETION_SCHEMA }, 'text/event-stream': { schema: CHAT_STREAM_SCHEMA } },
          },
          '4xx': Type.Union([FORWARDING_ERROR_SCHEMA, UPSTREAM_ANSWER], {
            description: 'An error of Rampart, or the upstream LLM’s own 4xx answer passed through',
          }),
          '5xx': ERROR_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      if (!isChatCompletionRequest(request.body)) throw new AppError('invalid_field', 'The messages member must be a non-empty array of objects with a role.');
      const body: ChatCompletionRequest = request.body;
      for (const slot of textSlots(body.messages)) {
        if (slot.text.length > options.maxMessageChars) {
          throw new AppError(
            'payload_too_large',
            `Message ${slot.messageIndex} is ${slot.text.length} characters long; the limit is ${options.maxMessageChars}.`,
          );
        }
      }
      const { caller, target } = forwardingTarget(request.caller!, options.credentials);
      const origin = checkOrigin(request);
      const guard = new ChatGuard(caller, options.checks, origin);
      const guarded = await guard.guardRequest(body);
      if ('blocked' in guarded) throw inputBlocked(request.id, guarded.blocked);
      const deadline = new IdleDeadline(guard.settings.upstream_timeout_ms);
      reply.raw.once('close', () => deadline.end()); // the client left: stop the upstream too
      const stream = body.stream === true;
      const upstream = await callUpstream(target, 'chat/completions', {
        method: 'POST',
        body: guarded.upstream,
        stream,
        signal: deadline.signal,
        traceparent: origin.trace?.traceparent,
      });
      if (!upstream.ok) return passThroughError(reply, upstream);

      if (stream) {
        if (!upstream.headers.get('content-type')?.includes('text/event-stream')) {
          await upstream.body?.cancel();
          throw new AppError('upstream_invalid_response', 'The upstream LLM did not answer with an event stream.');
        }
        const out = new PassThrough();
        reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache');
        const blockedVerdict = ({ index, outcome }: CheckedText) => blockedVerdictJson(request.id, { choice_index: index }, outcome);
        void new StreamRelay({ upstream, guard, guarded, out, deadline, requestId: request.id, blockedVerdict }).run();
        return reply.send(out);
      }

      const completion = await readUpstreamJson(upstream);
      deadline.end();
      if (typeof completion !== 'object' || completion === null || !Array.isArray((completion as ChatCompletion).choices)) {
        throw new AppError('upstream_invalid_response', 'The upstream LLM answered without choices.');
      }
      const output = await guard.guardCompletion(guarded, completion as ChatCompletion);
      return { ...completion, rampart: forwardingReportJson(request.id, guarded.inputChecks, output) };
    },
  );
  rejectOtherMethods(app, '/v1/chat/completions', ['POST']);

  app.get(
    '/v1/models',
    {
      onRequest: authenticate,
      schema: {
        summary: "The upstream LLM's model list, passed through (Forwarding mode)",
        tags: ['forwarding'],
        security: [{ apiKey: [] }],
        response: {
          200: UPSTREAM_ANSWER,
          '4xx': Type.Union([ERROR_RESPONSE, UPSTREAM_ANSWER], { description: 'An error of Rampart, or the upstream LLM’s own 4xx answer passed through' }),
          '5xx': ERROR_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { caller, target } = forwardingTarget(request.caller!, options.credentials);
      const deadline = new IdleDeadline(caller.profile.forwarding.upstream_timeout_ms);
      try {
        const upstream = await callUpstream(target, 'models', { method: 'GET', signal: deadline.signal });
        return reply.code(upstream.status).send(await readUpstreamJson(upstream));
      } finally {
        deadline.end();
      }
    },
  );
  rejectOtherMethods(app, '/v1/models', ['GET', 'HEAD']);
}
