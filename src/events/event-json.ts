import type { AuditEvent } from '../store/audit.ts';
import type { CheckEvent } from '../store/check-events.ts';

/** The documented, stable JSON form of events (CLI, admin API, SIEM JSON format). */

export function checkEventJson(event: CheckEvent) {
  return {
    kind: 'check' as const,
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

export function auditEventJson(event: AuditEvent) {
  return {
    kind: 'audit' as const,
    id: event.id,
    time: event.createdAt,
    actor: event.actor,
    action: event.action,
    target_type: event.targetType,
    target_id: event.targetId,
    details: event.details,
  };
}
