/**
 * Check-digit algorithms used by the PII validators. Each takes the identifier already stripped of
 * separators and answers whether its check digit(s) are consistent.
 */

const DIGITS = /^\d+$/;

function digitAt(value: string, index: number): number {
  return value.charCodeAt(index) - 48;
}

/** Luhn (ISO/IEC 7812), used by payment cards. */
export function luhn(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digitAt(digits, i);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Remainder of a decimal string of any length modulo a small number. */
export function mod(decimal: string, modulus: number): number {
  let remainder = 0;
  for (let i = 0; i < decimal.length; i++) remainder = (remainder * 10 + digitAt(decimal, i)) % modulus;
  return remainder;
}

/** ISO 7064 MOD 97-10 as used by IBAN: move the first four characters to the end, letters → 10..35. */
export function ibanMod97(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let numeric = '';
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    if (code >= 48 && code <= 57) numeric += ch;
    else if (code >= 65 && code <= 90) numeric += String(code - 55);
    else return false;
  }
  return mod(numeric, 97) === 1;
}

const VERHOEFF_D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff dihedral check (Aadhaar). */
export function verhoeff(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digitAt(digits, digits.length - 1 - i);
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![d]!]!;
  }
  return c === 0;
}

/** Σ digit × weight over the leading digits (as many as there are weights). */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digitAt(digits, i) * weights[i]!;
  return sum;
}

/** ISO 7064 MOD 11,10 (German tax identification number). */
export function iso7064Mod11_10(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let product = 10;
  for (let i = 0; i < digits.length - 1; i++) {
    let sum = (digitAt(digits, i) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = (11 - product) % 10;
  return check === digitAt(digits, digits.length - 1);
}

/** Whether YYYYMMDD names a real calendar day. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

/** A string made of one repeated character, e.g. 000000000 — test values, never real identifiers. */
export function isRepeated(value: string): boolean {
  return value.length > 1 && value.split('').every((ch) => ch === value[0]);
}
