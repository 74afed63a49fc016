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
const MAX_MARKER_LENGTH = Math.max(...[...ENGLISH_MARKERS].map((w) => w.length));

/** Share of the Latin words ([a-z]+ runs) of `lower` that are frequent English words (0 when there are fewer than 3). */
export function englishShare(lower: string): number {
  let words = 0;
  let hits = 0;
  for (let i = 0; i < lower.length; ) {
    const c = lower.charCodeAt(i);
    if (c < 97 || c > 122) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < lower.length && lower.charCodeAt(end) >= 97 && lower.charCodeAt(end) <= 122) end++;
    words++;
    // Marker words are short: longer runs cannot be one, and need no string to look up.
    if (end - i <= MAX_MARKER_LENGTH && ENGLISH_MARKERS.has(lower.slice(i, end))) hits++;
    i = end;
  }
  return words < 3 ? 0 : hits / words;
}
