
import type { LabelledText } from './compose.ts';
import { HELD_OUT_NAMES, TRAIN_NAMES, type NamePools } from './names.ts';
import { generateCorpus } from './person-corpus.ts';
import { EVAL_WITH_ENTITIES, EVAL_WITHOUT_ENTITIES } from './templates-eval.ts';

export const EVAL_SEED = 7;

/**
 * The PII evaluation corpus: evaluation templates only; half of it uses held-out names the model
 * and its lexicon never saw, half uses training names in unseen sentences.
 */
export function generateEvalCorpus(count = 4000, seed = EVAL_SEED): LabelledText[] {
  const half = Math.floor(count / 2);
  const parts: [NamePools, number, number][] = [
    [HELD_OUT_NAMES, half, seed],
    [TRAIN_NAMES, count - half, seed + 1],
  ];
  return parts.flatMap(([names, n, s]) => generateCorpus(n, s, names, EVAL_WITH_ENTITIES, EVAL_WITHOUT_ENTITIES, 0.25, 'eval'));
}

