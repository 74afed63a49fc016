import { BackendFailure } from '../domain/backend.ts';

/** A call whose deadline passed before its turn came: the backend was never asked. */
export const waitedTooLong = () => new BackendFailure('timeout', 'no answer in time: the call was still waiting in the queue');

/**
 * The calls one thread sends a backend: at most `concurrency` at once (null: no limit, every call
 * goes out at once); the others wait their turn in order, at most `depth` of them. A call that finds
 * the queue full fails at once, so a backend that cannot keep up sheds load through the guardrail's
 * on_error instead of piling up waiting checks; one still waiting when its deadline passes fails too.
 */
export class CallQueue {
  readonly #concurrency: number | null;
  readonly #depth: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(concurrency: number | null, depth: number) {
    this.#concurrency = concurrency;
    this.#depth = depth;
  }

  /** Calls waiting for their turn now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves once the call may go out (then `leave` must follow); rejects when the queue is full or `signal` aborts first. */
  enter(signal: AbortSignal): Promise<void> {
    if (this.#concurrency === null || this.#running < this.#concurrency) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.#depth) {
      return Promise.reject(
        new BackendFailure('queue_full', `${this.#running} calls are under way and ${this.#waiting.length} waiting, the most this backend's queue takes`),
      );
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener('abort', giveUp);
        this.#running++;
        resolve();
      };
      const giveUp = () => {
        this.#waiting.splice(this.#waiting.indexOf(turn), 1);
        reject(waitedTooLong());
      };
      signal.addEventListener('abort', giveUp, { once: true });
      this.#waiting.push(turn);
    });
  }

  /** A call that went out is over: the next waiting one goes. */
  leave(): void {
    this.#running--;
    this.#waiting.shift()?.();
  }
}
