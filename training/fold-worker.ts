import { parentPort, workerData } from 'node:worker_threads';
import type { EncodedSet } from './encode.ts';
import type { FoldJob } from './fold-pool.ts';
import { predictTexts, train } from './trainer.ts';

/** A validation worker (fold-pool.ts): trains one model per job it is sent and answers its held-out logits. */
const { set, weights } = workerData as { set: EncodedSet; weights: Float32Array };
const port = parentPort!;
port.on('message', (job: FoldJob & { job: number }) => {
  const net = train(set, new Set(job.train), job.cfg, weights, (s) => port.postMessage({ log: `${job.name}: ${s}` }));
  const found = predictTexts(net, set, new Set(job.heldOut));
  const texts = Int32Array.from(found.keys());
  const K = found.values().next().value?.length ?? 0;
  const logits = new Float32Array(texts.length * K);
  texts.forEach((t, i) => {
    logits.set(found.get(t)!, i * K);
  });
  port.postMessage({ job: job.job, texts, logits }, [texts.buffer, logits.buffer]);
});
