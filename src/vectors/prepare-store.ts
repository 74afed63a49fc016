import type { Kysely } from 'kysely';
import { applyConfigChange } from '../admin/config-change.ts';
import { nowIso } from '../ids.ts';
import type { Database, ThreatVectorTable } from '../store/schema.ts';
import type { Store } from '../store/store.ts';
import type { SentenceEncoder } from './encoder.ts';
import { encodeMessage } from './encode-message.ts';
import type { SeedSource, ThreatSeed } from './seed.ts';
import { encodeVector } from './vector-codec.ts';

const SYSTEM = { id: 'system' } as const;
const BATCH = 200;

export interface PreparedStore {
  seedAdded: number;
  seedUpdated: number;
  seedDropped: number;
  reencoded: number;
}

/**
 * Brings the threat store in line with the shipped encoder and seed, once per new version: seed
 * entries are added (or get the new vectors, keeping their status, so a removed seed entry stays
 * removed), seed entries the new seed no longer has are dropped, and active operator entries are
 * re-encoded from their reviewed text. Runs at start on every node; concurrent nodes do the same
 * idempotent work, and a store already up to date costs two counts.
 */
export async function prepareThreatStore(store: Store, encoder: SentenceEncoder, source: SeedSource): Promise<PreparedStore> {
  if (source.encoder !== encoder.version)
    throw new Error(`The threat seed was computed by encoder ${source.encoder}, but encoder ${encoder.version} is installed.`);
  const result: PreparedStore = { seedAdded: 0, seedUpdated: 0, seedDropped: 0, reencoded: 0 };
  // The usual case, in every server process but the first start's: the entries are never read.
  if (await isPrepared(store.db, encoder.version, source.count)) return result;
  const seed = source.read();
  await applyConfigChange(
    store,
    SYSTEM,
    { action: 'threat_vector.seed', targetType: 'threat_vector', targetId: null, details: { encoder: encoder.version, seed_entries: seed.entries.length } },
    async (trx) => {
      Object.assign(result, await applySeed(trx, encoder.version, seed));
      result.reencoded = await reencodeOperatorEntries(trx, encoder);
    },
  );
  return result;
}

/** Whether the store holds the seed of `seedCount` entries computed by encoder `version` and no active operator entry of another encoder. */
async function isPrepared(db: Kysely<Database>, version: string, seedCount: number): Promise<boolean> {
  const count = async (origin: 'seed' | 'operator', current: boolean) => {
    let q = db
      .selectFrom('threat_vectors')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('origin', '=', origin);
    q = current
      ? q.where('encoder', '=', version)
      : q.where('status', '=', 'active').where((eb) => eb.or([eb('encoder', '<>', version), eb('encoder', 'is', null)]));
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return (await count('seed', true)) === seedCount && (await count('operator', false)) === 0;
}

async function applySeed(db: Kysely<Database>, version: string, seed: ThreatSeed): Promise<Omit<PreparedStore, 'reencoded'>> {
  const existing = new Map(
    (await db.selectFrom('threat_vectors').select(['id', 'encoder']).where('origin', '=', 'seed').execute()).map((r) => [r.id, r.encoder]),
  );
  const now = nowIso();
  const fresh: ThreatVectorTable[] = [];
  let updated = 0;
  for (const e of seed.entries) {
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
      proposed_by: SYSTEM.id,
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

async function reencodeOperatorEntries(db: Kysely<Database>, encoder: SentenceEncoder): Promise<number> {
  const stale = await db
    .selectFrom('threat_vectors')
    .select(['id', 'text'])
    .where('origin', '=', 'operator')
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('encoder', '<>', encoder.version), eb('encoder', 'is', null)]))
    .execute();
  const now = nowIso();
  for (const r of stale) {
    if (r.text === null) continue;
    await db
      .updateTable('threat_vectors')
      .set({ vector: encodeVector(encodeMessage(encoder, r.text)), encoder: encoder.version, updated_at: now })
      .where('id', '=', r.id)
      .execute();
  }
  return stale.length;
}
