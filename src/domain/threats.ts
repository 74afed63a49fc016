import type { Actor } from './actor.ts';

/**
 * The threat store's records (the vector filter's known attacks and hazardous requests), as the
 * database keeps them, the vector filter reads them and the review commands and routes show them.
 */

export type ThreatStatus = 'proposed' | 'active' | 'rejected' | 'removed';
export type ThreatOrigin = 'seed' | 'operator';

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

/** A shipped seed entry: a vector of a known attack or hazardous request, never its text. */
export interface SeedEntry {
  id: string;
  family: string;
  category: string;
  vector: Float32Array;
}

export interface ThreatListFilter {
  status?: ThreatStatus | undefined;
  origin?: ThreatOrigin | undefined;
  family?: string | undefined;
  /** Paging: entries whose id sorts after this one. */
  after?: string | undefined;
  limit: number;
}

/** What bringing the store in line with a seed and encoder changed. */
export interface PreparedStore {
  seedAdded: number;
  seedUpdated: number;
  seedDropped: number;
  reencoded: number;
}

/** A change to the threat store, made as a configuration change: audited, and every node's index follows it. */
export interface ThreatChange {
  actor: Actor;
  action: string;
  targetId: string | null;
  /** What the audit event records of it (never an entry's text). */
  details: Record<string, unknown>;
}

/** What an entry's review changes: its status, who reviewed it and when, and, on approval, its vector. */
export interface ThreatTransition {
  status: ThreatStatus;
  reviewedBy: string;
  reviewedAt: string;
  encoded?: { vector: Float32Array; encoder: string };
}
