import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely speaks to SQLite through a small structural interface (better-sqlite3's shape). Node's
 * built-in `node:sqlite` needs no native build, so this adapter maps one onto the other.
 */
class NodeSqliteStatement implements SqliteStatement {
  readonly #statement: StatementSync;
  readonly reader: boolean;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.#statement.all(...(parameters as SqlValue[]));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...(parameters as SqlValue[]));
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.#statement.iterate(...(parameters as SqlValue[]));
  }
}

type SqlValue = null | number | bigint | string | Uint8Array;

class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  constructor(db: DatabaseSync) {
    this.#db = db;
  }
  close(): void {
    this.#db.close();
  }
  prepare(sql: string): SqliteStatement {
    // Kysely opens transactions with a deferred `begin`; in WAL mode a deferred transaction that reads
    // and then writes fails at once with SQLITE_BUSY when another process wrote in between. Taking the
    // write lock up front lets the busy timeout wait instead.
    return new NodeSqliteStatement(this.#db.prepare(sql === 'begin' ? 'begin immediate' : sql));
  }
}

/**
 * Opens a SQLite file tuned for one appliance: WAL (readers never block the writer), waiting up to
 * `lockWaitMs` for another process's write lock.
 */
export function openSqlite(path: string, lockWaitMs: number, maxBytes = 0): { dialect: SqliteDialect; raw: DatabaseSync } {
  const raw = new DatabaseSync(path, { timeout: lockWaitMs });
  if (maxBytes > 0) {
    // The file cannot grow past this: writes then fail (SQLITE_FULL) instead of filling the disk.
    const { page_size: pageSize } = raw.prepare('PRAGMA page_size').get() as { page_size: number };
    raw.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(maxBytes / pageSize))}`);
  }
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  return { dialect: new SqliteDialect({ database: new NodeSqliteDatabase(raw) }), raw };
}
