import { CASE_LOWER, CASE_MIXED, type TokenView } from './features.ts';
import { WORD } from './tokenise.ts';

/**
 * Traits of a name span that the PERSON calibration weighs besides its token probability and
 * evidence (see PersonCalibration): what real text shows about spans of each kind, fitted on
 * held-out sources. In a text that uses capitals a word written in lower case is almost never a
 * name; a text in lower case or in another language than English gives the model (which knows
 * English everyday words) less to go on; a lone word that names a country, region or town is
 * more often the place.
 */
export const SPAN_TRAITS = [
  /** No capital letter, in a text that uses capitals ("uri", "tường" in a capitalised sentence). */
  'lowerInMixedText',
  /** The whole text is in lower case. */
  'lowerCaseText',
  /** Written in capitals, in a text that also uses lower case ("EIFFEL TOWER", "README"). */
  'capitalsInMixedText',
  /** Few of the text's words are frequent English words: another language. */
  'foreignText',
  /** A lone word in such a text. */
  'foreignSingleWord',
  /** A text in lower case and in another language (tweets): neither capitals nor everyday English words to go on. */
  'lowerCaseForeignText',
  /** A lone word that names a place and no person in the lexicon ("France", "Jerman"). */
  'placeName',
  /** A lone word that names a place and also a person in the lexicon ("Paris", "Florence"). */
  'placeAlsoName',
] as const;
export type SpanTrait = (typeof SPAN_TRAITS)[number];

const bit = (trait: SpanTrait): number => 1 << SPAN_TRAITS.indexOf(trait);

/** Words at least this frequent count as English everyday words ("the", "was", "about"). */
const ENGLISH_RANK = 1000;
/** A text of at least this many words with fewer English everyday words than FOREIGN_SHARE of them is in another language. */
const MIN_WORDS = 4;
const FOREIGN_SHARE = 0.15;

/** Whether the text is in another language than English (judged by its share of frequent English words). */
export function isForeignText(view: TokenView): boolean {
  const { tokens } = view;
  let words = 0;
  let english = 0;
  for (let i = 0; i < tokens.count; i++) {
    if (tokens.kind[i] !== WORD) continue;
    words++;
    if (view.rank(i) < ENGLISH_RANK) english++;
  }
  return words >= MIN_WORDS && english < FOREIGN_SHARE * words;
}

/** The traits of the span of tokens first…last (bits in SPAN_TRAITS order); `foreign`: isForeignText of the view. */
export function spanTraits(view: TokenView, first: number, last: number, words: number, foreign: boolean): number {
  const { text, tokens } = view;
  let upper = 0;
  let lower = 0;
  for (let k = tokens.start[first]!; k < tokens.end[last]!; k++) {
    const ch = text[k]!;
    if (ch !== ch.toLowerCase()) upper++;
    else if (ch !== ch.toUpperCase()) lower++;
  }
  let traits = 0;
  if (view.caseMode === CASE_MIXED && upper === 0) traits |= bit('lowerInMixedText');
  if (view.caseMode === CASE_LOWER) traits |= bit('lowerCaseText');
  if (view.caseMode === CASE_MIXED && lower === 0 && upper > 1) traits |= bit('capitalsInMixedText');
  if (foreign) traits |= bit(words === 1 ? 'foreignSingleWord' : 'foreignText');
  if (foreign && view.caseMode === CASE_LOWER) traits |= bit('lowerCaseForeignText');
  if (words === 1 && first === last && view.isPlace(first)) traits |= bit(view.lex(first) !== 0 ? 'placeAlsoName' : 'placeName');
  return traits;
}

/** The calibration's logit offset for a span's traits: the sum of the weights of its traits. */
export function traitOffset(traits: number, weights: Readonly<Partial<Record<SpanTrait, number>>> | undefined): number {
  if (traits === 0 || weights === undefined) return 0;
  let offset = 0;
  for (let k = 0; k < SPAN_TRAITS.length; k++) if (traits & (1 << k)) offset += weights[SPAN_TRAITS[k]!] ?? 0;
  return offset;
}
