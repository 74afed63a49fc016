export interface WaitOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Time between two probes (default 50 ms). */
  intervalMs?: number;
  /** What was seen instead, added to the failure message. */
  state?: () => string;
}

/**
 * Polls `probe` until it returns something other than undefined or false, and returns that; fails
 * naming `what` after `timeoutMs`. Tests wait for a condition this way, never for a fixed time.
 * A probe that throws stops the wait with its error.
 */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined | false>, options: WaitOptions = {}): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 50, state } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}${state ? `; ${state()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
