/**
 * Frequent English words, used to tell whether a decoded or re-read candidate (ROT13, reversed) is
 * readable English. Hand-picked function words plus the verbs and nouns that instructions use most.
 */
const WORDS = `the a an and or but if then of to in on at by for with from as is are was were be been being
have has had do does did not no yes all any some every each this that these those it its i you he she we
they me my your our their him her them what which who whom whose when where why how can could will would
shall should may might must here there now just only also very more most less than so such too about
into over after before under again once out up down off please tell say write give show make let tell
ignore forget previous above below instructions instruction prompt system password secret reveal repeat
print output text words word answer question following rules rule now new mode act like pretend role
everything nothing something anything know want need use used help am is going get got go see look`;

export const ENGLISH_MARKERS: ReadonlySet<string> = new Set(WORDS.split(/\s+/));

const LATIN_WORD = /[a-z]+/g;

/** Share of the Latin words of `lower` that are frequent English words (0 when there are fewer than 3 words). */
export function englishShare(lower: string): number {
  const words = lower.match(LATIN_WORD);
  if (words === null || words.length < 3) return 0;
  let hits = 0;
  for (const w of words) if (ENGLISH_MARKERS.has(w)) hits++;
  return hits / words.length;
}
