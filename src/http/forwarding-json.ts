import { Type, type Static } from '@sinclair/typebox';
import type { CheckOutcome } from '../engine/pipeline.ts';
import { AppError } from '../errors.ts';
import type { CheckedText } from '../proxy/chat-guard.ts';
import { ERROR_RESPONSE_SCHEMA } from './error-schema.ts';
import { CHECK_RESPONSE_SCHEMA } from './openapi-schemas.ts';

/**
 * Forwarding mode's verdicts as its clients see them: `rampart` on an answer (one verdict per
 * checked message and choice), and `rampart` in the error of a blocked request or streamed answer
 * (the verdict with its checks). Built here from the pipeline's outcomes, typed as these schemas.
 */

const { blocked_by: BLOCKED_BY, monitored_by: MONITORED_BY, checks: CHECKS } = CHECK_RESPONSE_SCHEMA.properties;
const INJECTION_DETECTED = Type.Boolean({ description: 'true when an enforced guardrail blocked this message or answer' });

const MESSAGE_INDEX = Type.Integer({ description: 'The checked message: its index in `messages` of the request' });
const CHOICE_INDEX = Type.Integer({ description: 'The checked answer: the `index` of its choice' });

const INPUT_VERDICT_SCHEMA = Type.Object(
  { message_index: MESSAGE_INDEX, injection_detected: INJECTION_DETECTED, blocked_by: BLOCKED_BY, monitored_by: MONITORED_BY },
  { additionalProperties: false },
);
const OUTPUT_VERDICT_SCHEMA = Type.Object(
  { choice_index: CHOICE_INDEX, injection_detected: INJECTION_DETECTED, blocked_by: BLOCKED_BY, monitored_by: MONITORED_BY },
  { additionalProperties: false },
);

/** `rampart` on a chat completion that went through. */
export const FORWARDING_REPORT_SCHEMA = Type.Object(
  {
    request_id: Type.String({ description: 'Identifies the check events of this request' }),
    input: Type.Array(INPUT_VERDICT_SCHEMA, { description: 'One verdict per user and tool message checked' }),
    output: Type.Array(OUTPUT_VERDICT_SCHEMA, { description: 'One verdict per answer checked' }),
  },
  { additionalProperties: false, description: 'The verdicts of the checks this request went through' },
);
export type ForwardingReportJson = Static<typeof FORWARDING_REPORT_SCHEMA>;

/** `rampart` in the error of a blocked request (input_blocked) or of a stream cut by a blocked answer (output_blocked). */
export const BLOCKED_VERDICT_SCHEMA = Type.Object(
  {
    request_id: Type.String({ description: 'Identifies the check events of this request' }),
    message_index: Type.Optional(MESSAGE_INDEX),
    choice_index: Type.Optional(CHOICE_INDEX),
    injection_detected: INJECTION_DETECTED,
    blocked_by: BLOCKED_BY,
    checks: CHECKS,
  },
  { additionalProperties: false, description: 'The verdict of the blocked message or answer (message_index or choice_index says which)' },
);
export type BlockedVerdictJson = Static<typeof BLOCKED_VERDICT_SCHEMA>;

/** The error body of the Forwarding routes: the one error shape, whose `rampart` carries the verdict of a blocked request. */
export const FORWARDING_ERROR_SCHEMA = Type.Object(
  {
    error: Type.Object(
      { ...ERROR_RESPONSE_SCHEMA.properties.error.properties, rampart: Type.Optional(BLOCKED_VERDICT_SCHEMA) },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: false, description: ERROR_RESPONSE_SCHEMA.description },
);

export function forwardingReportJson(requestId: string, input: readonly CheckedText[], output: readonly CheckedText[]): ForwardingReportJson {
  return {
    request_id: requestId,
    input: input.map(({ index, outcome }): ForwardingReportJson['input'][number] => ({
      message_index: index,
      injection_detected: outcome.injection_detected,
      blocked_by: outcome.blocked_by,
      monitored_by: outcome.monitored_by,
    })),
    output: output.map(({ index, outcome }): ForwardingReportJson['output'][number] => ({
      choice_index: index,
      injection_detected: outcome.injection_detected,
      blocked_by: outcome.blocked_by,
      monitored_by: outcome.monitored_by,
    })),
  };
}

export function blockedVerdictJson(requestId: string, where: { message_index: number } | { choice_index: number }, outcome: CheckOutcome): BlockedVerdictJson {
  return { request_id: requestId, ...where, injection_detected: outcome.injection_detected, blocked_by: outcome.blocked_by, checks: outcome.checks };
}

/** The error of a request whose message a guardrail blocked: it never reaches the upstream LLM. */
export function inputBlocked(requestId: string, { index, outcome }: CheckedText): AppError {
  return new AppError('input_blocked', `Message ${index} was blocked by ${outcome.blocked_by.join(', ')}.`, {
    details: { rampart: blockedVerdictJson(requestId, { message_index: index }, outcome) },
  });
}
