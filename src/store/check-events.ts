import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { AppError } from '../errors.ts';
import type { CheckVerdict, GuardrailRecord } from '../domain/check.ts';
import type { MaskingRecord } from '../events/masking-record.ts';
import type { CheckEventTable, Database } from './schema.ts';

/** One check as recorded: verdict and scores, the message only as length and SHA-256. */
export interface CheckEvent {
  id: string;
  createdAt: string;
  requestId: string;
  runtimeLlmId: string;
  profileId: string;
  direction: 'input' | 'output';
  verdict: CheckVerdict;
  /** Names of the guardrails (members of `checks`). */
  blockedBy: string[];
  /** Guardrails in monitor mode that would have blocked; absent = none. */
  monitoredBy?: string[];
  results: Record<string, GuardrailRecord>;
  executionTimeMs: number;
  messageLength: number;
  messageSha256: string;
  /** Only when the profile opts in to recording message text, with PII masked. */
  messageText?: string | null;
  /** The caller's W3C trace id and span (`traceparent`), when it sent a valid one. */
  traceId?: string | null;
  spanId?: string | null;
  /** LiteLLM's call and trace ids (Generic Guardrail API). */
  litellmCallId?: string | null;
  litellmTraceId?: string | null;
  /** The application's end user, when the caller named one. */
  endUser?: string | null;
  /** Images sent with the text, which no guardrail inspects; absent = none. */
  imagesNotInspected?: number;
  /** With `messageText`: what its masking removed (absent on events recorded before this was kept). */
  messageMasking?: MaskingRecord | null;
}

/** A check event as stored: its lists and results already JSON. */
export type CheckEventRow = CheckEventTable;

/** The stored form of an event; made when the event is queued, so the queue holds only strings and numbers. */
export function checkEventRow(e: CheckEvent): CheckEventRow {
  return {
    id: e.id,
    created_at: e.createdAt,
    request_id: e.requestId,
    runtime_llm_id: e.runtimeLlmId,
    profile_id: e.profileId,
    direction: e.direction,
    verdict: e.verdict,
    blocked_by: JSON.stringify(e.blockedBy),
    monitored_by: JSON.stringify(e.monitoredBy ?? []),
    results: JSON.stringify(e.results),
    execution_time_ms: e.executionTimeMs,
    message_length: e.messageLength,
    message_sha256: e.messageSha256,
    message_text: e.messageText ?? null,
    trace_id: e.traceId ?? null,
    span_id: e.spanId ?? null,
    litellm_call_id: e.litellmCallId ?? null,
    litellm_trace_id: e.litellmTraceId ?? null,
    end_user: e.endUser ?? null,
    images_not_inspected: e.imagesNotInspected ?? 0,
    message_masking: e.messageMasking ? JSON.stringify(e.messageMasking) : null,
  };
}

/** The columns of a check event row, in the order the SQLite store binds them. */
export const CHECK_EVENT_COLUMNS = [
  'id',
  'created_at',
  'request_id',
  'runtime_llm_id',
  'profile_id',
  'direction',
  'verdict',
  'blocked_by',
  'monitored_by',
  'results',
  'execution_time_ms',
  'message_length',
  'message_sha256',
  'message_text',
  'trace_id',
  'span_id',
  'litellm_call_id',
  'litellm_trace_id',
  'end_user',
  'images_not_inspected',
  'message_masking',
] as const satisfies ReadonlyArray<keyof CheckEventRow>;

/** Rows one query-builder insert takes: 10,500 bound values, well within PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 500;

/** Inserts rows through the query builder (the PostgreSQL store; `db` may be a transaction). */
export async function insertCheckEventRows(db: Kysely<Database>, rows: readonly CheckEventRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto('check_events')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}

/** Longest correlation id stored or searched (LiteLLM's ids are UUIDs). */
export const MAX_CORRELATION_ID_CHARS = 200;

/** A trace id to search for, as stored: 32 lower-case hex characters (W3C), or an `invalid_field` error. */
export function traceIdOf(raw: string): string {
  const id = raw.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id))
    throw new AppError('invalid_field', `A trace id is 32 hexadecimal characters (the second field of a W3C traceparent); got ${JSON.stringify(raw)}.`);
  return id;
}

/** Which check events a list or a chart covers (the Events page's filters). */
export interface CheckEventCriteria {
  /** One event by its id (a link to it). */
  id?: string;
  runtimeLlmId?: string;
  verdict?: CheckVerdict;
  direction?: 'input' | 'output';
  /** Only events in which this guardrail blocked or, in monitor mode, would have blocked. */
  blockedBy?: string;
  since?: string;
  until?: string;
  /** Only events of this W3C trace id. */
  traceId?: string;
  /** Only events carrying this id as trace id, request id, or LiteLLM call or trace id. */
  correlationId?: string;
}

/** A page of the check event log: the criteria, newest first. */
export interface CheckEventFilter extends CheckEventCriteria {
  /** Paging: only events older than this event id. */
  before?: string;
  limit: number;
}

