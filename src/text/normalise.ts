import { foldConfusables } from './confusables.ts';
import { foldForMatching } from './fold.ts';
import { foldLeetspeak } from './leetspeak.ts';

/**
 * The text every detector model reads: NFKC, invisible characters removed, lower case, whitespace
 * collapsed (see fold.ts), then look-alike letters and leetspeak folded back to plain letters.
 * `folded` may be passed when the caller already has the folded text.
 */
export function normaliseForDetection(original: string, folded?: string): string {
  return foldLeetspeak(foldConfusables(folded ?? foldForMatching(original).text));
}
