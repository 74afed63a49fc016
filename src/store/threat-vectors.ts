import type { Kysely, Selectable } from 'kysely';
import type {
  IndexedThreat,
  PreparedStore,
  SeedEntry,
  ThreatChange,
  ThreatEntry,
  ThreatListFilter,
  ThreatOrigin,
  ThreatStatus,
  ThreatTransition,
} from '../domain/threats.ts';
import { nowIso } from '../ids.ts';
import { applyConfigChange } from './config-change.ts';
import type { Database, ThreatVectorTable } from './schema.ts';
import type { Store } from './store.ts';
import { decodeVector, encodeVector } from './vector-codec.ts';

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

function toThreatEntry(r: Pick<Selectable<ThreatVectorTable>, (typeof ENTRY_COLUMNS)[number]>): ThreatEntry {
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

const BATCH = 200;
const FETCH_PAGE = 500;

/**
 * The `threat_vectors` table: the vector filter's threat store (the port its guardrail declares,
 * src/guardrails/vector/threat-store.ts). Vectors are stored as base64 text (vector-codec.ts); every
 * write is a configuration change.
 */
export class ThreatVectorRepository {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async activeEntries(encoder: string): Promise<Array<{ id: string; family: string }>> {
    return this.#store.db.selectFrom('threat_vectors').select(['id', 'family']).where('status', '=', 'active').where('encoder', '=', encoder).execute();
  }

  async vectorsOf(ids: readonly string[], encoder: string): Promise<IndexedThreat[]> {
    const result: IndexedThreat[] = [];
    for (let i = 0; i < ids.length; i += FETCH_PAGE) {
      const rows = await this.#store.db
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

  async holdsSeed(encoder: string, seedCount: number): Promise<boolean> {
    const count = async (origin: 'seed' | 'operator', current: boolean) => {
      let q = this.#store.db
        .selectFrom('threat_vectors')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('origin', '=', origin);
      q = current
        ? q.where('encoder', '=', encoder)
        : q.where('status', '=', 'active').where((eb) => eb.or([eb('encoder', '<>', encoder), eb('encoder', 'is', null)]));
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    return (await count('seed', true)) === seedCount && (await count('operator', false)) === 0;
  }

  async reseed(encoder: string, seed: readonly SeedEntry[], encode: (text: string) => Float32Array, change: ThreatChange): Promise<PreparedStore> {
    const result: PreparedStore = { seedAdded: 0, seedUpdated: 0, seedDropped: 0, reencoded: 0 };
    await applyConfigChange(this.#store, change.actor, auditOf(change), async (trx) => {
      Object.assign(result, await applySeed(trx, encoder, seed, change.actor.id));
      result.reencoded = await reencodeOperatorEntries(trx, encoder, encode);
    });
    return result;
  }

  async list(filter: ThreatListFilter): Promise<ThreatEntry[]> {
    let query = this.#store.db.selectFrom('threat_vectors').select(ENTRY_COLUMNS).orderBy('id').limit(filter.limit);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.origin) query = query.where('origin', '=', filter.origin);
    if (filter.family) query = query.where('family', '=', filter.family);
    if (filter.after) query = query.where('id', '>', filter.after);
    return (await query.execute()).map(toThreatEntry);
  }

  async find(id: string): Promise<ThreatEntry | undefined> {
    const row = await this.#store.db.selectFrom('threat_vectors').select(ENTRY_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toThreatEntry(row);
  }

  async count(): Promise<{ status: ThreatStatus; origin: ThreatOrigin; count: number }[]> {
    const rows = await this.#store.db
      .selectFrom('threat_vectors')
      .select(['status', 'origin', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy(['status', 'origin'])
      .execute();
    return rows.map((r) => ({ status: r.status, origin: r.origin, count: Number(r.n) }));
  }

  async recordedText(eventId: string): Promise<{ text: string | null } | undefined> {
    const event = await this.#store.db.selectFrom('check_events').select(['message_text']).where('id', '=', eventId).executeTakeFirst();
    return event && { text: event.message_text };
  }

  /** Adds an entry as proposed (without a vector: proposals are encoded only when approved). */
  async propose(entry: ThreatEntry, change: ThreatChange): Promise<void> {
    const row: ThreatVectorTable = {
      id: entry.id,
      origin: entry.origin,
      status: entry.status,
      family: entry.family,
      category: entry.category,
      text: entry.text,
      vector: null,
      encoder: null,
      source_event_id: entry.sourceEventId,
      note: entry.note,
      proposed_by: entry.proposedBy,
      proposed_at: entry.proposedAt,
      reviewed_by: entry.reviewedBy,
      reviewed_at: entry.reviewedAt,
      updated_at: entry.updatedAt,
    };
    await applyConfigChange(this.#store, change.actor, auditOf(change), async (trx) => {
      await trx.insertInto('threat_vectors').values(row).execute();
    });
  }

  /**
   * Moves an entry from status `from` to the transition's, with a conditional update, so that two
   * reviewers acting at once cannot both succeed: false (and nothing written) when it was no longer `from`.
   */
  async transition(id: string, from: ThreatStatus, to: ThreatTransition, change: ThreatChange): Promise<boolean> {
    const changes: Partial<ThreatVectorTable> = {
      ...(to.encoded ? { vector: encodeVector(to.encoded.vector), encoder: to.encoded.encoder } : {}),
      status: to.status,
      reviewed_by: to.reviewedBy,
      reviewed_at: to.reviewedAt,
      updated_at: to.reviewedAt,
    };
    try {
      await applyConfigChange(this.#store, change.actor, auditOf(change), async (trx) => {
        const updated = await trx.updateTable('threat_vectors').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new ChangedMeanwhile();
      });
      return true;
    } catch (error) {
      if (error instanceof ChangedMeanwhile) return false;
      throw error;
    }
  }
}

const auditOf = (change: ThreatChange) => ({ action: change.action, targetType: 'threat_vector', targetId: change.targetId, details: change.details });

/** Rolls back a review whose entry another reviewer moved first. */
class ChangedMeanwhile extends Error {}

/**
 * Seed entries are added, or get the new vectors keeping their status (so a removed seed entry stays
 * removed); those the new seed no longer has are dropped.
 */
async function applySeed(db: Kysely<Database>, version: string, seed: readonly SeedEntry[], proposedBy: string): Promise<Omit<PreparedStore, 'reencoded'>> {
  const existing = new Map(
    (await db.selectFrom('threat_vectors').select(['id', 'encoder']).where('origin', '=', 'seed').execute()).map((r) => [r.id, r.encoder]),
  );
  const now = nowIso();
  const fresh: ThreatVectorTable[] = [];
  let updated = 0;
  for (const e of seed) {
    const known = existing.get(e.id);
    existing.delete(e.id);
    if (known === version) continue;
    if (known !== undefined) {
      await db
        .updateTable('threat_vectors')
        .set({ vector: encodeVector(e.vector), encoder: version, family: e.family, category: e.category, updated_at: now })
        .where('id', '=', e.id)
        .execute();
      updated++;
      continue;
    }
    fresh.push({
      id: e.id,
      origin: 'seed',
      status: 'active',
      family: e.family,
      category: e.category,
      text: null,
      vector: encodeVector(e.vector),
      encoder: version,
      source_event_id: null,
      note: '',
      proposed_by: proposedBy,
      proposed_at: now,
      reviewed_by: null,
      reviewed_at: null,
      updated_at: now,
    });
  }
  for (let i = 0; i < fresh.length; i += BATCH) {
    // Another node may be seeding the same database at the same moment.
    await db
      .insertInto('threat_vectors')
      .values(fresh.slice(i, i + BATCH))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  const obsolete = [...existing.keys()];
  for (let i = 0; i < obsolete.length; i += BATCH)
    await db
      .deleteFrom('threat_vectors')
      .where('id', 'in', obsolete.slice(i, i + BATCH))
      .execute();
  return { seedAdded: fresh.length, seedUpdated: updated, seedDropped: obsolete.length };
}

/** Active operator entries of another encoder get vectors from their reviewed text. */
async function reencodeOperatorEntries(db: Kysely<Database>, version: string, encode: (text: string) => Float32Array): Promise<number> {
  const stale = await db
    .selectFrom('threat_vectors')
    .select(['id', 'text'])
    .where('origin', '=', 'operator')
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('encoder', '<>', version), eb('encoder', 'is', null)]))
    .execute();
  const now = nowIso();
  for (const r of stale) {
    if (r.text === null) continue;
    await db
      .updateTable('threat_vectors')
      .set({ vector: encodeVector(encode(r.text)), encoder: version, updated_at: now })
      .where('id', '=', r.id)
      .execute();
  }
  return stale.length;
}
