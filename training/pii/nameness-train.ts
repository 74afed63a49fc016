import * as fakers from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import { grams, MAX_GRAMS, NAMENESS_BITS, namenessLogit, type NamenessModel } from '../../src/guardrails/pii/person/nameness.ts';
import { CALIBRATION_NAMES, HELD_OUT_NAMES, isHeldOut } from './names.ts';
import { Random } from '../random.ts';

/**
 * Training of the spelling model (`nameness.ts`): training names against everyday words — the
 * GloVe vocabulary and faker's word lists of many languages (their held-out fifth excluded, like
 * the other hard negatives). Deterministic.
 */

const WORD_LOCALES = [
  'EN',
  'DE',
  'FR',
  'ES',
  'IT',
  'PT_BR',
  'NL',
  'PL',
  'SV',
  'TR',
  'ID_ID',
  'VI',
  'CS_CZ',
  'HU',
  'RO',
  'FI',
  'DA',
  'NB_NO',
  'HR',
  'SK',
  'LV',
  'AZ',
  'UZ_UZ_latin',
];
const WORD = /^[\p{L}][\p{L}'’-]*$/u;
const EPOCHS = 3;
const LEARNING_RATE = 0.05;
const L2 = 1e-6;

export interface LabelledWord {
  word: string;
  name: boolean;
}

function fakerWords(): string[] {
  const all = fakers as unknown as Record<string, Faker>;
  const words = new Set<string>();
  for (const locale of WORD_LOCALES) {
    const definitions = all[`faker${locale}`]?.rawDefinitions.word;
    if (!definitions) continue;
    for (const list of Object.values(definitions)) {
      for (const phrase of list as string[]) for (const word of phrase.toLowerCase().split(/\s+/)) words.add(word);
    }
  }
  return [...words];
}

/**
 * Names (lower-case parts of the training names) and non-names: vocabulary and faker words that
 * the name lexicon does not know. Calibration and held-out names are neither: the vocabulary has
 * many of them ("ortega"), and teaching them as everyday words would teach that unseen names are not names.
 */
export function namenessWords(vocabulary: readonly string[], lexicon: ReadonlyMap<string, number>): LabelledWord[] {
  const out = new Map<string, boolean>();
  for (const name of lexicon.keys()) if (name.length >= 2 && WORD.test(name)) out.set(name, true);
  const unseenNames = new Set(
    [...CALIBRATION_NAMES.first, ...CALIBRATION_NAMES.last, ...HELD_OUT_NAMES.first, ...HELD_OUT_NAMES.last].flatMap((n) => n.toLowerCase().split(/\s+/)),
  );
  for (const word of [...vocabulary, ...fakerWords().filter((w) => !isHeldOut(w))]) {
    if (word.length >= 2 && WORD.test(word) && !out.has(word) && !unseenNames.has(word)) out.set(word, false);
  }
  return [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([word, name]) => ({ word, name }));
}

/** Logistic regression with Adagrad steps; the classes are weighted to count equally. */
export function trainNameness(words: readonly LabelledWord[], seed: number): NamenessModel {
  const rng = new Random(seed);
  const weights = new Float32Array(1 << NAMENESS_BITS);
  const squares = new Float32Array(1 << NAMENESS_BITS).fill(1e-6);
  let bias = 0;
  let biasSquares = 1e-6;
  const names = words.filter((w) => w.name).length;
  const weightOf = (name: boolean): number => (name ? words.length / (2 * names) : words.length / (2 * (words.length - names)));
  const buffer = new Int32Array(MAX_GRAMS);
  const order = Int32Array.from({ length: words.length }, (_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    rng.shuffle(order);
    for (const index of order) {
      const { word, name } = words[index]!;
      const n = grams(word, buffer);
      let z = bias;
      for (let k = 0; k < n; k++) z += weights[buffer[k]!]!;
      const g = (1 / (1 + Math.exp(-z)) - (name ? 1 : 0)) * weightOf(name);
      biasSquares += g * g;
      bias -= (LEARNING_RATE * g) / Math.sqrt(biasSquares);
      for (let k = 0; k < n; k++) {
        const b = buffer[k]!;
        const gw = g + L2 * weights[b]!;
        squares[b]! += gw * gw;
        weights[b]! -= (LEARNING_RATE * gw) / Math.sqrt(squares[b]!);
      }
    }
  }
  return { weights, scale: 1, bias };
}

/** Share of words on the right side of 0, per class (a training-set sanity check). */
export function namenessAccuracy(model: NamenessModel, words: readonly LabelledWord[]): { names: number; others: number } {
  let names = 0;
  let namesRight = 0;
  let othersRight = 0;
  for (const { word, name } of words) {
    const z = namenessLogit(model, word);
    if (name) {
      names++;
      if (z > 0) namesRight++;
    } else if (z <= 0) othersRight++;
  }
  return { names: namesRight / names, others: othersRight / (words.length - names) };
}