/** Narrows a query of the check event table to the events `criteria` describe. */
export function whereCriteria<O>(
  query: SelectQueryBuilder<Database, 'check_events', O>,
  criteria: CheckEventCriteria,
): SelectQueryBuilder<Database, 'check_events', O> {
  let q = query;
  if (criteria.id) q = q.where('id', '=', criteria.id);
  if (criteria.runtimeLlmId) q = q.where('runtime_llm_id', '=', criteria.runtimeLlmId);
  if (criteria.verdict) q = q.where('verdict', '=', criteria.verdict);
  if (criteria.direction) q = q.where('direction', '=', criteria.direction);
  if (criteria.since) q = q.where('created_at', '>=', criteria.since);
  if (criteria.until) q = q.where('created_at', '<', criteria.until);
  if (criteria.traceId) q = q.where('trace_id', '=', criteria.traceId);
  if (criteria.correlationId) {
    const id = criteria.correlationId;
    q = q.where((eb) => eb.or([eb('trace_id', '=', id), eb('request_id', '=', id), eb('litellm_call_id', '=', id), eb('litellm_trace_id', '=', id)]));
  }
  // blocked_by and monitored_by are JSON arrays of plain names, so a quoted-name match is exact and portable.
  if (criteria.blockedBy) {
    const quoted = `%"${criteria.blockedBy}"%`;
    q = q.where((eb) => eb.or([eb('blocked_by', 'like', quoted), eb('monitored_by', 'like', quoted)]));
  }
  return q;
}

export async function listCheckEvents(db: Kysely<Database>, filter: CheckEventFilter): Promise<CheckEvent[]> {
  let query = whereCriteria(db.selectFrom('check_events').selectAll().orderBy('id', 'desc').limit(filter.limit), filter);
  if (filter.before) query = query.where('id', '<', filter.before);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    requestId: r.request_id,
    runtimeLlmId: r.runtime_llm_id,
    profileId: r.profile_id,
    direction: r.direction,
    verdict: r.verdict,
    blockedBy: JSON.parse(r.blocked_by) as string[],
    monitoredBy: JSON.parse(r.monitored_by) as string[],
    results: JSON.parse(r.results) as CheckEvent['results'],
    executionTimeMs: r.execution_time_ms,
    messageLength: r.message_length,
    messageSha256: r.message_sha256,
    messageText: r.message_text,
    traceId: r.trace_id,
    spanId: r.span_id,
    litellmCallId: r.litellm_call_id,
    litellmTraceId: r.litellm_trace_id,
    endUser: r.end_user,
    imagesNotInspected: r.images_not_inspected,
    messageMasking: r.message_masking === null ? null : (JSON.parse(r.message_masking) as MaskingRecord),
  }));
}

/** Checks, blocks and would-have-blocks of one time bucket, per guardrail too (`N`: the guardrails' names). */
export interface CheckEventCounts<N extends string = string> {
  /** The bucket: the events' ISO timestamps cut to a prefix (`2025-01-31T12` for an hour). */
  bucket: string;
  checks: number;
  blocked: number;
  monitored: number;
  blockedBy: Record<N, number>;
  monitoredBy: Record<N, number>;
}

/** `sum(case when <column> like '%"<guardrail>"%' …)` for each guardrail named: its count in a JSON list column. */
function perGuardrail(column: 'blocked_by' | 'monitored_by', names: readonly string[]) {
  return names.map((name) => sql<number>`sum(case when ${sql.ref(column)} like ${`%"${name}"%`} then 1 else 0 end)`.as(`${column}_${name}`));
}

/**
 * Counts the events `criteria` select per bucket of time, where a bucket is the first `prefixChars`
 * characters of the ISO timestamp (portable: SQLite and PostgreSQL both have substr), per guardrail
 * for each of `names`. Buckets without events are absent.
 */
export async function countCheckEventsByTimePrefix<N extends string>(
  db: Kysely<Database>,
  criteria: CheckEventCriteria,
  prefixChars: number,
  names: readonly N[],
): Promise<CheckEventCounts<N>[]> {
  const bucketExpr = sql<string>`substr(created_at, 1, ${sql.lit(prefixChars)})`;
  const query = whereCriteria(
    db
      .selectFrom('check_events')
      .select([
        bucketExpr.as('bucket'),
        (eb) => eb.fn.countAll<number>().as('checks'),
        sql<number>`sum(case when verdict = 'blocked' then 1 else 0 end)`.as('blocked'),
      ])
      .select(sql<number>`sum(case when verdict = 'monitored' then 1 else 0 end)`.as('monitored'))
      .select(perGuardrail('blocked_by', names))
      .select(perGuardrail('monitored_by', names))
      .groupBy(bucketExpr),
    criteria,
  );
  const rows = (await query.execute()) as Record<string, unknown>[];
  const counts = (row: Record<string, unknown>, column: string) =>
    Object.fromEntries(names.map((name) => [name, Number(row[`${column}_${name}`] ?? 0)])) as Record<N, number>;
  return rows.map((row) => ({
    bucket: String(row.bucket),
    checks: Number(row.checks ?? 0),
    blocked: Number(row.blocked ?? 0),
    monitored: Number(row.monitored ?? 0),
    blockedBy: counts(row, 'blocked_by'),
    monitoredBy: counts(row, 'monitored_by'),
  }));
}

/** Deletes the check events recorded before `time` (ISO); returns how many went. */
export async function deleteCheckEventsBefore(db: Kysely<Database>, time: string): Promise<number> {
  const result = await db.deleteFrom('check_events').where('created_at', '<', time).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes all but the newest `keep` check events; returns how many went. */
export async function deleteCheckEventsBeyond(db: Kysely<Database>, keep: number): Promise<number> {
  // Ids sort by creation time: everything older than the keep-th newest goes.
  const boundary = await db
    .selectFrom('check_events')
    .select('id')
    .orderBy('id', 'desc')
    .offset(keep - 1)
    .limit(1)
    .executeTakeFirst();
  if (!boundary) return 0;
  const result = await db.deleteFrom('check_events').where('id', '<', boundary.id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
