import type { Kysely, Selectable } from 'kysely';
import type { Database, ThreatVectorTable } from '../store/schema.ts';
import { decodeVector } from './vector-codec.ts';

export type ThreatStatus = ThreatVectorTable['status'];
export type ThreatOrigin = ThreatVectorTable['origin'];

/** One entry of the threat store as the review commands and routes show it (never its vector). */
export interface ThreatEntry {
  id: string;
  origin: ThreatOrigin;
  status: ThreatStatus;
  family: string;
  category: string;
  /** Operator entries only; seed entries carry no text. */
  text: string | null;
  sourceEventId: string | null;
  note: string;
  proposedBy: string;
  proposedAt: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
  updatedAt: string;
}

/** An active entry with its vector, as the index loads it. */
export interface IndexedThreat {
  id: string;
  family: string;
  vector: Float32Array;
}

const ENTRY_COLUMNS = [
  'id',
  'origin',
  'status',
  'family',
  'category',
  'text',
  'source_event_id',
  'note',
  'proposed_by',
  'proposed_at',
  'reviewed_by',
  'reviewed_at',
  'updated_at',
] as const;

export function toThreatEntry(r: Pick<Selectable<ThreatVectorTable>, (typeof ENTRY_COLUMNS)[number]>): ThreatEntry {
  return {
    id: r.id,
    origin: r.origin,
    status: r.status,
    family: r.family,
    category: r.category,
    text: r.text,
    sourceEventId: r.source_event_id,
    note: r.note,
    proposedBy: r.proposed_by,
    proposedAt: r.proposed_at,
    reviewedBy: r.reviewed_by,
    reviewedAt: r.reviewed_at,
    updatedAt: r.updated_at,
  };
}

export interface ThreatListFilter {
  status?: ThreatStatus | undefined;
  origin?: ThreatOrigin | undefined;
  family?: string | undefined;
  /** Paging: entries whose id sorts after this one. */
  after?: string | undefined;
  limit: number;
}

export async function listThreatEntries(db: Kysely<Database>, filter: ThreatListFilter): Promise<ThreatEntry[]> {
  let query = db.selectFrom('threat_vectors').select(ENTRY_COLUMNS).orderBy('id').limit(filter.limit);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.origin) query = query.where('origin', '=', filter.origin);
  if (filter.family) query = query.where('family', '=', filter.family);
  if (filter.after) query = query.where('id', '>', filter.after);
  return (await query.execute()).map(toThreatEntry);
}

export async function findThreatEntry(db: Kysely<Database>, id: string): Promise<Selectable<ThreatVectorTable> | undefined> {
  return db.selectFrom('threat_vectors').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Entries per status and origin, for summaries. */
export async function countThreatEntries(db: Kysely<Database>): Promise<{ status: ThreatStatus; origin: ThreatOrigin; count: number }[]> {
  const rows = await db
    .selectFrom('threat_vectors')
    .select(['status', 'origin', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy(['status', 'origin'])
    .execute();
  return rows.map((r) => ({ status: r.status, origin: r.origin, count: Number(r.n) }));
}

/** Ids and families of the entries the indexes must hold: active ones encoded by `encoder`. */
export async function activeThreatIds(db: Kysely<Database>, encoder: string): Promise<Array<{ id: string; family: string }>> {
  return db.selectFrom('threat_vectors').select(['id', 'family']).where('status', '=', 'active').where('encoder', '=', encoder).execute();
}

const FETCH_PAGE = 500;

/** The vectors of the given entries (those still active with this encoder), in pages. */
export async function fetchThreatVectors(db: Kysely<Database>, ids: readonly string[], encoder: string): Promise<IndexedThreat[]> {
  const result: IndexedThreat[] = [];
  for (let i = 0; i < ids.length; i += FETCH_PAGE) {
    const rows = await db
      .selectFrom('threat_vectors')
      .select(['id', 'family', 'vector'])
      .where('id', 'in', ids.slice(i, i + FETCH_PAGE))
      .where('status', '=', 'active')
      .where('encoder', '=', encoder)
      .execute();
    for (const r of rows) if (r.vector !== null) result.push({ id: r.id, family: r.family, vector: decodeVector(r.vector) });
  }
  return result;
}
