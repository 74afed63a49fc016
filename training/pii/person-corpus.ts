import { faker, type Faker } from '@faker-js/faker';
import { compose, type LabelledText } from './compose.ts';
import type { NamePools } from './names.ts';

/** Generates `count` texts from the given template families, seeded, with a share of name-free texts. */
export function generateCorpus(
  count: number,
  seed: number,
  names: NamePools,
  withNames: readonly string[],
  withoutNames: readonly string[],
  negativeShare: number,
): LabelledText[] {
  const f: Faker = faker;
  f.seed(seed);
  const out: LabelledText[] = [];
  for (let i = 0; i < count; i++) {
    const pool = f.number.float() < negativeShare ? withoutNames : withNames;
    out.push(compose(f.helpers.arrayElement(pool), f, names, { lowerCase: 0.15, upperCase: 0.03 }));
  }
  return out;
}
