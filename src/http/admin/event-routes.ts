import type { FastifyInstance } from 'fastify';
import { BUCKETS, eventStats, type Bucket } from '../../admin/event-stats.ts';
import { GUARDRAIL_NAMES, type GuardrailName } from '../../guardrails/registry.ts';
import { AppError } from '../../errors.ts';
import { auditEventJson, checkEventJson } from '../../events/event-json.ts';
import { listAuditEvents } from '../../store/audit.ts';
import { listCheckEvents, MAX_CORRELATION_ID_CHARS, traceIdOf, type CheckEventFilter } from '../../store/check-events.ts';
import { rejectOtherMethods } from '../errors.ts';
import type { AdminContext } from './context.ts';

const tags: readonly string[] = ['events'];
const str = { type: 'string', maxLength: 100 } as const;

function limitOf(raw: string | undefined, max: number): number {
  if (raw === undefined) return 100;
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || limit < 1 || limit > max) throw new AppError('invalid_field', `The limit must be a whole number from 1 to ${max}.`);
  return limit;
}

function isoOf(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const time = Date.parse(raw);
  if (!Number.isFinite(time)) throw new AppError('invalid_field', `The ${name} parameter must be an ISO 8601 time, got ${JSON.stringify(raw)}.`);
  return new Date(time).toISOString();
}

function oneOf<T extends string>(name: string, raw: string | undefined, allowed: readonly T[]): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!allowed.includes(raw as T)) throw new AppError('invalid_field', `The ${name} parameter must be one of ${allowed.join(', ')}.`);
  return raw as T;
}

type EventQuery = Partial<
  Record<
    'id' | 'verdict' | 'direction' | 'runtime_llm' | 'guardrail' | 'since' | 'until' | 'before' | 'limit' | 'bucket' | 'trace_id' | 'correlation_id',
    string
  >
>;

/** The Events page: the check event log with filters, the charts, and the audit trail. */
export function registerEventRoutes(app: FastifyInstance, ctx: AdminContext): void {
  app.get<{ Querystring: EventQuery }>(
    '/api/events',
    {
      schema: {
        summary: 'Check events, newest first (never the message text unless the profile opted in, never PII)',
        description: 'Page with `before` = the last id of the previous page.',
        tags,
        querystring: {
          type: 'object',
          properties: {
            id: { ...str, description: 'Only this event (the target of a replay report link)' },
            verdict: {
              type: 'string',
              enum: ['allowed', 'blocked', 'monitored'],
              description: 'monitored: allowed, but a guardrail in monitor mode would have blocked',
            },
            direction: { type: 'string', enum: ['input', 'output'] },
            runtime_llm: str,
            guardrail: { type: 'string', enum: [...GUARDRAIL_NAMES] },
            since: str,
            until: str,
            before: str,
            limit: str,
            trace_id: { ...str, description: 'Only events of this W3C trace id (32 hex characters, from the traceparent the application sent)' },
            correlation_id: {
              ...str,
              maxLength: MAX_CORRELATION_ID_CHARS,
              description: 'Only events carrying this id as trace id, request id (X-Request-ID), or LiteLLM litellm_call_id or litellm_trace_id',
            },
          },
        },
      },
    },
    async (request) => {
      const q = request.query;
      const filter: CheckEventFilter = { limit: limitOf(q.limit, 1000) };
      const verdict = oneOf('verdict', q.verdict, ['allowed', 'blocked', 'monitored'] as const);
      const direction = oneOf('direction', q.direction, ['input', 'output'] as const);
      const guardrail = oneOf<GuardrailName>('guardrail', q.guardrail, GUARDRAIL_NAMES);
      const since = isoOf('since', q.since);
      const until = isoOf('until', q.until);
      if (verdict) filter.verdict = verdict;
      if (direction) filter.direction = direction;
      if (guardrail) filter.blockedBy = guardrail;
      if (since) filter.since = since;
      if (until) filter.until = until;
      if (q.runtime_llm) filter.runtimeLlmId = q.runtime_llm;
      if (q.id) filter.id = q.id;
      if (q.before) filter.before = q.before;
      if (q.trace_id) filter.traceId = traceIdOf(q.trace_id);
      if (q.correlation_id) filter.correlationId = q.correlation_id.trim();
      return { events: (await listCheckEvents(ctx.store.db, filter)).map(checkEventJson) };
    },
  );
  rejectOtherMethods(app, '/api/events', ['GET', 'HEAD']);

  app.get<{ Querystring: EventQuery }>(
    '/api/events/stats',
    {
      schema: {
        summary: 'Checks and blocks over time, in total and per guardrail (the Events charts)',
        tags,
        querystring: { type: 'object', properties: { since: str, until: str, bucket: { type: 'string', enum: Object.keys(BUCKETS) }, runtime_llm: str } },
      },
    },
    async (request) => {
      const q = request.query;
      const until = isoOf('until', q.until) ?? new Date().toISOString();
      const since = isoOf('since', q.since) ?? new Date(Date.parse(until) - 24 * 3_600_000).toISOString();
      return eventStats(ctx.store, {
        since,
        until,
        bucket: oneOf<Bucket>('bucket', q.bucket, Object.keys(BUCKETS) as Bucket[]) ?? 'hour',
        runtimeLlmId: q.runtime_llm,
      });
    },
  );
  rejectOtherMethods(app, '/api/events/stats', ['GET', 'HEAD']);

  app.get<{ Querystring: EventQuery }>(
    '/api/audit',
    { schema: { summary: 'Audit trail of administrative actions, newest first', tags, querystring: { type: 'object', properties: { limit: str } } } },
    async (request) => ({ events: (await listAuditEvents(ctx.store.db, limitOf(request.query.limit, 1000))).map(auditEventJson) }),
  );
  rejectOtherMethods(app, '/api/audit', ['GET', 'HEAD']);
}
