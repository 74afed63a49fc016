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
/** "1629-1631", "(1031-1095)", "10000-20000", "29 000-24 000": years and round numbers joined by a dash. */
const YEAR_RANGE = /^\(?(?:1\d|20)\d\d ?[-–] ?(?:1\d|20)\d\d\)?$|^[\d ]*00 ?[-–] ?[\d ]*00$/;
/** An extension after the number: "x219", "ext. 12", "ext 4410". */
const EXTENSION = String.raw`(?: ?(?:x|ext\.?|extn\.?|extension) ?\d{1,6})`;
const TRAILING_EXTENSION = /\s?(?:x|ext\.?|extn\.?|extension)\s?\d{1,6}$/i;
/** A label glued after a number in signatures and directories: "+1 555 0100-Office", "…-Fax". */
const LABEL_SUFFIX = '[\\-–](?:office|fax|mobile|cell|home|work|direct|main|tel|phone|mob)(?![\\p{L}])';
/** The end of a phone number: the shared number end, or a glued label after it. */
const PHONE_END = `(?:(?=(?i:${LABEL_SUFFIX}))|${NUMBER_END})`;
/**
 * The score of a number valid only in a region outside NATIONAL_REGIONS, without a cue: reported
 * (above the default 0.5) when written the way phones are, below it otherwise (a cue lifts it).
 */
const ELSEWHERE_SHAPED = 0.55;
/** Digits grouped like an amount: "512 345 678", "1,234,567". */
const AMOUNT_SHAPE = /^\d{1,3}(?:[ ,.]\d{3}){2,}$/;
/** A decimal number, with or without thousands: "0.2927246", "9000.00000000", "11 055.00". */
const DECIMAL = /^\d+(?:[ ,]\d{3})*\.\d+$/;
/** Four short dotted groups: an IPv4 address, not a phone. */
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

type Verdict = boolean | number | undefined;
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

/** Whether the number is valid in the numbering plan of any region. */
function validSomewhere(number: string): boolean {
  return ALL_REGIONS.some((region) => parsePhoneNumberFromString(number, region)?.isValid());
}

/**
 * Written the way phone numbers are and other numbers are not: a trunk 0 or a bracketed area
 * code, three groups or more that are not an amount's thousands ("321 23 45", "60-56-85-91"), or
 * two long groups of eight digits or more ("812 34567"; two groups of four need a cue).
 */
function phoneShaped(number: string, digits: number): boolean {
  if (number.startsWith('0') || number.includes('(')) return true;
  const groups = number.split(/[\s.\-/]+/);
  // Amounts, and the first groups of a card number ("4519 4532 4524" before a failing fourth).
  if (groups.length < 2 || (groups.length >= 3 && groups.every((group) => group.length === 4))) return false;
  // A single digit at the end is a table's column, not a subscriber number ("7 50 80 60 3").
  if (groups.at(-1)!.length < 2) return false;
  if (groups.length >= 3) return true;
  // Two groups of four are as often half a card number ("4111 1111 …" whose checksum failed).
  return digits >= 8 && groups.every((group) => group.length >= 3 && group.length <= 5) && !(groups[0]!.length === 4 && groups[1]!.length === 4);
}

/** Dotted runs are versions unless written like a phone: "01.23.45.67.89", "415.555.2671", "60.12.34.56.78". */
function dottedLikeVersion(number: string, digits: number): boolean {
  if (!/^\d+(?:\.\d+){2,}$/.test(number) || number.startsWith('0') || /^\d{3}\.\d{3}\.\d{4}$/.test(number)) return false;
  return DOTTED_QUAD.test(number) || digits < 8 || number.split('.').some((group) => group.length < 2);
}

function validatePhoneNumber(raw: string): Verdict {
  const { number, compact, digits } = dialled(raw);
  if (digits < 7 || digits > 15) return false;
  if (looksLikeSomethingElse(number) || dottedLikeVersion(number, digits) || DECIMAL.test(number)) return false;
  if (compact.startsWith('+')) return validateInternational(compact);
  if (AMOUNT_SHAPE.test(number)) return undefined;
  for (const [region, shape] of NATIONAL_REGIONS) {
    if (shape.test(compact) && parsePhoneNumberFromString(number, region)?.isValid()) return true;
  }
  if (!validSomewhere(number)) return false;
  return phoneShaped(number, digits) ? ELSEWHERE_SHAPED : undefined;
}

/**
 * After a phone cue ("Phone:", "call me on") the shape is evidence enough: a number valid in any
 * region is confirmed, any other run of 6 to 15 digits in phone groups is reported on the cue.
 */
function validateCuedNumber(raw: string): Verdict {
  const { number, compact, digits } = dialled(raw);
  if (digits < 6 || digits > 15 || looksLikeSomethingElse(number)) return false;
  if (compact.startsWith('+')) return validateInternational(compact) !== false ? true : undefined;
  return validSomewhere(number) ? true : undefined;
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
  '_id',
  'id"',
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
      regex: re(String.raw`(?<![\p{L}\p{N}_+\/#@.\-])(?:\+|00)[1-9][\d \-.()\/]{5,22}\d${EXTENSION}?${PHONE_END}`),
      score: 0.5,
      validScore: 0.95,
      shrink: true,
    },
    {
      name: 'national',
      // "(089) 1234567", "8 (771) 000 9998", "60-56-85-91", "0807 1 123 456".
      regex: re(String.raw`${NUMBER_START}(?:(?:\d{1,2} ?)?\(\d{2,5}\)[ .\-]?\d{2,8}|\d{1,6}[ .\-\/]\d{2,8})(?:[ .\-\/]\d{1,8}){0,4}${EXTENSION}?${PHONE_END}`),
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
  'called',
  'reached',
  'dial',
  'dialled',
  'dialed',
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
        String.raw`(?<![\p{L}\p{N}])(?i:(?:${PHONE_CUES})(?!\p{L})(?: ${PRONOUN})?|(?:${PHONE_VERBS.join('|')}) ${PRONOUN})(?: (?:on|at))?\.?(?: (?:no\.?|nr\.?|number|#))?(?: ?\((?:mobile|work|home|cell|office)\))? ?[:=\-–]? ?(?<value>(?:\+|00)?(?:\(\d{1,5}\) ?)?\d[\d \-.\/()]{3,20}\d${EXTENSION}?)${PHONE_END}`,
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
