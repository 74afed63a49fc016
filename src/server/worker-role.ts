import type { BreakerMemory } from '../backends/model-backends.ts';

/** Where an appliance stands in a server of several threads (see server-threads.ts); absent when it serves alone. */
export interface WorkerRole {
  /** 1-based. */
  id: number;
  count: number;
  /** Metrics exposition of the whole server (all workers), gathered by the main thread. */
  serverMetrics(): Promise<string>;
  /** The shared memory of each model backend's circuit breaker, the same for every worker. */
  breakerMemory: BreakerMemory;
}

/** A worker's share of a per-minute limit: workers each see about 1/count of the traffic (the kernel spreads connections). */
export function shareOf(perMinute: number, worker: WorkerRole | undefined): number {
  return perMinute === 0 || !worker ? perMinute : Math.max(1, Math.ceil(perMinute / worker.count));
}
