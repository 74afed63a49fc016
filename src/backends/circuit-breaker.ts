export type BreakerState = 'closed' | 'open' | 'half_open';

/** Bytes of shared memory one breaker keeps its state in (see `CircuitBreaker`). */
export const BREAKER_MEMORY_BYTES = 32;

/** Int32 slots: a lock word and the count of consecutive failures. */
const LOCK = 0;
const CONSECUTIVE = 1;
/** BigInt64 slots (after the two Int32 ones): when the breaker opened, and when the half-open trial call started (0: none). */
const OPENED_AT = 1;
const TRIAL_STARTED_AT = 2;

/**
 * Stops calling a backend that keeps failing: after `failures` consecutive failures it opens and
 * refuses calls for `cooldownMs`; then one trial call goes through (half open) and its outcome
 * closes or reopens it.
 *
 * The state lives in a SharedArrayBuffer, so the worker threads of one server share one breaker per
 * backend: failures seen by any of them count together, and only one of them makes the trial call.
 * Updates take a spin lock (a few instructions under it, never a wait for I/O). A trial whose thread
 * ended before reporting is given up after `trialLeaseMs`, so the breaker cannot stay half open.
 */
export class CircuitBreaker {
  readonly #failures: number;
  readonly #cooldownMs: number;
  readonly #trialLeaseMs: number;
  readonly #ints: Int32Array;
  readonly #times: BigInt64Array;

  constructor(failures: number, cooldownMs: number, trialLeaseMs: number, memory: SharedArrayBuffer = new SharedArrayBuffer(BREAKER_MEMORY_BYTES)) {
    if (memory.byteLength < BREAKER_MEMORY_BYTES) throw new RangeError(`a circuit breaker needs ${BREAKER_MEMORY_BYTES} bytes of shared memory`);
    this.#failures = failures;
    this.#cooldownMs = cooldownMs;
    this.#trialLeaseMs = trialLeaseMs;
    this.#ints = new Int32Array(memory, 0, 2);
    this.#times = new BigInt64Array(memory, 8, 3);
  }

  get state(): BreakerState {
    return this.#locked((now) => this.#stateAt(now));
  }

  get consecutiveFailures(): number {
    return Atomics.load(this.#ints, CONSECUTIVE);
  }

  /** Whether a call may go out now; in the half-open state only one at a time, across every thread sharing the breaker. */
  tryAcquire(): boolean {
    return this.#locked((now) => {
      const state = this.#stateAt(now);
      if (state === 'closed') return true;
      if (state === 'open' || this.#trialRunning(now)) return false;
      this.#times[TRIAL_STARTED_AT] = BigInt(now);
      return true;
    });
  }

  succeeded(): void {
    this.#locked(() => {
      this.#ints[CONSECUTIVE] = 0;
      this.#times[OPENED_AT] = 0n;
      this.#times[TRIAL_STARTED_AT] = 0n;
    });
  }

  failed(): void {
    this.#locked((now) => {
      this.#ints[CONSECUTIVE] = this.#ints[CONSECUTIVE]! + 1;
      if (this.#times[TRIAL_STARTED_AT] !== 0n || this.#ints[CONSECUTIVE]! >= this.#failures) this.#times[OPENED_AT] = BigInt(now);
      this.#times[TRIAL_STARTED_AT] = 0n;
    });
  }

  #stateAt(now: number): BreakerState {
    const openedAt = Number(this.#times[OPENED_AT]);
    if (openedAt === 0) return 'closed';
    return this.#trialRunning(now) || now - openedAt >= this.#cooldownMs ? 'half_open' : 'open';
  }

  #trialRunning(now: number): boolean {
    const started = Number(this.#times[TRIAL_STARTED_AT]);
    return started !== 0 && now - started < this.#trialLeaseMs;
  }

  /** Runs `update` holding the breaker's lock; the lock's atomic operations order the plain reads and writes inside it. */
  #locked<T>(update: (now: number) => T): T {
    while (Atomics.compareExchange(this.#ints, LOCK, 0, 1) !== 0);
    try {
      return update(Date.now());
    } finally {
      Atomics.store(this.#ints, LOCK, 0);
    }
  }
}
