import { Type, type Static } from '@sinclair/typebox';
import { BUCKET_NAMES, EVENT_STATS_SCHEMA, eventStats } from '../../admin/event-stats.ts';
import { GUARDRAIL_NAMES, type GuardrailName } from '../../guardrails/registry.ts';
import { AppError } from '../../errors.ts';
import { CHECK_VERDICTS } from '../../domain/check.ts';
import { auditEventJson, checkEventJson, DIRECTION } from '../../events/event-json.ts';
import { stringEnum } from '../../json-schema.ts';
import { listAuditEvents } from '../../store/audit.ts';
import { listCheckEvents, MAX_CORRELATION_ID_CHARS, traceIdOf, type CheckEventCriteria, type CheckEventFilter } from '../../store/check-events.ts';
import { requireRuntimeLlm } from '../../admin/runtime-llms.ts';
import { parseIsoTime, parseSince } from '../../admin/time-parameters.ts';
import { expectedValue } from '../../schema-wording.ts';
import { rejectOtherMethods } from '../errors.ts';
import type { HttpApp } from '../http-app.ts';
import { withErrors } from '../responses.ts';
import type { AdminContext } from './context.ts';
import { AUDIT_LIST_SCHEMA, EVENT_PAGE_SCHEMA, type AuditListJson, type EventPageJson } from './schemas.ts';

const tags: readonly string[] = ['events'];
const str = (options: { description?: string; maxLength?: number } = {}) => Type.String({ maxLength: 100, ...options });

function limitOf(raw: string | undefined, max: number): number {
  if (raw === undefined) return 100;
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || limit < 1 || limit > max) throw new AppError('invalid_field', `The limit must be a whole number from 1 to ${max}.`);
  return limit;
}

function isoOf(name: string, raw: string | undefined): string | undefined {
  return raw === undefined || raw === '' ? undefined : parseIsoTime(`${name} parameter`, raw);
}

function oneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[]): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!allowed.includes(raw as T)) throw new AppError('invalid_field', `The ${name} parameter must be ${expectedValue({ enum: allowed })}.`);
  return raw as T;
}

/** The query parameters the event list and its charts share (the Events page's filters), with their docs. */
const CRITERIA_PARAMETERS = {
  id: Type.Optional(str({ description: 'Only this event (the target of a replay report link)' })),
  verdict: Type.Optional(stringEnum(CHECK_VERDICTS, { description: 'monitored: allowed, but a guardrail in monitor mode would have blocked' })),
  direction: Type.Optional(DIRECTION),
  runtime_llm: Type.Optional(str({ description: 'Runtime LLM id or name' })),
  guardrail: Type.Optional(stringEnum(GUARDRAIL_NAMES, { description: 'Only events this guardrail blocked or (monitor mode) would have blocked' })),
  since: Type.Optional(str({ description: 'Start: an ISO 8601 time, or a duration back from now (30m, 24h, 7d)' })),
  until: Type.Optional(str({ description: 'End (exclusive): an ISO 8601 time' })),
  trace_id: Type.Optional(str({ description: 'Only events of this W3C trace id (32 hex characters, from the traceparent the application sent)' })),
  correlation_id: Type.Optional(
    str({
      maxLength: MAX_CORRELATION_ID_CHARS,
      description: 'Only events carrying this id as trace id, request id (X-Request-ID), or LiteLLM litellm_call_id or litellm_trace_id',
    }),
  ),
} as const;
const CRITERIA_QUERY = Type.Object(CRITERIA_PARAMETERS);
type CriteriaQuery = Static<typeof CRITERIA_QUERY>;

