import { Type, type Static } from '@sinclair/typebox';
import { checksSchema } from '../engine/check-blocks.ts';
import type { GuardrailDefinition } from '../engine/guardrail.ts';
import type { CheckOutcome } from '../engine/pipeline.ts';
import { GUARDRAIL_NAMES, GUARDRAILS } from '../guardrails/registry.ts';
import type { Direction } from '../domain/check.ts';

/**
 * JSON Schemas of the check API, used to validate requests, to publish the OpenAPI document and to
 * hold real responses to it in the tests. Requests are open (unknown members are ignored); responses
 * are closed: every member the server sends is named here, and later versions only add members.
 */

/**
 * Correlation headers every checking route takes (documented in OpenAPI; never refused: a value
 * that does not fit is ignored or replaced, as described).
 */
export const TRACE_HEADERS_SCHEMA = Type.Object(
  {
    traceparent: Type.Optional(
      Type.String({
        description:
          'W3C trace context of the calling span (00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>). The trace id and parent id are stored on every check event of the request (trace_id, span_id), put in log lines and SIEM lines, and filter the Events page. A malformed value is ignored: the request is served without a trace. Forwarding mode passes it on to the upstream LLM unchanged.',
      }),
    ),
    'x-request-id': Type.Optional(
      Type.String({
        description:
          "The caller's correlation id: 1 to 64 letters, digits or ._:- becomes the request_id of the answer, of its events and of the x-request-id response header; anything else is replaced by a generated id.",
      }),
    ),
  },
  { additionalProperties: true },
);

const messageLimit = 'At most 32,768 characters by default (RAMPART_MAX_MESSAGE_CHARS); longer gives 413.';

export function checkRequestSchema(direction: Direction) {
  return Type.Object(
    {
      message: Type.String({
        description: direction === 'input' ? `The user prompt to inspect. ${messageLimit}` : `The LLM response to inspect. ${messageLimit}`,
      }),
      prompt: Type.Optional(
        Type.String({ description: direction === 'input' ? 'Ignored on input-check.' : 'The user prompt that led to the response in `message` (optional).' }),
      ),
    },
    { additionalProperties: true, description: 'Unknown members are ignored.' },
  );
}

const GUARDRAIL_NAME = Type.Union(GUARDRAIL_NAMES.map((name) => Type.Literal(name)));
/** Guardrail names as the pipeline reports them (strings), which the schema holds to the registered names. */
const guardrailNames = (description: string) => Type.Unsafe<string[]>(Type.Array(GUARDRAIL_NAME, { description }));

/**
 * The check response for the guardrails of a registry (every `checks` member, registered or not).
 * Its static type names every top-level member; a block's own members are typed where the
 * guardrails build them (their `result` schemas), so `checks` is typed as the pipeline hands it over.
 */
export function checkResponseSchema(registry: readonly GuardrailDefinition[]) {
  return Type.Object(
    {
      injection_detected: Type.Boolean({
        description: 'true when any enabled guardrail blocked the message. A blocked message is a normal 200 answer, not an error.',
      }),
      execution_time: Type.Number({
        description:
          'Server-side processing time of the check in milliseconds (float, three decimals), from request arrival to verdict; its check event records the same figure as execution_time_ms.',
      }),
      checks: Type.Unsafe<CheckOutcome['checks']>(checksSchema(registry)),
      blocked_by: guardrailNames('Names of the guardrails that blocked the message (members of `checks`).'),
      monitored_by: guardrailNames(
        "Names of the guardrails in monitor mode (profile switch Monitor, or the Runtime LLM's monitor mode) that would have blocked the message. They never set injection_detected nor appear in blocked_by; their `checks` block carries `enforced: false`.",
      ),
      request_id: Type.String({ description: 'Identifies this check in events and logs.' }),
      sanitized_message: Type.Optional(
        Type.String({
          description:
            "Present whenever PII detection found something: the message with every detected entity replaced by <TYPE> (e.g. <CREDIT_CARD>), whatever the type's action, also when the message is blocked and when PII runs in monitor mode. It is a masked view of the message, not a verdict: injection_detected and blocked_by say whether the message may be used. What is sent on follows the actions instead: see masked_message.",
        }),
      ),
      masked_message: Type.Optional(
        Type.String({
          description:
            'Present when a PII type whose action is mask was found (PII enforced, not in monitor mode): the message with those entities replaced by <TYPE> and everything else as written (allow entities included). It is what Forwarding mode sends on, and what an application sends on when the message is allowed. Absent when the masking actions change nothing.',
        }),
      ),
    },
    { $id: 'CheckResponse', additionalProperties: false },
  );
}

/** The check response of this build's guardrails: what input-check and output-check answer. */
export const CHECK_RESPONSE_SCHEMA = checkResponseSchema(GUARDRAILS);
export type CheckResponseJson = Static<typeof CHECK_RESPONSE_SCHEMA>;
