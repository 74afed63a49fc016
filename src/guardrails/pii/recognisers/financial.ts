import { ibanMod97, isRepeated, luhn } from '../checksums.ts';
import { defineRecogniser, digitRuns, NUMBER_END, NUMBER_START, re, stripSeparators, wholeDigitRun } from '../recogniser.ts';

/** Issuer identification number ranges and the lengths each issuer uses. */
const ISSUERS: readonly { prefix: RegExp; lengths: readonly number[] }[] = [
  { prefix: /^4/, lengths: [13, 16, 19] }, // Visa
  { prefix: /^(?:5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, lengths: [16] }, // Mastercard
  { prefix: /^3[47]/, lengths: [15] }, // American Express
  { prefix: /^(?:6011|65|64[4-9]|622(?:12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/, lengths: [16, 19] }, // Discover
  { prefix: /^35(?:2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] }, // JCB
  { prefix: /^3(?:0[0-5]|[689])/, lengths: [14, 16, 19] }, // Diners Club
  { prefix: /^62/, lengths: [16, 17, 18, 19] }, // UnionPay
  { prefix: /^(?:5018|5020|5038|5893|6304|6759|676[1-3])/, lengths: [12, 13, 14, 15, 16, 17, 18, 19] }, // Maestro
  { prefix: /^220[0-4]/, lengths: [16] }, // Mir
  { prefix: /^(?:2131|1800)/, lengths: [15] }, // JCB's older 15-digit range
];

/**
 * A Luhn-valid number of a known issuer range is a card (true); any other Luhn-valid number of 12
 * to 19 digits is only the shape of one (undefined: reported when a card word is near).
 */
function isCardNumber(digits: string): boolean | undefined {
  if (digits.length < 12 || digits.length > 19 || isRepeated(digits) || !luhn(digits)) return false;
  return ISSUERS.some((issuer) => issuer.prefix.test(digits) && issuer.lengths.includes(digits.length)) ? true : undefined;
}

export const creditCard = defineRecogniser({
  name: 'credit-card',
  entity: 'CREDIT_CARD',
  numeric: true,
  patterns: [
    {
      // 4-4-4(-4)(-3), 4-4-4-3, Amex 4-6-5, Diners 4-6-4, with one kind of separator throughout.
      name: 'grouped',
      regex: re(String.raw`${NUMBER_START}\d{4}([ \-])(?:\d{4}\1\d{4}(?:\1\d{3,4})?(?:\1\d{3})?|\d{6}\1\d{4,5})${NUMBER_END}`),
      score: 0.4,
      validScore: 1,
      requires: digitRuns(4),
    },
    { name: 'plain', find: wholeDigitRun(12, 19), score: 0.2, validScore: 0.9 },
  ],
  context: [
    'card',
    'credit',
    'debit',
    'visa',
    'mastercard',
    'maestro',
    'amex',
    'american express',
    'discover',
    'jcb',
    'diners',
    'unionpay',
    'cc',
    'pan',
    'payment',
    'pay with',
    'charge',
    'karte',
    'kreditkarte',
    'carte',
    'tarjeta',
    'carta',
    'cartão',
    'kaart',
    'kort',
    'karta',
    'kártya',
    'kortti',
  ],
  negativeContext: ['order', 'tracking', 'invoice', 'timestamp', 'epoch', 'isbn', 'serial', 'imei'],
  validate: (value) => isCardNumber(value),
});

/** IBAN length per country (ISO 13616 registry). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

export const iban = defineRecogniser({
  name: 'iban',
  entity: 'IBAN_CODE',
  // The country code stands right before the check digits and the rest spans at most 39 characters after them.
  nearDigits: true,
  patterns: [
    {
      name: 'iban',
      regex: re(String.raw`(?<![\p{L}\p{N}_])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,3})?(?![\p{L}\p{N}_])`),
      score: 0.3,
      validScore: 1,
      shrink: true,
    },
  ],
  context: ['iban', 'bank', 'account', 'transfer', 'sepa', 'wire', 'konto', 'compte', 'cuenta', 'conto'],
  normalise: (raw) => stripSeparators(raw).toUpperCase(),
  validate: (value) => IBAN_LENGTHS[value.slice(0, 2)] === value.length && ibanMod97(value),
});