/** The shared criteria of a request; a Runtime LLM is named by id or name. */
async function criteriaOf(ctx: AdminContext, q: CriteriaQuery): Promise<CheckEventCriteria> {
  const criteria: CheckEventCriteria = {};
  const verdict = oneOf('verdict', q.verdict, CHECK_VERDICTS);
  const direction = oneOf('direction', q.direction, ['input', 'output'] as const);
  const guardrail = oneOf<GuardrailName>('guardrail', q.guardrail, GUARDRAIL_NAMES);
  const until = isoOf('until', q.until);
  if (verdict) criteria.verdict = verdict;
  if (direction) criteria.direction = direction;
  if (guardrail) criteria.blockedBy = guardrail;
  if (q.since) criteria.since = parseSince(q.since, 'since parameter');
  if (until) criteria.until = until;
  if (q.runtime_llm) criteria.runtimeLlmId = (await requireRuntimeLlm(ctx.store, q.runtime_llm)).id;
  if (q.id) criteria.id = q.id;
  if (q.trace_id) criteria.traceId = traceIdOf(q.trace_id);
  if (q.correlation_id) criteria.correlationId = q.correlation_id.trim();
  return criteria;
}

/** The Events page: the check event log with filters, the charts, and the audit trail. */
export function registerEventRoutes(app: HttpApp, ctx: AdminContext): void {
  app.get(
    '/api/events',
    {
      schema: {
        summary: 'Check events, newest first (never the message text unless the profile opted in, never PII)',
        description:
          'A page of at most `limit` events (default 100). `has_more` says whether older events match; fetch them with `before` = `next_before` (the id of the last event of this page).',
        tags,
        querystring: Type.Object({ ...CRITERIA_PARAMETERS, before: Type.Optional(str()), limit: Type.Optional(str()) }),
        response: withErrors({ 200: EVENT_PAGE_SCHEMA }),
      },
    },
    async (request) => {
      const q = request.query;
      const limit = limitOf(q.limit, 1000);
      const filter: CheckEventFilter = { ...(await criteriaOf(ctx, q)), limit: limit + 1 };
      if (q.before) filter.before = q.before;
      // One event more than asked tells whether another page follows.
      const rows = await listCheckEvents(ctx.store.db, filter);
      const events = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return {
        events: events.map(checkEventJson),
        has_more: hasMore,
        next_before: hasMore ? events[events.length - 1]!.id : null,
      } satisfies EventPageJson;
    },
  );
  rejectOtherMethods(app, '/api/events', ['GET', 'HEAD']);

  app.get(
    '/api/events/stats',
    {
      schema: {
        summary: 'Checks, blocks and would-have-blocks over time, in total and per guardrail (the Events charts)',
        description: 'Takes the same criteria as GET /api/events, so the charts count the events the list shows. Default period: the last 24 hours.',
        tags,
        querystring: Type.Object({ ...CRITERIA_PARAMETERS, bucket: Type.Optional(stringEnum(BUCKET_NAMES)) }),
        response: withErrors({ 200: EVENT_STATS_SCHEMA }),
      },
    },
    async (request) => {
      const q = request.query;
      const criteria = await criteriaOf(ctx, q);
      const until = criteria.until ?? new Date().toISOString();
      const since = criteria.since ?? new Date(Date.parse(until) - 24 * 3_600_000).toISOString();
      return eventStats(ctx.store, { ...criteria, since, until, bucket: oneOf('bucket', q.bucket, BUCKET_NAMES) ?? 'hour' });
    },
  );
  rejectOtherMethods(app, '/api/events/stats', ['GET', 'HEAD']);

  app.get(
    '/api/audit',
    {
      schema: {
        summary: 'Audit trail of administrative actions, newest first',
        tags,
        querystring: Type.Object({ limit: Type.Optional(str()) }),
        response: withErrors({ 200: AUDIT_LIST_SCHEMA }),
      },
    },
    async (request) => ({ events: (await listAuditEvents(ctx.store.db, limitOf(request.query.limit, 1000))).map(auditEventJson) }) satisfies AuditListJson,
  );
  rejectOtherMethods(app, '/api/audit', ['GET', 'HEAD']);
}
