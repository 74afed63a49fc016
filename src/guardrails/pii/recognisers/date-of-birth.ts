import { isCalendarDate } from '../checksums.ts';
import { defineRecogniser, NUMBER_END, NUMBER_START, re, WORD_END, WORD_START } from '../recogniser.ts';

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|' +
  'janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|' +
  'januar|februar|märz|maerz|juni|juli|oktober|dezember|' +
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';
const MONTH_NUMBERS: readonly [RegExp, number][] = [
  [/^(?:jan|ene)/, 1],
  [/^f[eé]v|^feb/, 2],
  [/^mar[sz]?$|^march|^märz|^maerz|^marzo/, 3],
  [/^a[pv]r|^abr/, 4],
  [/^ma[iy]/, 5],
  [/^jun|^juin/, 6],
  [/^jul|^juil/, 7],
  [/^aug|^ao[uû]|^ago/, 8],
  [/^sep/, 9],
  [/^o[ck]t/, 10],
  [/^nov/, 11],
  [/^d[eéi][cz]/, 12],
];

function monthNumber(name: string): number {
  return MONTH_NUMBERS.find(([pattern]) => pattern.test(name))?.[1] ?? 0;
}

function plausibleBirth(year: number, month: number, day: number): boolean {
  return year >= 1900 && year <= new Date().getUTCFullYear() && isCalendarDate(year, month, day);
}

function fullYear(year: string): number {
  return year.length === 4 ? Number(year) : Number(year) + (Number(year) > 30 ? 1900 : 2000);
}

/**
 * A date is personal data only when it is someone's birth date, so a context word is required.
 * Day-first and month-first orders are both accepted when they make a real date.
 */
export const dateOfBirth = defineRecogniser({
  name: 'date-of-birth',
  entity: 'DATE_OF_BIRTH',
  nearDigits: true,
  patterns: [
    { name: 'numeric', regex: re(String.raw`${NUMBER_START}\d{1,2}[.\/\-]\d{1,2}[.\/\-](?:\d{4}|\d{2})${NUMBER_END}`), score: 0.3, validScore: 0.6 },
    { name: 'iso', regex: re(String.raw`${NUMBER_START}\d{4}-\d{2}-\d{2}${NUMBER_END}`), score: 0.3, validScore: 0.6 },
    {
      name: 'day-month-name',
      regex: re(String.raw`${WORD_START}\d{1,2}(?:st|nd|rd|th|er|\.)?(?: de)? (?:${MONTHS})\.?,?(?: de)? \d{4}${WORD_END}`, 'i'),
      score: 0.3,
      validScore: 0.6,
    },
    {
      name: 'month-name-day',
      regex: re(String.raw`${WORD_START}(?:${MONTHS})\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}${WORD_END}`, 'i'),
      score: 0.3,
      validScore: 0.6,
    },
  ],
  context: [
    'born',
    'birth',
    'dob',
    'd.o.b',
    'b-day',
    'birthday',
    'bday',
    'date de naissance',
    'né le',
    'née le',
    'geburtsdatum',
    'geboren',
    'fecha de nacimiento',
    'nacido',
    'nacida',
    'nato il',
    'nata il',
    'data di nascita',
    'data de nascimento',
    'age',
  ],
  requiresContext: true,
  normalise: (raw) => raw.toLowerCase(),
  validate: (value) => {
    const named = /(\d{1,2})\D+?([a-zéèûäç]{3,})\D+(\d{4})|([a-zéèûäç]{3,})\.? (\d{1,2})\D+(\d{4})/.exec(value);
    if (named) {
      const [day, month, year] = named[1] ? [named[1], named[2]!, named[3]!] : [named[5]!, named[4]!, named[6]!];
      return plausibleBirth(Number(year), monthNumber(month), Number(day));
    }
    const parts = value.split(/[./-]/).map((p) => p);
    if (parts[0]!.length === 4) return plausibleBirth(Number(parts[0]), Number(parts[1]), Number(parts[2]));
    const year = fullYear(parts[2]!);
    const [a, b] = [Number(parts[0]), Number(parts[1])];
    return plausibleBirth(year, b, a) || plausibleBirth(year, a, b);
  },
});
