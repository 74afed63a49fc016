import { Type, type Static } from '@sinclair/typebox';
import { GUARDRAIL_NAMES, type GuardrailName } from '../guardrails/registry.ts';
import { AppError } from '../errors.ts';
import { keyedObject, stringEnum } from '../json-schema.ts';
import { countCheckEventsByTimePrefix, type CheckEventCriteria } from '../store/check-events.ts';
import type { Store } from '../store/store.ts';

/** Chart buckets, by the length of the ISO timestamp prefix that groups events into them. */
const BUCKETS = { minute: 16, hour: 13, day: 10 } as const;
export type Bucket = keyof typeof BUCKETS;
export const BUCKET_NAMES = Object.keys(BUCKETS) as readonly Bucket[];
const BUCKET_MS: Readonly<Record<Bucket, number>> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };
const MAX_BUCKETS = 1000;

const COUNTS_PER_GUARDRAIL = keyedObject(GUARDRAIL_NAMES, Type.Integer());

export const EVENT_STATS_SCHEMA = Type.Object(
  {
    bucket: stringEnum(BUCKET_NAMES),
    since: Type.String({ description: 'ISO 8601 time' }),
    until: Type.String({ description: 'ISO 8601 time (exclusive)' }),
    buckets: Type.Array(
      Type.Object(
        {
          time: Type.String({ description: 'Start of the bucket' }),
          checks: Type.Integer(),
          blocked: Type.Integer(),
          monitored: Type.Integer({ description: 'Allowed, but a guardrail in monitor mode would have blocked' }),
          blocked_by: COUNTS_PER_GUARDRAIL,
          monitored_by: COUNTS_PER_GUARDRAIL,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type EventStatsJson = Static<typeof EVENT_STATS_SCHEMA>;

/** A zero for each guardrail: the counts of a bucket without events. */
function noCounts(): Record<GuardrailName, number> {
  return Object.fromEntries(GUARDRAIL_NAMES.map((name) => [name, 0])) as Record<GuardrailName, number>;
}

/** The charts' period and buckets, and the same criteria as the event list they sit above. */
export interface StatsQuery extends CheckEventCriteria {
  since: string;
  until: string;
  bucket: Bucket;
}

/**
 * Checks, blocks and would-have-blocks over time, per guardrail, for the Events charts, of the events
 * the list's criteria select. The store counts the buckets that hold events; the empty ones are
 * filled in here.
 */
export async function eventStats(store: Store, query: StatsQuery): Promise<EventStatsJson> {
  const from = Date.parse(query.since);
  const to = Date.parse(query.until);
  if (!Number.isFinite(from) || !Number.isFinite(to) || from >= to)
    throw new AppError('invalid_field', 'The since and until times must be ISO 8601 times, since before until.');
  if ((to - from) / BUCKET_MS[query.bucket] > MAX_BUCKETS)
    throw new AppError('invalid_field', `The range spans more than ${MAX_BUCKETS} ${query.bucket} buckets; choose a larger bucket or a shorter range.`);
  const width = BUCKETS[query.bucket];
  const counted = await countCheckEventsByTimePrefix(
    store.db,
    { ...query, since: new Date(from).toISOString(), until: new Date(to).toISOString() },
    width,
    GUARDRAIL_NAMES,
  );
  const byBucket = new Map(counted.map((c) => [c.bucket, c]));

  const buckets: EventStatsJson['buckets'] = [];
  const step = BUCKET_MS[query.bucket];
  for (let t = Math.floor(from / step) * step; t < to; t += step) {
    const key = new Date(t).toISOString().slice(0, width);
    const counts = byBucket.get(key);
    buckets.push({
      time: new Date(t).toISOString(),
      checks: counts?.checks ?? 0,
      blocked: counts?.blocked ?? 0,
      monitored: counts?.monitored ?? 0,
      blocked_by: counts?.blockedBy ?? noCounts(),
      monitored_by: counts?.monitoredBy ?? noCounts(),
    });
  }
  return { bucket: query.bucket, since: new Date(from).toISOString(), until: new Date(to).toISOString(), buckets };
}
