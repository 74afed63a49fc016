import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { insertCheckEventRows, type CheckEventRow } from './check-events.ts';
import type { Database } from './schema.ts';
import type { Store } from './store.ts';

const CHANNEL = 'rampart_config';
/** Fallback when a notification is lost (listener reconnecting): re-read the revision this often. */
const RESYNC_MS = 5_000;

/** A connection string with its password removed, for logs and messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/**
 * The shared store of several nodes: PostgreSQL. Configuration changes are announced with
 * NOTIFY; each node LISTENs (reconnecting when the connection drops) and also re-reads the
 * revision every few seconds, so a lost notification delays a change by at most that long.
 */
export class PostgresStore implements Store {
  readonly db: Kysely<Database>;
  readonly kind = 'postgres' as const;
  readonly location: string;
  readonly dataDir: string;
  readonly #url: string;
  readonly #onError: (error: unknown) => void;
  #changed = false;
  #listener: pg.Client | undefined;
  readonly #retrying = new WeakSet<pg.Client>();
  #closed = false;
  #resync: NodeJS.Timeout;

  constructor(url: string, dataDir: string, onError: (error: unknown) => void) {
    this.#url = url;
    this.#onError = onError;
    this.dataDir = dataDir;
    this.location = redactedUrl(url);
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
    // Without a listener, an idle client's network error would crash the process.
    pool.on('error', onError);
    this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    this.#resync = setInterval(() => (this.#changed = true), RESYNC_MS).unref();
  }

  async insertCheckEvents(rows: readonly CheckEventRow[]): Promise<void> {
    if (rows.length > 0) await this.db.transaction().execute((trx) => insertCheckEventRows(trx, rows));
  }

  /** Starts listening for configuration changes of other nodes; retries every second until it can. */
  async listen(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url });
    client.on('notification', () => (this.#changed = true));
    client.on('error', (error) => {
      this.#onError(error);
      this.#retry(client);
    });
    client.on('end', () => this.#retry(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.#listener = client;
      this.#changed = true; // anything may have changed while we were not listening
    } catch (error) {
      this.#onError(error);
      this.#retry(client);
    }
  }

  #retry(client: pg.Client): void {
    if (this.#closed || this.#retrying.has(client)) return;
    this.#retrying.add(client);
    if (this.#listener === client) this.#listener = undefined;
    client.end().catch(() => {});
    setTimeout(() => void this.listen(), 1_000).unref();
  }

  changedSinceLastCall(): boolean {
    const changed = this.#changed;
    this.#changed = false;
    return changed;
  }

  async notifyConfigChanged(): Promise<void> {
    this.#changed = true;
    await sql.raw(`NOTIFY ${CHANNEL}`).execute(this.db);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#resync);
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.end().catch(() => {});
    await this.db.destroy();
  }
}
