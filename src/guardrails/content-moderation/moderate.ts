import type { HeadScores } from '../../detector/detector-model.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../domain/moderation.ts';

/** A category counts as present when its conditional probability (given a hazard) reaches this. */
const CATEGORY_PRESENT = 0.5;

export interface Moderation {
  unsafe: boolean;
  /** Enabled categories that made the message unsafe (empty when safe). */
  fired: ModerationCategory[];
  /** Every category with its score: hazard probability × probability of the category given a hazard. */
  categories: Array<{ name: ModerationCategory; score: number }>;
}

/**
 * Decides the moderation result from the hazard score and the category heads: unsafe when the
 * hazard reaches the threshold and an enabled category is present (or, when none reaches the
 * presence level, the most likely category is enabled). Categories a model backend `named` take
 * the heads' place (each scored as the hazard itself).
 */
export function moderate(
  hazard: number,
  threshold: number,
  scores: HeadScores,
  enabled: ReadonlySet<ModerationCategory>,
  named?: readonly ModerationCategory[],
): Moderation {
  const fromBackend = named !== undefined && named.length > 0;
  const categories = MODERATION_CATEGORIES.map((name) => ({ name, score: fromBackend && named.includes(name) ? hazard : hazard * scores[name] }));
  if (hazard < threshold) return { unsafe: false, fired: [], categories };
  if (fromBackend) {
    const fired = MODERATION_CATEGORIES.filter((c) => named.includes(c) && enabled.has(c));
    return { unsafe: fired.length > 0, fired, categories };
  }
  let fired = MODERATION_CATEGORIES.filter((c) => enabled.has(c) && scores[c] >= CATEGORY_PRESENT);
  if (fired.length === 0) {
    const top = MODERATION_CATEGORIES.reduce((a, b) => (scores[b] > scores[a] ? b : a));
    if (enabled.has(top)) fired = [top];
  }
  return { unsafe: fired.length > 0, fired, categories };
}
