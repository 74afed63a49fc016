import { getCountries, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { defineRecogniser, NUMBER_END, NUMBER_START, re, wholeDigitRun } from '../recogniser.ts';

/**
 * Regions tried for numbers written without a country code, most common first. libphonenumber's
 * full metadata decides validity; the regex only proposes candidates.
 */
// Each region with the digit shape of its national numbers, checked before the (costlier) parse.
// Regions whose national format starts with the trunk prefix 0 require it: "2019-2023" is a valid
// Essen number on paper, but nobody writes a German number without its 0.
const NATIONAL_REGIONS: readonly [CountryCode, RegExp][] = [
  ['US', /^1?[2-9]\d{9}$/],
  ['GB', /^0\d{9,10}$/],
  ['IN', /^0?[6-9]\d{9}$/],
  ['DE', /^0\d{5,12}$/],
  ['FR', /^0\d{9}$/],
  ['ES', /^[6-9]\d{8}$/],
  ['IT', /^(?:0\d{5,10}|3\d{8,9})$/],
  ['NL', /^0\d{9}$/],
  ['BR', /^[1-9]\d{9,10}$/],
  ['AU', /^0\d{9}$/],
  ['JP', /^0\d{9,10}$/],
  ['CN', /^(?:1[3-9]\d{9}|0\d{9,11})$/],
  ['MX', /^[1-9]\d{9}$/],
];
const ALL_REGIONS = getCountries();

const DATE_SHAPE = /^(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})|\d{4}[./-]\d{1,2}[./-]\d{1,2})$/;
const YEAR_RANGE = /^(?:1[89]|20)\d\d ?[-–] ?(?:1[89]|20)\d\d$/;
const DOTTED_SHORT_GROUPS = /^\d{1,3}(?:\.\d{1,3}){2,}$/; // versions and IPv4-like runs
/** An extension after the number: "x219", "ext. 12", "ext 4410". */
const EXTENSION = String.raw`(?: ?(?:x|ext\.?|extn\.?|extension) ?\d{1,6})`;
const TRAILING_EXTENSION = /\s?(?:x|ext\.?|extn\.?|extension)\s?\d{1,6}$/i;

type Verdict = boolean | undefined;
const MAX_VERDICTS = 2048;

/**
 * A bounded memo of validator verdicts: the same numbers recur (signatures, threads) and parsing is
 * the costly part. One per recogniser, since a cue changes the verdict.
 */
function memoised(validate: (raw: string) => Verdict): (raw: string) => Verdict {
  const verdicts = new Map<string, Verdict>();
  return (raw) => {
    if (verdicts.has(raw)) return verdicts.get(raw);
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    const verdict = validate(raw);
    verdicts.set(raw, verdict);
    return verdict;
  };
}

