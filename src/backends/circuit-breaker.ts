export type BreakerState = 'closed' | 'open' | 'half_open';

/**
 * Stops calling a backend that keeps failing: after `failures` consecutive failures it opens and
 * refuses calls for `cooldownMs`; then one trial call goes through (half open) and its outcome
 * closes or reopens it.
 */
export class CircuitBreaker {
  readonly #failures: number;
  readonly #cooldownMs: number;
  #consecutive = 0;
  #openedAt: number | undefined;
  #trialInFlight = false;

  constructor(failures: number, cooldownMs: number) {
    this.#failures = failures;
    this.#cooldownMs = cooldownMs;
  }

  get state(): BreakerState {
    if (this.#openedAt === undefined) return 'closed';
    return this.#trialInFlight || Date.now() - this.#openedAt >= this.#cooldownMs ? 'half_open' : 'open';
  }

  get consecutiveFailures(): number {
    return this.#consecutive;
  }

  /** Whether a call may go out now; in the half-open state only one at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.#trialInFlight) return false;
    this.#trialInFlight = true;
    return true;
  }

  succeeded(): void {
    this.#consecutive = 0;
    this.#openedAt = undefined;
    this.#trialInFlight = false;
  }

  failed(): void {
    this.#consecutive++;
    if (this.#trialInFlight || this.#consecutive >= this.#failures) this.#openedAt = Date.now();
    this.#trialInFlight = false;
  }
}
