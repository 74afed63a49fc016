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
} from '../../domain/threats.ts';

/**
 * The threat store in the appliance's database, as the vector filter and its review loop use it:
 * the port this guardrail declares, which store/threat-vectors.ts implements and the appliance
 * (src/server) passes in. Every write is a configuration change: one transaction with an audit event
 * and a revision bump, so every node's index follows it.
 */
export interface ThreatVectorStore {
  /** Ids and families of the entries the indexes must hold: active ones encoded by `encoder`. */
  activeEntries(encoder: string): Promise<Array<{ id: string; family: string }>>;
  /** The vectors of the given entries (those still active with this encoder), read in pages. */
  vectorsOf(ids: readonly string[], encoder: string): Promise<IndexedThreat[]>;
  /** Whether the store holds the seed of `seedCount` entries computed by `encoder` and no active operator entry of another encoder. */
  holdsSeed(encoder: string, seedCount: number): Promise<boolean>;
  /**
   * In one change: seed entries are added, or get the new vectors keeping their status (a removed
   * seed entry stays removed), those `seed` no longer has are dropped, and active operator entries
   * of another encoder are re-encoded from their reviewed text with `encode`.
   */
  reseed(encoder: string, seed: readonly SeedEntry[], encode: (text: string) => Float32Array, change: ThreatChange): Promise<PreparedStore>;
  list(filter: ThreatListFilter): Promise<ThreatEntry[]>;
  find(id: string): Promise<ThreatEntry | undefined>;
  /** Entries per status and origin, for summaries. */
  count(): Promise<{ status: ThreatStatus; origin: ThreatOrigin; count: number }[]>;
  /** A check event's recorded message text (PII masked; null when its profile records none), or undefined when there is no such event. */
  recordedText(eventId: string): Promise<{ text: string | null } | undefined>;
  /** Adds a proposal (it carries no vector until approved). */
  propose(entry: ThreatEntry, change: ThreatChange): Promise<void>;
  /** Moves an entry from status `from` as `to` says; false, with nothing written, when another change moved it first. */
  transition(id: string, from: ThreatStatus, to: ThreatTransition, change: ThreatChange): Promise<boolean>;
}

declare module '../../engine/guardrail.ts' {
  interface GuardrailPorts {
    /** The vector filter's threat store. */
    threatVectors: ThreatVectorStore;
  }
}
