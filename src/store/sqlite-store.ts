import { join } from 'node:path';
import { Kysely } from 'kysely';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { CHECK_EVENT_COLUMNS, type CheckEventRow } from './check-events.ts';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite-dialect.ts';
import type { Store } from './store.ts';

export const SQLITE_FILE = 'rampart.db';
/** Check events inserted by one statement (21 values each), within SQLite's 32,766 bound values. */
const EVENTS_PER_STATEMENT = 50;

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
  /** Inserts of 1 and of `EVENTS_PER_STATEMENT` events, prepared on first use. */
  readonly #eventInserts = new Map<number, StatementSync>();
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
   *
   * It is read on every call. Sharing one reading among the checks of a turn of the event loop saved
   * two system calls a check, but a reading taken early in a turn (by the poll timer, say) could then
   * answer a request that was sent after a change committed elsewhere: under load, a key revoked or an
   * entry approved through the CLI went unseen by the next request.
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

  /**
   * Statements prepared once and bound to the rows' values: building and compiling a query of
   * hundreds of rows on every flush cost about as much as the insert itself. Run while the query
   * builder's connection is held, so none of its transactions is open on the connection meanwhile.
   */
  async insertCheckEvents(rows: readonly CheckEventRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.connection().execute(async () => {
      const raw = this.#raw;
      raw.exec('BEGIN IMMEDIATE');
      try {
        let i = 0;
        for (; i + EVENTS_PER_STATEMENT <= rows.length; i += EVENTS_PER_STATEMENT)
          this.#eventInsert(EVENTS_PER_STATEMENT).run(...eventValues(rows, i, EVENTS_PER_STATEMENT));
        for (; i < rows.length; i++) this.#eventInsert(1).run(...eventValues(rows, i, 1));
        raw.exec('COMMIT');
      } catch (error) {
        if (raw.isTransaction) raw.exec('ROLLBACK');
        throw error;
      }
    });
  }

  #eventInsert(count: number): StatementSync {
    let statement = this.#eventInserts.get(count);
    if (!statement) {
      const row = `(${CHECK_EVENT_COLUMNS.map(() => '?').join(', ')})`;
      statement = this.#raw.prepare(`INSERT INTO check_events (${CHECK_EVENT_COLUMNS.join(', ')}) VALUES ${Array(count).fill(row).join(', ')}`);
      this.#eventInserts.set(count, statement);
    }
    return statement;
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/** The values of `count` rows from `from`, column by column, in the order of `CHECK_EVENT_COLUMNS`. */
function eventValues(rows: readonly CheckEventRow[], from: number, count: number): Array<string | number | null> {
  const values: Array<string | number | null> = [];
  for (let r = from; r < from + count; r++) {
    const row = rows[r]!;
    for (const column of CHECK_EVENT_COLUMNS) values.push(row[column]);
  }
  return values;
}
