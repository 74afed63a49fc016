/**
 * Whether an error means "the database cannot take this right now" rather than a bug: SQLite busy or
 * locked by another process, full, or read-only; PostgreSQL unreachable or shutting down.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; errcode?: number; errno?: string };
  // SQLITE_BUSY 5, SQLITE_LOCKED 6, SQLITE_READONLY 8, SQLITE_IOERR 10, SQLITE_FULL 13, SQLITE_CANTOPEN 14
  if (e.code === 'ERR_SQLITE_ERROR') return [5, 6, 8, 10, 13, 14].includes((e.errcode ?? 0) & 0xff);
  // Node network errors and PostgreSQL's admin-shutdown / cannot-connect classes (57P, 08).
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(e.code ?? '') ||
    /^(57P|08)/.test(e.code ?? '') ||
    /Connection terminated|timeout exceeded when trying to connect/.test(String((error as Error)?.message))
  );
}

/** A burst of database failures ends after this long without one. */
const BURST_QUIET_MS = 30_000;

/**
 * Logs, with its cause, the database failure a request is answered 503 for, once per burst: while
 * the database is away every request that needs it fails alike, so only the first failure after a
 * quiet spell of `quietMs` is logged.
 */
export class DatabaseFailureLog {
  readonly #quietMs: number;
  readonly #clock: () => number;
  #lastFailureAt = Number.NEGATIVE_INFINITY;

  constructor(quietMs = BURST_QUIET_MS, clock: () => number = Date.now) {
    this.#quietMs = quietMs;
    this.#clock = clock;
  }

  /** Records a failure; logs it when it starts a burst. Returns whether it was logged. */
  record(log: { error(fields: object, message: string): void }, error: unknown): boolean {
    const now = this.#clock();
    const startsBurst = now - this.#lastFailureAt > this.#quietMs;
    this.#lastFailureAt = now;
    if (startsBurst)
      log.error({ err: error }, `database unavailable; requests that need it are answered 503 (repeats within ${this.#quietMs / 1000} s are not logged)`);
    return startsBurst;
  }
}
