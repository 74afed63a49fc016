/** Statuses worth another attempt: rate limited, or the appliance briefly unable (reloading, busy database). */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Statuses that mean the appliance (or a proxy before it) could not answer: what fail-open lets through. */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** `Retry-After` in seconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | string[] | undefined, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : undefined;
}

/**
 * The wait before retry `attempt` (0 for the first retry): exponential from `baseMs`, with jitter so
 * clients that failed together do not retry together, never above `maxMs`. A `Retry-After` the
 * appliance sent is honoured as the least wait.
 */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, retryAfter: number | undefined, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** attempt);
  const jittered = exponential / 2 + random() * (exponential / 2);
  return retryAfter === undefined ? jittered : Math.max(retryAfter * 1000, jittered);
}