/** The number without its extension, and its digits (a leading "00" read as "+"). */
function dialled(raw: string): { number: string; compact: string; digits: number } {
  const number = raw.replace(TRAILING_EXTENSION, '');
  let compact = number.replace(/[\s().\-/]/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  // "+44 (0)20 …": the bracketed trunk prefix is not dialled from abroad.
  if (compact.startsWith('+') && number.includes('(0)')) compact = compact.replace(/^(\+\d{1,3})0/, '$1');
  return { number, compact, digits: compact.replace('+', '').length };
}

/** Dates, year ranges and version-like dotted runs are never phone numbers, whatever their digits. */
function looksLikeSomethingElse(number: string): boolean {
  return DATE_SHAPE.test(number) || YEAR_RANGE.test(number);
}

/** International numbers: valid → confirmed; possible (right length for the country) → format only. */
function validateInternational(compact: string): Verdict {
  const parsed = parsePhoneNumberFromString(compact);
  if (!parsed) return false;
  if (parsed.isValid()) return true;
  return parsed.isPossible() ? undefined : false;
}

function validatePhoneNumber(raw: string): Verdict {
  const { number, compact, digits } = dialled(raw);
  if (digits < 7 || digits > 15) return false;
  if (looksLikeSomethingElse(number) || DOTTED_SHORT_GROUPS.test(number)) return false;
  // Dotted runs are versions unless written like a phone: "01.23.45.67.89" or "415.555.2671".
  if (/^\d+(?:\.\d+){2,}$/.test(number) && !number.startsWith('0') && !/^\d{3}\.\d{3}\.\d{4}$/.test(number)) return false;
  if (compact.startsWith('+')) return validateInternational(compact);
  for (const [region, shape] of NATIONAL_REGIONS) {
    if (shape.test(compact) && parsePhoneNumberFromString(number, region)?.isValid()) return true;
  }
  return false;
}

/**
 * After a phone cue ("Phone:", "call me on") the shape is evidence enough: a number valid in any
 * region is confirmed, any other run of 6 to 15 digits in phone groups is reported on the cue.
 */
function validateCuedNumber(raw: string): Verdict {
  const { number, compact, digits } = dialled(raw);
  if (digits < 6 || digits > 15 || looksLikeSomethingElse(number)) return false;
  if (compact.startsWith('+')) return validateInternational(compact) !== false ? true : undefined;
  return ALL_REGIONS.some((region) => parsePhoneNumberFromString(number, region)?.isValid()) ? true : undefined;
}

/** Words that name the number right after them as something else than a phone. */
const NOT_PHONE: readonly string[] = [
  'order',
  'invoice',
  'ticket',
  'tracking',
  'isbn',
  'version',
  'serial',
  'ref',
  'reference',
  'sku',
  'part no',
  'po ',
  'case',
  'id ',
  'id:',
  'id#',
  'transaction',
  'batch',
  'lot',
  'build',
  'account',
  'release',
  'firmware',
  'model',
  'ssn',
  'social security',
  'nhs',
  'tfn',
  'aadhaar',
  'nir',
  'cpf',
];

const phoneVerdict = memoised(validatePhoneNumber);
const cuedVerdict = memoised(validateCuedNumber);

export const phone = defineRecogniser({
  name: 'phone',
  entity: 'PHONE_NUMBER',
  numeric: true,
  patterns: [
    {
      name: 'international',
      regex: re(String.raw`(?<![\p{L}\p{N}_+\/#@.\-])(?:\+|00)[1-9][\d \-.()\/]{5,22}\d${EXTENSION}?${NUMBER_END}`),
      score: 0.5,
      validScore: 0.95,
      shrink: true,
    },
    {
      name: 'national',
      regex: re(String.raw`${NUMBER_START}(?:\(\d{2,5}\) ?\d{2,8}|\d{2,6}[ .\-\/]\d{2,8})(?:[ .\-\/]\d{2,8}){0,3}${EXTENSION}?${NUMBER_END}`),
      score: 0.2,
      validScore: 0.7,
      shrink: true,
    },
    { name: 'digits', find: wholeDigitRun(10, 12), score: 0.1, validScore: 0.4 },
  ],
  context: [
    'phone',
    'call',
    'tel',
    'mobile',
    'cell',
    'whatsapp',
    'fax',
    'text me',
    'sms',
    'reach me',
    'contact',
    'dial',
    'telefon',
    'téléphone',
    'teléfono',
    'telefono',
    'handy',
    'portable',
    'móvil',
    'cellulare',
  ],
  negativeContext: NOT_PHONE,
  normalise: (raw) => raw,
  validate: (_value, raw) => phoneVerdict(raw),
});

/** Words that introduce a phone number, in the languages of the address grammars. */
const PHONE_CUE_WORDS: readonly string[] = [
  'phone',
  'telephone',
  'tel',
  'tél',
  'mobile',
  'mob',
  'cell',
  'cellphone',
  'fax',
  'desk',
  'direct line',
  'direct',
  'landline',
  'hotline',
  'whatsapp',
  'call',
  'contact number',
  'phone number',
  'telefon',
  'telefone',
  'téléphone',
  'teléfono',
  'telefono',
  'telefonnummer',
  'handy',
  'portable',
  'móvil',
  'movil',
  'celular',
  'cellulare',
  'puhelin',
  'gsm',
  'numer',
  'tlf',
  'telf',
  'phone no',
  'tel no',
  'mobil',
  'telemóvel',
  'τηλ',
  'тел',
];
const PHONE_CUES = PHONE_CUE_WORDS.toSorted((a, b) => b.length - a.length)
  .map((cue) => cue.replace(/[.]/g, '\\.'))
  .join('|');
/** Verbs that cue a phone number only with a person after them ("ring me on", "text her at"; "ring" and "text" alone are not). */
const PHONE_VERBS: readonly string[] = ['ring', 'text', 'reach'];

/** The person after a cue or verb: "call her on", "text me at". */
const PRONOUN = '(?:me|us|her|him|them)';

export const cuedPhone = defineRecogniser({
  name: 'phone-cued',
  entity: 'PHONE_NUMBER',
  nearDigits: true,
  patterns: [
    {
      name: 'after-cue',
      words: [...PHONE_CUE_WORDS, ...PHONE_VERBS],
      regex: re(
        String.raw`(?<![\p{L}\p{N}])(?i:(?:${PHONE_CUES})(?!\p{L})(?: ${PRONOUN})?|(?:${PHONE_VERBS.join('|')}) ${PRONOUN})(?: (?:on|at))?\.?(?: (?:no\.?|nr\.?|number|#))?(?: ?\((?:mobile|work|home|cell|office)\))? ?[:=\-–]? ?(?<value>(?:\+|00)?(?:\(\d{1,5}\) ?)?\d[\d \-.\/]{3,18}\d${EXTENSION}?)${NUMBER_END}`,
        'd',
      ),
      score: 0.7,
      validScore: 0.95,
      requires: (gate) => gate.digitRun >= 2,
    },
  ],
  negativeContext: NOT_PHONE,
  normalise: (raw) => raw,
  validate: (_value, raw) => cuedVerdict(raw),
});
