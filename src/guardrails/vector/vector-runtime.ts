import type { Logger } from 'pino';
import type { PreparedStore } from '../../domain/threats.ts';
import type { GuardrailServices } from '../../engine/guardrail.ts';
import type { ModelSource } from '../../engine/ports.ts';
import { SENTENCE_ENCODER, type SentenceEncoder } from './encoder/encoder.ts';
import { prepareThreatStore } from './prepare-store.ts';
import { REQUEST_MATCHING, type RequestMatching } from './request-matching.ts';
import { indexDir, loadThreatIndex, saveThreatIndex } from './search/index-file.ts';
import { partitionOf, ThreatIndex, type ThreatPartition } from './search/threat-index.ts';
import { SHIPPED_SEED_SOURCE, type ThreatSeed } from './seed.ts';
import type { ThreatVectorStore } from './threat-store.ts';

/**
 * What the vector filter checks with: the encoder, the in-memory indexes of active attack entries and
 * of hazardous-request entries, and what tells a suffixed message (request-matching.ts).
 */
export interface VectorRuntime {
  encoder: SentenceEncoder;
  index: ThreatIndex;
  requests: ThreatIndex;
  matching: RequestMatching;
}

/**
 * Brings the database's threat store up to the shipped seed and encoder (see prepare-store.ts); cheap
 * when it already is. Runs once before server processes start, and again in each (a no-op then).
 */
export async function ensureThreatStore(threats: ThreatVectorStore, models: ModelSource, log: Logger): Promise<PreparedStore> {
  const enc = models.load(SENTENCE_ENCODER);
  const prepared = await prepareThreatStore(threats, enc, models.read(SHIPPED_SEED_SOURCE));
  if (prepared.seedAdded + prepared.seedUpdated + prepared.seedDropped + prepared.reencoded > 0)
    log.info({ ...prepared, encoder: enc.version }, 'threat store prepared for this encoder');
  return prepared;
}

/**
 * Loads the threat store for serving: the store is brought up to the shipped seed and encoder, the
 * index is read from the data directory (or built from the database the first time) and brought up
 * to date, and every configuration reload — a review decision on any node — syncs it again. The
 * index file is rewritten whenever the index changed.
 */
export async function startVectorRuntime(services: GuardrailServices, models: ModelSource): Promise<VectorRuntime> {
  const enc = models.load(SENTENCE_ENCODER);
  await ensureThreatStore(services.threatVectors, models, services.log);
  const index = await startPartition(services, enc, 'attacks');
  const requests = await startPartition(services, enc, 'requests');
  return { encoder: enc, index, requests, matching: models.load(REQUEST_MATCHING) };
}

async function startPartition(services: GuardrailServices, enc: SentenceEncoder, partition: ThreatPartition): Promise<ThreatIndex> {
  const { threatVectors, dataDir, log } = services;
  const dir = indexDir(dataDir, partition);
  const persisted = loadThreatIndex(dir, enc.version, enc.dims, undefined, partition);
  const index = persisted ?? new ThreatIndex(enc.version, enc.dims, undefined, partition);
  const first = await index.sync(threatVectors);
  if (!persisted || first.added + first.removed > 0) saveThreatIndex(index, dir);
  log.info(
    { partition, entries: index.size, from_file: persisted !== undefined, added: first.added, removed: first.removed, approximate: index.knn.approximate },
    'threat-vector index loaded',
  );
  services.onConfigReload(async () => {
    const r = await index.sync(threatVectors);
    if (r.added + r.removed === 0) return;
    saveThreatIndex(index, dir);
    log.info({ partition, entries: r.size, added: r.added, removed: r.removed }, 'threat-vector index updated');
  });
  return index;
}

/** The shipped seed alone, without a database: for evaluation and benchmarks. */
export function seedOnlyRuntime(enc: SentenceEncoder, seed: ThreatSeed, requestMatching: RequestMatching): VectorRuntime {
  if (seed.encoder !== enc.version) throw new Error(`The threat seed was computed by encoder ${seed.encoder}, not ${enc.version}.`);
  const index = new ThreatIndex(enc.version, enc.dims);
  const requests = new ThreatIndex(enc.version, enc.dims, undefined, 'requests');
  for (const e of seed.entries) (partitionOf(e.family) === 'requests' ? requests : index).add(e.id, e.family, e.vector);
  return { encoder: enc, index, requests, matching: requestMatching };
}
