import { faker, type Faker } from '@faker-js/faker';
import { compose, type LabelledText, type Split } from './compose.ts';
import { FRAMES_WITH_NAMES, FRAMES_WITHOUT_NAMES } from './frames.ts';
import { isHeldOut, type NamePools } from './names.ts';
import { TRAIN_WITH_NAMES, TRAIN_WITHOUT_NAMES } from './templates-train.ts';

const JOINERS = [' ', ' ', ' ', '\n', '\n\n'];

export interface CorpusOptions {
  count: number;
  seed: number;
  names: NamePools;
  withNames: readonly string[];
  withoutNames: readonly string[];
  /** Probability that a text's first template is name-free (later ones: 0.7). */
  negativeShare: number;
  split: Split;
  /** Shares of texts (with no entity but names) written in lower case and in capitals. */
  lowerCase?: number;
  upperCase?: number;
  maxTemplates?: number;
}

/**
 * Generates `count` texts from the given template families, seeded. A text joins one to
 * `maxTemplates` templates (so each sentence is also seen next to others).
 */
export function generateCorpus(options: CorpusOptions): LabelledText[] {
  const { count, names, withNames, withoutNames, negativeShare, split, lowerCase = 0.12, upperCase = 0.03, maxTemplates = 3 } = options;
  const f: Faker = faker;
  f.seed(options.seed);
  const out: LabelledText[] = [];
  for (let i = 0; i < count; i++) {
    let template = f.helpers.arrayElement(f.number.float() < negativeShare ? withoutNames : withNames);
    const extra = Math.min(maxTemplates - 1, f.number.float() < 0.6 ? 0 : f.number.float() < 0.7 ? 1 : 2);
    for (let k = 0; k < extra; k++) {
      const next = f.helpers.arrayElement(f.number.float() < 0.7 ? withoutNames : withNames);
      template = f.datatype.boolean() ? template + f.helpers.arrayElement(JOINERS) + next : next + f.helpers.arrayElement(JOINERS) + template;
    }
    out.push(compose(template, f, names, { lowerCase, upperCase, split }));
  }
  return out;
}

/**
 * Four fifths of the training templates train the network; the rest (filled with calibration
 * names) calibrate its span confidence. Split by a hash of the template without its markers.
 */
function templateSplit(templates: readonly string[]): { train: string[]; calibration: string[] } {
  const heldOut = (t: string): boolean => isHeldOut(t.replaceAll(':mention', ''));
  return { train: templates.filter((t) => !heldOut(t)), calibration: templates.filter(heldOut) };
}

/** The training-side templates (hand-written and combinatorial frames), split. */
export const TRAINING_TEMPLATES = {
  withNames: templateSplit([...TRAIN_WITH_NAMES, ...FRAMES_WITH_NAMES]),
  withoutNames: templateSplit([...TRAIN_WITHOUT_NAMES, ...FRAMES_WITHOUT_NAMES]),
};
