import { readTable } from './data-files.ts';

/**
 * A multilingual check set that training never sees: hand-written attacks and everyday questions,
 * new sentences in trained languages and sentences in five languages absent from training
 * (Finnish, Hungarian, Urdu, Tamil, Lithuanian). A table of language, `attack` or `benign`, and
 * sentence in training/data/multilingual-holdout.tsv.
 * Used only to report multilingual robustness in the validation report and model card.
 */
export interface HoldoutSentence {
  lang: string;
  attack: boolean;
  text: string;
}

function holdoutSentence([lang, kind, text]: string[], index: number): HoldoutSentence {
  if (kind !== 'attack' && kind !== 'benign') throw new Error(`training/data/multilingual-holdout.tsv:${index + 1}: expected attack or benign, not ${kind}`);
  return { lang: lang!, attack: kind === 'attack', text: text! };
}

export const MULTILINGUAL_HOLDOUT: readonly HoldoutSentence[] = readTable('multilingual-holdout.tsv', 3).map(holdoutSentence);
