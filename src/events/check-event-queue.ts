import { checkEventRow, type CheckEvent, type CheckEventRow } from '../store/check-events.ts';

export interface CheckEventQueueOptions {
  /** Writes rows in one transaction, all or none (`Store.insertCheckEvents`). */
  write: (rows: readonly CheckEventRow[]) => Promise<void>;
  /** Events held in memory at most; beyond it new events are dropped and counted. */
  capacity?: number;
  batchSize?: number;
  flushIntervalMs?: number;
  onDrop?: (count: number) => void;
  onWriteError?: (error: unknown, batchSize: number) => void;
  /** Sees every event as it is queued (SIEM forwarding); must not block. */
  onPush?: (event: CheckEvent) => void;
}

/**
 * Check events are written in batches, off the request path: a check only appends to memory. A
 * failed write is retried with the next flush; only when the queue is full are events dropped.
 * Batches are written every 50 ms: an event that waits longer outlives two young-generation
 * collections and is moved to the old generation, which then fills and is collected more often.
 */
export class CheckEventQueue {
  readonly #options: Required<Omit<CheckEventQueueOptions, 'onDrop' | 'onWriteError' | 'onPush'>> &
    Pick<CheckEventQueueOptions, 'onDrop' | 'onWriteError' | 'onPush'>;
  /** Events in their stored form: strings and numbers only, which the collector copies cheaply while they wait. */
  #pending: CheckEventRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #lastWriteFailed = false;
  #droppedSinceLastWrite = 0;

  constructor(options: CheckEventQueueOptions) {
    this.#options = { capacity: 50_000, batchSize: 500, flushIntervalMs: 50, ...options };
  }

  get pending(): number {
    return this.#pending.length;
  }

  /** ok: writes succeed; retrying: the last write failed, events wait in memory; dropping: the queue overflowed since. */
  get state(): 'ok' | 'retrying' | 'dropping' {
    if (!this.#lastWriteFailed) return 'ok';
    return this.#droppedSinceLastWrite > 0 ? 'dropping' : 'retrying';
  }

  #drop(count: number): void {
    this.#droppedSinceLastWrite += count;
    this.#options.onDrop?.(count);
  }

  push(event: CheckEvent): void {
    this.#options.onPush?.(event);
    if (this.#pending.length >= this.#options.capacity) {
      this.#drop(1);
      return;
    }
    this.#pending.push(checkEventRow(event));
    if (this.#pending.length >= this.#options.batchSize) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#options.flushIntervalMs).unref();
  }

  /** Writes everything queued so far. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#flushing) await this.#flushing;
    if (this.#pending.length === 0) return;
    const batch = this.#pending.splice(0, this.#pending.length);
    this.#flushing = this.#write(batch).finally(() => {
      this.#flushing = undefined;
    });
    await this.#flushing;
  }

  async #write(batch: CheckEventRow[]): Promise<void> {
    try {
      // One transaction: a failure writes nothing, so the retry cannot duplicate events.
      await this.#options.write(batch);
      this.#lastWriteFailed = false;
      this.#droppedSinceLastWrite = 0;
    } catch (error) {
      this.#lastWriteFailed = true;
      this.#options.onWriteError?.(error, batch.length);
      // Put the batch back in front (up to capacity) and retry later.
      const room = Math.max(0, this.#options.capacity - this.#pending.length);
      const requeued = batch.slice(0, room);
      if (batch.length > room) this.#drop(batch.length - room);
      this.#pending.unshift(...requeued);
      this.#timer ??= setTimeout(() => void this.flush(), Math.max(1000, this.#options.flushIntervalMs)).unref();
    }
  }
}
