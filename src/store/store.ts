import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { StatementSync } from 'node:sqlite';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { openSqlite } from './sqlite-dialect.ts';

/** One open database: the typed query builder plus a cheap way to learn that others wrote to it. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly kind: 'sqlite';
  /** Where the data lives, for messages (a file path; never a password). */
  readonly location: string;
  /** This node's data directory (TLS material, secrets). */
  readonly dataDir: string;
  /**
   * true when the configuration may have changed since the last call: another connection (the CLI,
   * another node) committed, or this process marked a change. Synchronous and cheap enough to ask on
   * every request.
   */
  changedSinceLastCall(): boolean;
  /** Records that this process changed the configuration. */
  markConfigChanged(): void;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
}

export const SQLITE_FILE = 'rampart.db';

class SqliteStore implements Store {
  readonly db: Kysely<Database>;
  readonly kind = 'sqlite' as const;
  readonly location: string;
  readonly dataDir: string;
  readonly #dataVersionQuery: StatementSync;
  #dataVersion: number;
  #changedHere = false;

  constructor(dataDir: string) {
    const path = join(dataDir, SQLITE_FILE);
    const { dialect, raw } = openSqlite(path);
    this.dataDir = dataDir;
    this.db = new Kysely<Database>({ dialect });
    this.location = path;
    this.#dataVersionQuery = raw.prepare('PRAGMA data_version');
    this.#dataVersion = this.#readDataVersion();
  }

  // PRAGMA data_version changes when any *other* connection commits to the file.
  #readDataVersion(): number {
    const row = this.#dataVersionQuery.get() as { data_version: number };
    return row.data_version;
  }

  changedSinceLastCall(): boolean {
    const current = this.#readDataVersion();
    const changed = this.#changedHere || current !== this.#dataVersion;
    this.#dataVersion = current;
    this.#changedHere = false;
    return changed;
  }

  markConfigChanged(): void {
    this.#changedHere = true;
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/** Opens (creating if needed) the data directory's database and brings its schema up to date. */
export async function openStore(options: StoreOptions): Promise<Store> {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const store = new SqliteStore(options.dataDir);
  try {
    await migrate(store.db);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
