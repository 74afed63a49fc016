import type { PreparedStore } from '../../domain/threats.ts';
import type { SentenceEncoder } from './encoder/encoder.ts';
import { encodeMessage } from './encoder/encode-message.ts';
import type { SeedSource } from './seed.ts';
import type { ThreatVectorStore } from './threat-store.ts';

const SYSTEM = { id: 'system' } as const;

/**
 * Brings the threat store in line with the shipped encoder and seed, once per new version: seed
 * entries are added (or get the new vectors, keeping their status, so a removed seed entry stays
 * removed), seed entries the new seed no longer has are dropped, and active operator entries are
 * re-encoded from their reviewed text. Runs at start on every node; concurrent nodes do the same
 * idempotent work, and a store already up to date costs two counts.
 */
export async function prepareThreatStore(threats: ThreatVectorStore, encoder: SentenceEncoder, source: SeedSource): Promise<PreparedStore> {
  if (source.encoder !== encoder.version)
    throw new Error(`The threat seed was computed by encoder ${source.encoder}, but encoder ${encoder.version} is installed.`);
  // The usual case, in every server process but the first start's: the entries are never read.
  if (await threats.holdsSeed(encoder.version, source.count)) return { seedAdded: 0, seedUpdated: 0, seedDropped: 0, reencoded: 0 };
  const seed = source.read();
  return threats.reseed(encoder.version, seed.entries, (text) => encodeMessage(encoder, text), {
    actor: SYSTEM,
    action: 'threat_vector.seed',
    targetId: null,
    details: { encoder: encoder.version, seed_entries: seed.entries.length },
  });
}
