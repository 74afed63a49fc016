import { mkdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { CheckEventRow } from './check-events.ts';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { SqliteStore } from './sqlite-store.ts';

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

export interface StoreOptions {
  dataDir: string;
  /** postgres://… to use PostgreSQL (several nodes, one database); SQLite in the data directory otherwise. */
  databaseUrl?: string | undefined;
  onError?: (error: unknown) => void;
  /**
   * SQLite: how long to wait for another process's write lock (default 5 s). node:sqlite waits on
   * the calling thread, so a server keeps this short and retries its writes instead of freezing.
   */
  lockWaitMs?: number;
  /** SQLite: the most the database file may grow to, in bytes (0 = no limit). */
  sqliteMaxBytes?: number;
}

/** Opens the configured database and brings its schema up to date. */
export async function openStore(options: StoreOptions): Promise<Store> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // The PostgreSQL driver is loaded only for a PostgreSQL store: a SQLite server never holds it.
  const store = options.databaseUrl
    ? new (await import('./postgres-store.ts')).PostgresStore(options.databaseUrl, options.dataDir, options.onError ?? (() => {}))
    : new SqliteStore(options.dataDir, options.lockWaitMs ?? 5_000, options.sqliteMaxBytes ?? 0);
  try {
    await migrate(store.db);
    if (store.kind === 'postgres') await store.listen();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * Applies pending migrations. On PostgreSQL the migrator holds an advisory lock, so nodes starting
 * together apply each migration once.
 */
async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
