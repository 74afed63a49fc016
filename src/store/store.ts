import type { Kysely } from 'kysely';
import type { CheckEventRow } from './check-events.ts';
import type { Database } from './schema.ts';

/** One open database: the typed query builder plus a cheap way to learn that others wrote to it. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly kind: 'sqlite' | 'postgres';
  /** Where the data lives, for messages (a file path or a URL without password). */
  readonly location: string;
  /** This node's data directory (TLS material, secrets). */
  readonly dataDir: string;
  /**
   * true when the configuration may have changed since the last call: another connection (the CLI,
   * another node) committed, or this process changed it. Synchronous and cheap enough to ask on every
   * request.
   */
  changedSinceLastCall(): boolean;
  /** Announces a committed configuration change to this process and to other nodes. */
  notifyConfigChanged(): Promise<void>;
  /** Writes check events in one transaction: all of them or, when it fails, none. */
  insertCheckEvents(rows: readonly CheckEventRow[]): Promise<void>;
  close(): Promise<void>;
}
