import { sql } from 'kysely';
import { GUARDRAIL_NAMES, type GuardrailName } from '../guardrails/registry.ts';
import { AppError } from '../errors.ts';
import { whereCriteria, type CheckEventCriteria } from '../store/check-events.ts';
import type { Store } from '../store/store.ts';

export const BUCKETS = { minute: 16, hour: 13, day: 10 } as const;
export type Bucket = keyof typeof BUCKETS;
const BUCKET_MS: Readonly<Record<Bucket, number>> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
const MAX_BUCKETS = 1000;

/** The charts' period and buckets, and the same criteria as the event list they sit above. */
export interface StatsQuery extends CheckEventCriteria {
  since: string;
  until: string;
  bucket: Bucket;
}

/** `sum(case when <column> like '%"<guardrail>"%' …)` for each guardrail: its count in a JSON list column. */
function perGuardrail(column: 'blocked_by' | 'monitored_by') {
  return GUARDRAIL_NAMES.map((name) => sql<number>`sum(case when ${sql.ref(column)} like ${`%"${name}"%`} then 1 else 0 end)`.as(`${column}_${name}`));
}

/**
 * Checks, blocks and would-have-blocks over time, per guardrail, for the Events charts, of the events
 * the list's criteria select. Grouped in SQL by a prefix of the ISO timestamp (portable: SQLite and
 * PostgreSQL both have substr), empty buckets filled here.
 */
export async function eventStats(store: Store, query: StatsQuery) {
  const from = Date.parse(query.since);
  const to = Date.parse(query.until);
  if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to)
    throw new AppError('invalid_field', 'The since and until times must be ISO 8601 times, since before until.');
  if ((to - from) / BUCKET_MS[query.bucket] > MAX_BUCKETS)
    throw new AppError('invalid_field', `The range spans more than ${MAX_BUCKETS} ${query.bucket} buckets; choose a larger bucket or a shorter range.`);
  const width = BUCKETS[query.bucket];
  const bucketExpr = sql<string>`substr(created_at, 1, ${sql.lit(width)})`;
  const q = whereCriteria(
    store.db
      .selectFrom('check_events')
      .select([
        bucketExpr.as('bucket'),
        (eb) => eb.fn.countAll<number>().as('checks'),
        sql<number>`sum(case when verdict = 'blocked' then 1 else 0 end)`.as('blocked'),
      ])
      .select(sql<number>`sum(case when verdict = 'monitored' then 1 else 0 end)`.as('monitored'))
      .select(perGuardrail('blocked_by'))
      .select(perGuardrail('monitored_by'))
      .groupBy(bucketExpr),
    { ...query, since: new Date(from).toISOString(), until: new Date(to).toISOString() },
  );
  const rows = (await q.execute()) as Record<string, unknown>[];
  const byBucket = new Map(rows.map((r) => [String(r.bucket), r]));

  const buckets = [];
  const step = BUCKET_MS[query.bucket];
  for (let t = Math.floor(from / step) * step; t < to; t += step) {
    const key = new Date(t).toISOString().slice(0, width);
    const row = byBucket.get(key);
    const counts = (column: string) =>
      Object.fromEntries(GUARDRAIL_NAMES.map((name) => [name, Number(row?.[`${column}_${name}`] ?? 0)])) as Record<GuardrailName, number>;
    buckets.push({
      time: new Date(t).toISOString(),
      checks: Number(row?.checks ?? 0),
      blocked: Number(row?.blocked ?? 0),
      monitored: Number(row?.monitored ?? 0),
      blocked_by: counts('blocked_by'),
      monitored_by: counts('monitored_by'),
    });
  }
  return { bucket: query.bucket, since: new Date(from).toISOString(), until: new Date(to).toISOString(), buckets };
}
