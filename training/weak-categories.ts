import type { ModerationCategory } from '../src/domain/moderation.ts';
import { CATEGORY_CUES } from '../src/detector/hazard-markers.ts';

/**
 * Weak category labels for hazardous rows whose source gives no usable category (AdvBench,
 * MaliciousInstruct, red-team first turns, ...): the category cue families of the hazard markers.
 * The model learns the categories from these noisy labels through word vectors too, so it
 * generalises past the cue words. A hazardous text with no cue is UNETHICAL (crime, fraud, and other
 * illegal or unethical instructions).
 */
export function weakCategories(text: string): ModerationCategory[] {
  const lower = text.toLowerCase();
  const found: ModerationCategory[] = [];
  for (const [category, cue] of CATEGORY_CUES) if (cue.test(lower)) found.push(category);
  return found.length > 0 ? found : ['UNETHICAL'];
}
