import { Type, type Static } from '@sinclair/typebox';
import { CHECK_VERDICTS, DIRECTIONS } from '../domain/check.ts';
import { GUARDRAIL_NAMES } from '../guardrails/registry.ts';
import { partialKeyedObject, stringEnum } from '../json-schema.ts';
import type { AuditEvent } from '../store/audit.ts';
import type { CheckEvent } from '../store/check-events.ts';

/**
 * The documented, stable JSON form of events (CLI, admin API, SIEM JSON format): closed schemas,
 * and builders typed as their static types.
 */

/** A registered guardrail's name. */
export const GUARDRAIL_NAME = stringEnum(GUARDRAIL_NAMES);

/**
 * Guardrail names as the pipeline and the events report them: strings (the engine knows guardrails
 * by name, not the registry), which the schema holds to the registered names.
 */
export function guardrailNameList(description?: string) {
  return Type.Unsafe<string[]>(Type.Array(GUARDRAIL_NAME, description === undefined ? {} : { description }));
}

export const DIRECTION = stringEnum(DIRECTIONS);

const GUARDRAIL_RECORD_SCHEMA = Type.Object(
  {
    detected: Type.Boolean(),
    score: Type.Optional(Type.Number()),
    error: Type.Optional(Type.String({ description: 'guardrail_failed or backend_failed' })),
    monitored: Type.Optional(Type.Literal(true, { description: 'The guardrail ran in monitor mode: `detected` did not block' })),
    ms: Type.Optional(Type.Number({ description: 'Milliseconds the guardrail took' })),
    backend: Type.Optional(
      Type.Object(
        { name: Type.String(), score: Type.Optional(Type.Number()), error: Type.Optional(Type.String()), ms: Type.Number() },
        { additionalProperties: false, description: 'The model backend asked: its score, or why it gave none' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const CHECK_EVENT_SCHEMA = Type.Object(
  {
    kind: Type.Literal('check'),
    id: Type.String(),
    time: Type.String({ description: 'ISO 8601 time' }),
    request_id: Type.String(),
    runtime_llm_id: Type.String(),
    profile_id: Type.String(),
    direction: DIRECTION,
    verdict: stringEnum(CHECK_VERDICTS),
    blocked_by: guardrailNameList(),
    monitored_by: guardrailNameList(),
    results: partialKeyedObject(GUARDRAIL_NAMES, GUARDRAIL_RECORD_SCHEMA, {
      description: 'Per guardrail that ran: its verdict, score and timing (never message text)',
    }),
    execution_time_ms: Type.Number(),
    message_length: Type.Integer(),
    message_sha256: Type.String(),
    message_text: Type.Optional(Type.String({ description: 'Only for profiles that record message text, PII masked' })),
    trace_id: Type.Optional(Type.String()),
    span_id: Type.Optional(Type.String()),
    litellm_call_id: Type.Optional(Type.String()),
    litellm_trace_id: Type.Optional(Type.String()),
    end_user: Type.Optional(Type.String()),
    images_not_inspected: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type CheckEventJson = Static<typeof CHECK_EVENT_SCHEMA>;

export function checkEventJson(event: CheckEvent): CheckEventJson {
  return {
    kind: 'check',
    id: event.id,
    time: event.createdAt,
    request_id: event.requestId,
    runtime_llm_id: event.runtimeLlmId,
    profile_id: event.profileId,
    direction: event.direction,
    verdict: event.verdict,
    blocked_by: event.blockedBy,
    monitored_by: event.monitoredBy ?? [],
    results: event.results,
    execution_time_ms: event.executionTimeMs,
    message_length: event.messageLength,
    message_sha256: event.messageSha256,
    // Present only for profiles that opt in (PII masked).
    ...(event.messageText ? { message_text: event.messageText } : {}),
    // Present only when the caller sent them.
    ...(event.traceId ? { trace_id: event.traceId } : {}),
    ...(event.spanId ? { span_id: event.spanId } : {}),
    ...(event.litellmCallId ? { litellm_call_id: event.litellmCallId } : {}),
    ...(event.litellmTraceId ? { litellm_trace_id: event.litellmTraceId } : {}),
    ...(event.endUser ? { end_user: event.endUser } : {}),
    ...(event.imagesNotInspected ? { images_not_inspected: event.imagesNotInspected } : {}),
  };
}

export const AUDIT_EVENT_SCHEMA = Type.Object(
  {
    kind: Type.Literal('audit'),
    id: Type.String(),
    time: Type.String({ description: 'ISO 8601 time' }),
    actor: Type.String({ description: 'cli:<os user>, admin:<username> or system' }),
    action: Type.String({ description: 'What was done, dotted: runtime_llm.create, profile.update, …' }),
    target_type: Type.String(),
    target_id: Type.Union([Type.String(), Type.Null()]),
    details: Type.Record(Type.String(), Type.Unknown(), { description: 'The change, without secrets' }),
  },
  { additionalProperties: false },
);
export type AuditEventJson = Static<typeof AUDIT_EVENT_SCHEMA>;

export function auditEventJson(event: AuditEvent): AuditEventJson {
  return {
    kind: 'audit',
    id: event.id,
    time: event.createdAt,
    actor: event.actor,
    action: event.action,
    target_type: event.targetType,
    target_id: event.targetId,
    details: event.details,
  };
}
