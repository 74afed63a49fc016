import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EncodedSet } from './encode.ts';
import type { TrainConfig } from './trainer.ts';

/** One validation model: trained on `train` texts with `cfg`, scoring the `heldOut` texts. */
export interface FoldJob {
  /** For the log: the scheme, fold and seed. */
  name: string;
  cfg: TrainConfig;
  train: Int32Array;
  heldOut: Int32Array;
}

/** What a worker answers: the held-out texts and their raw logits (heads per text, flattened). */
export interface FoldResult {
  job: number;
  texts: Int32Array;
  logits: Float32Array;
}

/**
 * Trains the validation models in worker threads, one per core (or `threads`), each worker holding
 * its own copy of the encoded set. Every job is seeded by its config alone, so the results are the
 * same whatever the number of threads or the order jobs finish in. Resolves to each job's held-out
 * logits, in job order.
 */
export async function runFoldJobs(
  set: EncodedSet,
  weights: Float32Array,
  jobs: readonly FoldJob[],
  log: (s: string) => void,
  threads = availableParallelism(),
): Promise<Map<number, Float32Array>[]> {
  const results: Map<number, Float32Array>[] = new Array(jobs.length);
  // The workers need each text's validation group and targets, not its text.
  const shared: EncodedSet = { ...set, texts: set.texts.map((t) => ({ ...t, text: '' })) };
  let next = 0;
  const work = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const send = () => {
        if (next >= jobs.length) return resolve();
        const job = next++;
        log(`${jobs[job]!.name}: training on ${jobs[job]!.train.length} texts, holding out ${jobs[job]!.heldOut.length}`);
        worker.postMessage({ job, ...jobs[job]! });
      };
      worker.on('message', (m: FoldResult | { log: string }) => {
        if ('log' in m) return log(m.log);
        const K = m.logits.length / Math.max(1, m.texts.length);
        results[m.job] = new Map(Array.from(m.texts, (t, i) => [t, m.logits.slice(i * K, (i + 1) * K)]));
        send();
      });
      worker.once('error', reject);
      send();
    });
  const workers = Array.from(
    { length: Math.max(1, Math.min(threads, jobs.length)) },
    () => new Worker(new URL('./fold-worker.ts', import.meta.url), { workerData: { set: shared, weights } }),
  );
  try {
    await Promise.all(workers.map(work));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
