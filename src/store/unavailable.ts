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
