import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FOLDS } from '../folds.ts';
import { trainEncoder, type TrainConfig, type TrainInput } from './contrastive.ts';
import { nearest, pickRows } from './nearest.ts';
import { nearCopyLeaders } from './prune.ts';

/**
 * Out-of-source top similarity per corpus row (NaN for rows no fold holds out), against the whole
 * store (`whole`) and against the store with its near-copies collapsed at each of `pruneLevels`
 * (`pruned[k]`; see prune.ts), and the share of the store each level keeps (mean over folds).
 */
export interface OutOfSourceScores {
  whole: Float32Array;
  pruneLevels: number[];
  pruned: Float32Array[];
  keptShare: number[];
}

/** One fold's share of the out-of-source scores (NaN outside the fold), as `OutOfSourceScores`. */
export interface FoldScores {
  whole: Float32Array;
  pruned: Float32Array[];
  /** Share of the whole store each prune level keeps, with this fold's model. */
  keptShare: number[];
}

/**
 * One fold's out-of-source scores: a model trained without the fold's sources scores them as the
 * filter would, the text and each of its parts. An attack is compared with the attacks of the other
 * folds (its own source must not vouch for it); a benign text with every attack, as in deployment,
 * where the store holds all of them. Each pruned store is collapsed by the fold's own model, as the
 * shipped seed is by the final one.
 */
export function foldScores(input: TrainInput, config: TrainConfig, pruneLevels: readonly number[], fold: number): FoldScores {
  const { corpus } = input;
  const blank = () => new Float32Array(corpus.length).fill(NaN);
  const whole = blank();
  const pruned = pruneLevels.map(blank);
  const all = corpus.map((_, i) => i);
  const attacks = all.filter((r) => corpus[r]!.attack);
  const model = trainEncoder({ ...input, rows: input.rows.filter((r) => corpus[r]!.fold !== fold) }, config);
  const D = model.shape.dims;
  const embedded = model.encode(input.scoring, all);
  const otherAttacks = attacks.filter((r) => corpus[r]!.fold !== fold);
  const heldAttacks = attacks.filter((r) => corpus[r]!.fold === fold);
  const heldBenign = all.filter((r) => corpus[r]!.fold === fold && !corpus[r]!.attack);
  const readAttacks = model.encode(
    input.scoring,
    heldAttacks.flatMap((r) => [r, ...input.partRows[r]!]),
  );
  const readBenign = model.encode(
    input.scoring,
    heldBenign.flatMap((r) => [r, ...input.partRows[r]!]),
  );
  const scoreHeld = (scores: Float32Array, held: readonly number[], read: Float32Array, storeRows: readonly number[]) => {
    const owner = held.flatMap((r) => [r, ...input.partRows[r]!.map(() => r)]);
    const { similarity } = nearest(pickRows(embedded, storeRows, D), read, D);
    owner.forEach((r, i) => {
      scores[r] = Number.isNaN(scores[r]!) ? similarity[i]! : Math.max(scores[r]!, similarity[i]!);
    });
  };
  const leaders = (rows: readonly number[], level: number) =>
    nearCopyLeaders(
      pickRows(embedded, rows, D),
      D,
      rows.map((r) => corpus[r]!.family),
      level,
    ).map((i) => rows[i]!);
  scoreHeld(whole, heldAttacks, readAttacks, otherAttacks);
  scoreHeld(whole, heldBenign, readBenign, attacks);
  const keptShare = pruneLevels.map((level, k) => {
    const store = leaders(attacks, level);
    scoreHeld(pruned[k]!, heldAttacks, readAttacks, leaders(otherAttacks, level));
    scoreHeld(pruned[k]!, heldBenign, readBenign, store);
    return store.length / attacks.length;
  });
  return { whole, pruned, keptShare };
}

/** Folds scored at once, each in a worker thread of its own (one per core, at most two: each holds the featurised corpus). */
const PARALLEL_FOLDS = Math.max(1, Math.min(2, availableParallelism()));

/**
 * Out-of-source scores of every fold (foldScores), the folds spread over worker threads. Each fold
 * trains and scores on its own, so the result is the same however many run at once.
 */
export async function outOfSourceScores(
  input: TrainInput,
  config: TrainConfig,
  pruneLevels: readonly number[],
  log: (line: string) => void,
): Promise<OutOfSourceScores> {
  const { corpus } = input;
  const whole = new Float32Array(corpus.length).fill(NaN);
  const pruned = pruneLevels.map(() => new Float32Array(corpus.length).fill(NaN));
  const kept = pruneLevels.map(() => 0);
  const merge = (into: Float32Array, from: Float32Array) => {
    from.forEach((x, i) => {
      if (!Number.isNaN(x)) into[i] = x;
    });
  };
  let next = 0;
  const runFolds = async () => {
    for (let fold = next++; fold < FOLDS; fold = next++) {
      const started = Date.now();
      const scores = await inWorker(input, config, pruneLevels, fold);
      merge(whole, scores.whole);
      scores.pruned.forEach((p, k) => {
        merge(pruned[k]!, p);
      });
      scores.keptShare.forEach((share, k) => {
        kept[k]! += share / FOLDS;
      });
      const held = corpus.filter((c) => c.fold === fold);
      log(
        `fold ${fold}: ${held.filter((c) => c.attack).length} attacks, ${held.filter((c) => !c.attack).length} benign held out (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FOLDS }, runFolds));
  return { whole, pruneLevels: [...pruneLevels], pruned, keptShare: kept };
}

function inWorker(input: TrainInput, config: TrainConfig, pruneLevels: readonly number[], fold: number): Promise<FoldScores> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./fold-worker.ts', import.meta.url), { workerData: { input, config, pruneLevels, fold } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`Fold ${fold} worker exited with code ${code}.`));
    });
  });
}

/** Out-of-source scores to a file (NaN as null), so a later run can reuse them (`--load-oos`). */
export function saveOutOfSourceScores(path: string, scores: OutOfSourceScores): void {
  const list = (a: Float32Array) => Array.from(a, (x) => (Number.isNaN(x) ? null : x));
  writeFileSync(path, JSON.stringify({ ...scores, whole: list(scores.whole), pruned: scores.pruned.map(list) }));
}

/** Scores saved by `saveOutOfSourceScores` for a corpus of `rows` texts. */
export function loadOutOfSourceScores(path: string, rows: number): OutOfSourceScores {
  const saved = JSON.parse(readFileSync(path, 'utf8')) as {
    whole: Array<number | null>;
    pruneLevels: number[];
    pruned: Array<Array<number | null>>;
    keptShare: number[];
  };
  if (saved.whole.length !== rows) throw new Error(`${path} holds scores of ${saved.whole.length} texts; this corpus has ${rows}.`);
  const array = (a: Array<number | null>) => Float32Array.from(a, (x) => x ?? NaN);
  return { whole: array(saved.whole), pruneLevels: saved.pruneLevels, pruned: saved.pruned.map(array), keptShare: saved.keptShare };
}
