import { faker, type Faker } from '@faker-js/faker';
import { compose, type LabelledText, type Split } from './compose.ts';
import type { NamePools } from './names.ts';

const JOINERS = [' ', ' ', ' ', '\n', '\n\n'];

/**
 * Generates `count` texts from the given template families, seeded. A text joins one to
 * `maxTemplates` templates (so each sentence is also seen next to others); its first template is
 * name-free with probability `negativeShare`, later ones with probability 0.7.
 */
export function generateCorpus(
  count: number,
  seed: number,
  names: NamePools,
  withNames: readonly string[],
  withoutNames: readonly string[],
  negativeShare: number,
  split: Split,
  maxTemplates = 3,
): LabelledText[] {
  const f: Faker = faker;
  f.seed(seed);
  const out: LabelledText[] = [];
  for (let i = 0; i < count; i++) {
    let template = f.helpers.arrayElement(f.number.float() < negativeShare ? withoutNames : withNames);
    const extra = Math.min(maxTemplates - 1, f.number.float() < 0.6 ? 0 : f.number.float() < 0.7 ? 1 : 2);
    for (let k = 0; k < extra; k++) {
      const next = f.helpers.arrayElement(f.number.float() < 0.7 ? withoutNames : withNames);
      template = f.datatype.boolean() ? template + f.helpers.arrayElement(JOINERS) + next : next + f.helpers.arrayElement(JOINERS) + template;
    }
    out.push(compose(template, f, names, { lowerCase: 0.12, upperCase: 0.03, split }));
  }
  return out;
}
