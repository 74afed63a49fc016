import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-dialect.ts';
import type { Store } from './store.ts';

export const SQLITE_FILE = 'rampart.db';

/** The embedded store: one SQLite file in the data directory. */
export class SqliteStore implements Store {
  readonly db: Kysely<Database>;
  readonly kind = 'sqlite' as const;
  readonly location: string;
  readonly dataDir: string;
  readonly #raw: DatabaseSync;
  readonly #dataVersionQuery: StatementSync;
  /** Prepared on first use: the table exists only once migrations have run. */
  #revisionQuery: StatementSync | undefined;
  #dataVersion: number;
  #revision: number | undefined;
  #changedHere = false;

  constructor(dataDir: string, lockWaitMs: number, maxBytes: number) {
    const path = join(dataDir, SQLITE_FILE);
    const { dialect, raw } = openSqlite(path, lockWaitMs, maxBytes);
    this.dataDir = dataDir;
    this.db = new Kysely<Database>({ dialect });
    this.location = path;
    this.#raw = raw;
    this.#dataVersionQuery = raw.prepare('PRAGMA data_version');
    this.#dataVersion = this.#readDataVersion();
  }

  // PRAGMA data_version changes when any *other* connection commits to the file.
  #readDataVersion(): number {
    const row = this.#dataVersionQuery.get() as { data_version: number };
    return row.data_version;
  }

  /**
   * Another connection's commit moves PRAGMA data_version, whatever it wrote; with several workers
   * that is mostly their check events. Only then is the configuration revision read (a synchronous
   * point query), so a check waits on no query because another worker wrote its events.
   */
  changedSinceLastCall(): boolean {
    const changedHere = this.#changedHere;
    this.#changedHere = false;
    const version = this.#readDataVersion();
    const committedElsewhere = version !== this.#dataVersion;
    this.#dataVersion = version;
    // The first call reads the revision it compares with later.
    if (!committedElsewhere && this.#revision !== undefined) return changedHere;
    const revision = this.#readRevision();
    // Unreadable here: any commit elsewhere counts, and the reload it starts reports why.
    if (revision === undefined) return changedHere || committedElsewhere;
    const changed = changedHere || (committedElsewhere && revision !== this.#revision);
    this.#revision = revision;
    return changed;
  }

  /** The configuration revision, or undefined when it cannot be read. */
  #readRevision(): number | undefined {
    try {
      this.#revisionQuery ??= this.#raw.prepare('SELECT revision FROM config_revision WHERE id = 1');
      const row = this.#revisionQuery.get() as { revision: number | bigint } | undefined;
      return row === undefined ? undefined : Number(row.revision);
    } catch {
      return undefined;
    }
  }

  async notifyConfigChanged(): Promise<void> {
    this.#changedHere = true;
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
