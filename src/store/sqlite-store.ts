import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { StatementSync } from 'node:sqlite';
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
  readonly #dataVersionQuery: StatementSync;
  #dataVersion: number;
  #changedHere = false;

  constructor(dataDir: string, lockWaitMs: number, maxBytes: number) {
    const path = join(dataDir, SQLITE_FILE);
    const { dialect, raw } = openSqlite(path, lockWaitMs, maxBytes);
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

  async notifyConfigChanged(): Promise<void> {
    this.#changedHere = true;
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
