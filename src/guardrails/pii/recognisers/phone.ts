import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { defineRecogniser, NUMBER_END, NUMBER_START, re } from '../recogniser.ts';

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

const DATE_SHAPE = /^(?:\d{1,2}[.\/-]\d{1,2}[.\/-](?:\d{2}|\d{4})|\d{4}[.\/-]\d{1,2}[.\/-]\d{1,2})$/;
const YEAR_RANGE = /^(?:1[89]|20)\d\d ?[-–] ?(?:1[89]|20)\d\d$/;
const DOTTED_SHORT_GROUPS = /^\d{1,3}(?:\.\d{1,3}){2,}$/; // versions and IPv4-like runs

/** Verdicts of recent candidates: the same numbers recur (signatures, threads) and parsing is the costly part. */
const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 2048;

function isPhoneNumber(raw: string): boolean {
  let verdict = verdicts.get(raw);
  if (verdict === undefined) {
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
    verdict = validatePhoneNumber(raw);
    verdicts.set(raw, verdict);
  }
  return verdict;
}

function validatePhoneNumber(raw: string): boolean {
  const compact = raw.replace(/[\s().\-\/]/g, '');
  const digits = compact.replace('+', '').length;
  if (digits < 7 || digits > 15) return false;
  if (DATE_SHAPE.test(raw) || YEAR_RANGE.test(raw) || DOTTED_SHORT_GROUPS.test(raw)) return false;
  // Dotted runs are versions unless written like a phone: "01.23.45.67.89" or "415.555.2671".
  if (/^\d+(?:\.\d+){2,}$/.test(raw) && !raw.startsWith('0') && !/^\d{3}\.\d{3}\.\d{4}$/.test(raw)) return false;
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
    // "+44 (0)20 …": the bracketed trunk prefix is not dialled from abroad.
    const dialled = raw.includes('(0)') ? international.replace(/^(\+\d{1,3})0/, '$1') : international;
    return parsePhoneNumberFromString(dialled)?.isValid() ?? false;
  }
  for (const [region, shape] of NATIONAL_REGIONS) {
    if (shape.test(compact) && parsePhoneNumberFromString(raw, region)?.isValid()) return true;
  }
  return false;
}

export const phone = defineRecogniser({
  name: 'phone',
  entity: 'PHONE_NUMBER',
  patterns: [
    {
      name: 'international',
      regex: re(String.raw`(?<![\p{L}\p{N}_+\/#@.\-])(?:\+|00)[1-9][\d \-.()\/]{5,22}\d${NUMBER_END}`),
      score: 0.3,
      validScore: 0.95,
      shrink: true,
    },
    {
      name: 'national',
      regex: re(String.raw`${NUMBER_START}(?:\(\d{2,5}\) ?\d{2,8}|\d{2,6}[ .\-\/]\d{2,8})(?:[ .\-\/]\d{2,8}){0,3}${NUMBER_END}`),
      score: 0.2,
      validScore: 0.7,
      shrink: true,
    },
    { name: 'digits', regex: re(String.raw`${NUMBER_START}\d{10,12}${NUMBER_END}`), score: 0.1, validScore: 0.4 },
  ],
  context: ['phone', 'call', 'tel', 'mobile', 'cell', 'whatsapp', 'fax', 'text me', 'sms', 'reach me', 'contact', 'dial', 'telefon', 'téléphone', 'teléfono', 'telefono', 'handy', 'portable', 'móvil', 'cellulare'],
  negativeContext: ['order', 'invoice', 'ticket', 'tracking', 'isbn', 'version', 'serial', 'ref', 'reference', 'sku', 'part no', 'po ', 'case', 'id ', 'id:', 'id#', 'transaction', 'batch', 'lot', 'build', 'account', 'release', 'firmware', 'model', 'ssn', 'social security', 'nhs', 'tfn', 'aadhaar', 'nir', 'cpf'],
  normalise: (raw) => raw,
  validate: (_value, raw) => isPhoneNumber(raw),
});
