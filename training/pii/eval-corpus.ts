import type { LabelledText } from './compose.ts';
import { CALIBRATION_NAMES, HELD_OUT_NAMES, TRAIN_NAMES, type NamePools } from './names.ts';
import { generateCorpus, TRAINING_TEMPLATES } from './person-corpus.ts';
import { EVAL_WITH_ENTITIES, EVAL_WITHOUT_ENTITIES } from './templates-eval.ts';

export const EVAL_SEED = 7;
export const DEV_SEED = 17;

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
  return parts.flatMap(([names, n, s]) =>
    generateCorpus({ count: n, seed: s, names, withNames: EVAL_WITH_ENTITIES, withoutNames: EVAL_WITHOUT_ENTITIES, negativeShare: 0.25, split: 'eval' }),
  );
}

/**
 * The development corpus, for choosing cues and decoding rules without looking at the evaluation
 * templates: the training-side templates held out from training (also used for calibration),
 * filled with calibration names.
 */
export function generateDevCorpus(count = 4000, seed = DEV_SEED): LabelledText[] {
  const { withNames, withoutNames } = TRAINING_TEMPLATES;
  return generateCorpus({
    count,
    seed,
    names: CALIBRATION_NAMES,
    withNames: withNames.calibration,
    withoutNames: withoutNames.calibration,
    negativeShare: 0.25,
    split: 'train',
  });
}
