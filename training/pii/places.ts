/**
 * The place gazetteer shipped with the PERSON model (`places.txt`): single lower-case words of
 * country and region names in the Latin-script languages the model reads (from the ICU data of
 * the runtime: "allemagne", "jerman", "đức") and of the towns, regions and countries of
 * OpenCage's real addresses in the datasets' PII folder. The calibration weighs a lone word found
 * here (SpanTrait `placeName` / `placeAlsoName`); it never removes a name by itself.
 */
import { getCountries } from 'libphonenumber-js';
import { openCageRows } from './real-resources.ts';

/** Languages written in Latin letters (and the romanised Cyrillic and Greek the model reads) whose country names are taken. */
const LOCALES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'is',
  'et',
  'lv',
  'lt',
  'pl',
  'cs',
  'sk',
  'sl',
  'hr',
  'bs',
  'sr-Latn',
  'hu',
  'ro',
  'sq',
  'tr',
  'az',
  'uz',
  'id',
  'ms',
  'vi',
  'fil',
  'sw',
  'zu',
  'af',
  'ga',
  'cy',
  'ca',
  'eu',
  'gl',
  'mt',
  'ha',
  'yo',
  'so',
];
/** OpenCage address components that hold a place name. */
const PLACE_COMPONENTS = [
  'country',
  'state',
  'region',
  'county',
  'state_district',
  'city',
  'town',
  'village',
  'municipality',
  'island',
  'archipelago',
  'continent',
];
/** Words of place names too short or too common to say anything ("de", "the", "new", "saint"). */
const MIN_LENGTH = 3;

/** `common`: function words (lower case: "the", "new", "united") that are never taken as place words. */
export function placeWords(common: ReadonlySet<string>): Set<string> {
  const names: string[] = [];
  for (const locale of LOCALES) {
    const display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    for (const region of getCountries()) {
      const name = display.of(region);
      if (name) names.push(name);
    }
  }
  for (const row of openCageRows()) {
    for (const component of PLACE_COMPONENTS) {
      const value = row.components?.[component];
      if (value) names.push(value);
    }
  }
  const words = new Set<string>();
  for (const name of names) {
    for (const word of name.toLowerCase().split(/[\s,()/]+/)) {
      if (word.length >= MIN_LENGTH && /^\p{L}[\p{L}'’-]*$/u.test(word) && !common.has(word)) words.add(word);
    }
  }
  return words;
}
