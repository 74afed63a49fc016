import { FOLDS } from '../folds.ts';
import { trainEncoder, type TrainConfig, type TrainInput } from './contrastive.ts';
import { nearest, pickRows } from './nearest.ts';

/**
 * Out-of-source scores: for each fold, a model trained without the fold's sources scores them as
 * the filter would, the text and each of its parts. An attack is compared with the attacks of the
 * other folds (its own source must not vouch for it); a benign text with every attack, as in
 * deployment, where the store holds all of them. Returns the top similarity per corpus row (NaN for
 * rows no fold holds out).
 */
export function outOfSourceScores(input: TrainInput, config: TrainConfig, log: (line: string) => void): Float32Array {
  const { corpus } = input;
  const scores = new Float32Array(corpus.length).fill(NaN);
  const all = corpus.map((_, i) => i);
  const attacks = all.filter((r) => corpus[r]!.attack);
  for (let fold = 0; fold < FOLDS; fold++) {
    const started = Date.now();
    const model = trainEncoder({ ...input, rows: input.rows.filter((r) => corpus[r]!.fold !== fold) }, config);
    const D = model.shape.dims;
    const embedded = model.encode(input.scoring, all);
    const otherAttacks = attacks.filter((r) => corpus[r]!.fold !== fold);
    const heldAttacks = attacks.filter((r) => corpus[r]!.fold === fold);
    const heldBenign = all.filter((r) => corpus[r]!.fold === fold && !corpus[r]!.attack);
    const scoreHeld = (held: readonly number[], store: Float32Array) => {
      const read = held.flatMap((r) => [r, ...input.partRows[r]!]);
      const owner = held.flatMap((r) => [r, ...input.partRows[r]!.map(() => r)]);
      const { similarity } = nearest(store, model.encode(input.scoring, read), D);
      owner.forEach((r, i) => {
        scores[r] = Number.isNaN(scores[r]!) ? similarity[i]! : Math.max(scores[r]!, similarity[i]!);
      });
    };
    scoreHeld(heldAttacks, pickRows(embedded, otherAttacks, D));
    scoreHeld(heldBenign, pickRows(embedded, attacks, D));
    log(`fold ${fold}: ${heldAttacks.length} attacks, ${heldBenign.length} benign held out (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return scores;
}
