/**
 * Polls `probe` until it returns something other than undefined or false, and returns that; fails
 * naming `what` after `timeoutMs`. Tests wait for a condition this way, never for a fixed time.
 */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
