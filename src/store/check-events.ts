import type { Kysely } from 'kysely';
import type { GuardrailName } from '../engine/guardrail.ts';
import type { CheckVerdict, GuardrailRecord } from '../engine/pipeline.ts';
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
  blockedBy: GuardrailName[];
  /** Guardrails in monitor mode that would have blocked; absent = none. */
  monitoredBy?: GuardrailName[];
  results: Partial<Record<GuardrailName, GuardrailRecord>>;
  executionTimeMs: number;
  messageLength: number;
  messageSha256: string;
  /** Only when the profile opts in to recording message text, with PII masked. */
  messageText?: string | null;
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
  'message_masking',
] as const satisfies ReadonlyArray<keyof CheckEventRow>;

/** Rows one query-builder insert takes: 7,500 bound values, well within PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 500;

/** Inserts rows through the query builder (the PostgreSQL store; `db` may be a transaction). */
export async function insertCheckEventRows(db: Kysely<Database>, rows: readonly CheckEventRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto('check_events')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}

export interface CheckEventFilter {
  /** One event by its id (a link to it). */
  id?: string;
  runtimeLlmId?: string;
  verdict?: CheckVerdict;
  direction?: 'input' | 'output';
  /** Only events in which this guardrail blocked or, in monitor mode, would have blocked. */
  blockedBy?: GuardrailName;
  since?: string;
  until?: string;
  /** Paging: only events older than this event id. */
  before?: string;
  limit: number;
}

export async function listCheckEvents(db: Kysely<Database>, filter: CheckEventFilter): Promise<CheckEvent[]> {
  let query = db.selectFrom('check_events').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.id) query = query.where('id', '=', filter.id);
  if (filter.runtimeLlmId) query = query.where('runtime_llm_id', '=', filter.runtimeLlmId);
  if (filter.verdict) query = query.where('verdict', '=', filter.verdict);
  if (filter.direction) query = query.where('direction', '=', filter.direction);
  if (filter.since) query = query.where('created_at', '>=', filter.since);
  if (filter.until) query = query.where('created_at', '<', filter.until);
  if (filter.before) query = query.where('id', '<', filter.before);
  // blocked_by and monitored_by are JSON arrays of plain names, so a quoted-name match is exact and portable.
  if (filter.blockedBy) {
    const quoted = `%"${filter.blockedBy}"%`;
    query = query.where((eb) => eb.or([eb('blocked_by', 'like', quoted), eb('monitored_by', 'like', quoted)]));
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    requestId: r.request_id,
    runtimeLlmId: r.runtime_llm_id,
    profileId: r.profile_id,
    direction: r.direction,
    verdict: r.verdict,
    blockedBy: JSON.parse(r.blocked_by) as GuardrailName[],
    monitoredBy: JSON.parse(r.monitored_by) as GuardrailName[],
    results: JSON.parse(r.results) as CheckEvent['results'],
    executionTimeMs: r.execution_time_ms,
    messageLength: r.message_length,
    messageSha256: r.message_sha256,
    messageText: r.message_text,
    messageMasking: r.message_masking === null ? null : (JSON.parse(r.message_masking) as MaskingRecord),
  }));
}
