import { FOLDS } from '../folds.ts';
import { trainEncoder, type TrainConfig, type TrainInput } from './contrastive.ts';
import { nearest, pickRows } from './nearest.ts';

/**
 * Out-of-source scores: for each fold, a model trained without the fold's sources scores them as
 * the filter would. An attack is compared with the attacks of the other folds (its own source must
 * not vouch for it); a benign text with every attack, as in deployment, where the store holds all
 * of them. Returns the top similarity per corpus row (NaN for rows no fold holds out).
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
    const a = nearest(pickRows(embedded, otherAttacks, D), pickRows(embedded, heldAttacks, D), D);
    heldAttacks.forEach((r, i) => (scores[r] = a.similarity[i]!));
    const b = nearest(pickRows(embedded, attacks, D), pickRows(embedded, heldBenign, D), D);
    heldBenign.forEach((r, i) => (scores[r] = b.similarity[i]!));
    log(`fold ${fold}: ${heldAttacks.length} attacks, ${heldBenign.length} benign held out (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return scores;
}
