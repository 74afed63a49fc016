import { mkdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { Store } from './store.ts';

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
